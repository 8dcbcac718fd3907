import { z } from 'zod';
import { pageOffsetNumber, plainNumber } from '@/lib/validation/numbers';
import '@/lib/validation/messages';

/*
 * The app's payment schemas: forms and handlers share them. By design (PCI SAQ A) none of them has
 * a card number or security code field; a test walks them to prove it. zod strips unknown keys, so
 * a card number sent anyway never reaches a service.
 */

const token = z.string().trim().min(8, 'Validation error.').max(200, 'Validation error.');
/** A row id: a positive 32-bit integer (a larger one names no row; said as a 422, not a database error). */
const id = plainNumber(z.coerce.number().int().positive().max(2_147_483_647, { error: 'No such record.' }));
/**
 * The total the payment screen showed, in cents: the charge is refused (409) when the order would
 * come to another amount (a co-worker changed the job meanwhile), so nobody pays what they did not
 * confirm. Optional for API clients that do not preview the order.
 */
const expectedTotal = plainNumber(z.coerce.number().int().min(0).max(100_000_000)).optional();

const holderName = z.string().trim().min(2, 'Validation fails.').max(100, 'Validation fails.');

/**
 * What the hosted fields showed of a new card (their `tna:card-token` answer), beside its token.
 * Used only when the gateway cannot describe its own token (Celero's Tokenizer tokens do not):
 * saving a card in Settings and paying with a card typed at checkout both send them.
 */
const hostedCardDetails = {
  card_type: z.string().trim().max(30).optional(),
  masked_number: z
    .string()
    .trim()
    .regex(/^[*\s\d]{4,25}$/, 'Validation error.')
    .refine((v) => (v.match(/\d/g) ?? []).length <= 4, 'Validation error.')
    .optional(),
  expiration_date: z.string().trim().regex(/^\d{2}\/\d{2}$/, 'Invalid expiration date.').optional(),
};

/** GET/POST /payment/company/billing: save the tokenized card (jobs spec §3 "Payment card"). */
export const saveCardSchema = z.object({ card_token: token, card_holder_name: holderName, ...hostedCardDetails });
export type SaveCardInput = z.infer<typeof saveCardSchema>;

/**
 * The card a charge call pays with: none (the saved card, or the contract), or a token from the
 * hosted fields with what they showed of it (the same fields as saving a card; the holder's name
 * is optional here, the gateway may know it).
 */
const payCardSchema = z.object({ card_token: token.optional(), card_holder_name: holderName.optional(), ...hostedCardDetails });
export type PayCardInput = z.infer<typeof payCardSchema>;
/** A new card to store: its token and whatever the hosted fields showed. */
export type NewCardInput = PayCardInput & { card_token: string };

/** spec §7 action types; 'new job' is how the spec writes it, new_job how we store it. */
export const ACTION_TYPES = ['new_job', 'addons', 'renewal'] as const;
const actionType = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, '_'))
  .pipe(z.enum(ACTION_TYPES, { message: 'Unknown action type.' }));

/** POST /payment/company/invoice/charge */
export const chargeSchema = z.object({
  secret_token: z.string().trim().min(8, 'The job post token is missing.').max(200),
  action_type: actionType.default('new_job'),
  ...payCardSchema.shape,
  /** Set by the wizard when the video upload failed: payment is refused (spec §4). */
  multimediaUploadFailed: z.boolean().optional(),
  multimedia_upload_failed: z.boolean().optional(),
  expected_total_cents: expectedTotal,
});
export type ChargeInput = z.infer<typeof chargeSchema>;

/** POST /payment/employer/job/addons and /payment/invoice/renewal */
export const jobChargeSchema = z.object({
  job_id: id,
  ...payCardSchema.shape,
  expected_total_cents: expectedTotal,
});
export type JobChargeInput = z.infer<typeof jobChargeSchema>;

/** POST /payment/employer/job/invoice */
export const invoiceJobSchema = z.object({ job_id: id, expected_total_cents: expectedTotal });

/** POST /payment/company/billing/payment-receipt */
export const receiptSchema = z.object({ invoiceId: id });

/** GET /payment/company/invoice (billing history; status=paid for the order history). */
export const invoiceListQuery = z.object({
  offset: pageOffsetNumber(),
  limit: plainNumber(z.coerce.number().int().min(1).max(100)).default(10),
  status: z.enum(['paid', 'all']).default('all'),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** Every schema above, for the test that proves no card field exists. */
export const PAYMENT_SCHEMAS = { saveCardSchema, chargeSchema, jobChargeSchema, invoiceJobSchema, receiptSchema, invoiceListQuery };
