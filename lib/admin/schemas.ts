import { z } from 'zod';
import { pageOffsetNumber, plainNumber } from '@/lib/validation/numbers';
import { textError } from '@/lib/validation/messages';
import { emailRule, nameRule, passwordRule, phoneRule } from '@/lib/accounts/schemas';
import { BILLING_TYPES, companyNameRule } from '@/lib/companies/schemas';

/**
 * One zod schema per admin operation (jobs spec §7 "Companies" and "Admin", accounts spec §7).
 * The grid's filters and orders are `{field, operator, value}` and `{field, direction}` lists.
 */

/** The grid's operators (accounts spec §9): contains, does not contain, equals, not equals. */
export const FILTER_OPERATORS = ['ilike', 'not_ilike', 'equals', 'not_equals'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const limitRule = (max: number, fallback: number) =>
  plainNumber(
    z.coerce
      .number({ error: `Limit must be a number from 1 to ${max}.` })
      .int(`Limit must be a number from 1 to ${max}.`)
      .min(1, `Limit must be a number from 1 to ${max}.`)
      .max(max, `Limit must be a number from 1 to ${max}.`)
      .default(fallback),
  );

const offsetRule = pageOffsetNumber();

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false.' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Query of every admin search: offset 0, limit 50 (jobs spec §9), optional statistics. */
export const pageQuerySchema = z.object({ offset: offsetRule, limit: limitRule(100, 50), statistics: booleanFlag });
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const COMPANY_FILTER_FIELDS = ['company_name', 'type', 'billing_type', 'created_at'] as const;
export const COMPANY_ORDER_FIELDS = ['company_name', 'created_at', 'type', 'billing_type'] as const;

const filterValue = z.union([z.string().trim().max(120, 'Filter values have at most 120 characters.'), z.number().finite()]);

function searchBody<F extends readonly [string, ...string[]], O extends readonly [string, ...string[]]>(filterFields: F, orderFields: O, defaultOrder: z.input<z.ZodObject>[]) {
  return z.object({
    filters: z
      .array(
        z.object({
          field: z.enum(filterFields, { error: `Filter by one of: ${filterFields.join(', ')}.` }),
          operator: z.enum(FILTER_OPERATORS, { error: 'Use one of the operators ilike, not_ilike, equals, not_equals.' }).default('ilike'),
          value: filterValue.default(''),
        }),
        { error: 'Filters must be a list.' },
      )
      .max(10, 'Use at most 10 filters.')
      .default([]),
    orders: z
      .array(
        z.object({
          field: z.enum(orderFields, { error: `Sort by one of: ${orderFields.join(', ')}.` }),
          direction: z.enum(['asc', 'desc', 'ASC', 'DESC'], { error: 'Sort asc or desc.' }).transform((d) => d.toLowerCase() as 'asc' | 'desc').default('asc'),
        }),
        { error: 'Orders must be a list.' },
      )
      .max(4, 'Sort by at most 4 fields.')
      .default(defaultOrder as never),
  });
}

/** POST /companies/search; default order created_at descending. */
export const companySearchBodySchema = searchBody(COMPANY_FILTER_FIELDS, COMPANY_ORDER_FIELDS, [{ field: 'created_at', direction: 'desc' }]);
export type CompanySearchBody = z.infer<typeof companySearchBodySchema>;

export const ADMIN_FILTER_FIELDS = ['email', 'first_name', 'last_name', 'full_name', 'created_at'] as const;
/** POST /admin/get-admins; default order created_at ascending (accounts spec §7). */
export const adminSearchBodySchema = searchBody(ADMIN_FILTER_FIELDS, ['created_at', 'email', 'first_name', 'last_name'] as const, [{ field: 'created_at', direction: 'asc' }]);
export type AdminSearchBody = z.infer<typeof adminSearchBodySchema>;

const adminCompanyFields = {
  company_name: companyNameRule,
  /** The billing email. */
  email: emailRule,
  billing_type: z.enum(BILLING_TYPES, { error: 'Choose Credit Card or Invoice.' }),
  type: z.union([z.literal(1), z.literal(2)], { error: 'Choose Enterprise or Self-Service.' }),
  street1: z.string().trim().max(200, 'Keep the street under 200 characters.'),
  phone: phoneRule,
};

/** POST /admin/companies (jobs spec §3 "Company create/update payload"); Self-Service by card unless chosen. */
export const adminCompanySchema = z.object({
  ...adminCompanyFields,
  billing_type: adminCompanyFields.billing_type.default('CELERO'),
  type: adminCompanyFields.type.default(2),
  street1: adminCompanyFields.street1.default(''),
  phone: adminCompanyFields.phone.optional(),
});
export type AdminCompanyInput = z.infer<typeof adminCompanySchema>;

/** PATCH /admin/companies/{id}: any of the same fields, no defaults (a field left out stays as it is). */
export const adminCompanyPatchSchema = z
  .object(adminCompanyFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update.');
export type AdminCompanyPatch = z.infer<typeof adminCompanyPatchSchema>;

/** Admin create (accounts spec §3 "Admin user management state": the sign-up rules). */
export const createAdminSchema = z.object({
  first_name: nameRule,
  last_name: nameRule,
  email: emailRule,
  password: passwordRule,
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** PATCH /admin/employers/change-password: an admin sets a company user's password. */
export const adminChangePasswordSchema = z.object({
  employer_id: plainNumber(z.coerce.number({ error: 'Choose the user.' }).int('Choose the user.').positive('Choose the user.').max(2_147_483_647, 'Choose the user.')),
  password: passwordRule,
});
export type AdminChangePasswordInput = z.infer<typeof adminChangePasswordSchema>;

/** PATCH /admin/employer/{id}: an admin corrects a company user's details. */
export const adminEmployerPatchSchema = z
  .object({ first_name: nameRule, last_name: nameRule, phone: phoneRule, email: emailRule })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update.');
export type AdminEmployerPatch = z.infer<typeof adminEmployerPatchSchema>;

export const CONTACT_SUBJECT_REQUIRED = 'Enter a subject.';
export const CONTACT_MESSAGE_REQUIRED = 'Enter a message.';

/** POST /admin/contact_review_job. */
export const contactReviewJobSchema = z.object({
  job_id: plainNumber(z.coerce.number({ error: 'Choose the job.' }).int('Choose the job.').positive('Choose the job.').max(2_147_483_647, 'Choose the job.')),
  subject: z.string({ error: textError(CONTACT_SUBJECT_REQUIRED) }).trim().min(1, CONTACT_SUBJECT_REQUIRED).max(200, 'Keep the subject under 200 characters.'),
  message: z.string({ error: textError(CONTACT_MESSAGE_REQUIRED) }).trim().min(1, CONTACT_MESSAGE_REQUIRED).max(5000, 'Keep the message under 5000 characters.'),
});
export type ContactReviewJobInput = z.infer<typeof contactReviewJobSchema>;
