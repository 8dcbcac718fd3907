/**
 * The wizard's zod rules, loaded on first validation (`await import('./validation')`) so zod is not
 * part of the wizard pages' first-load JavaScript. Every rule and message is the API's own
 * (lib/jobs/schemas.ts); nothing is copied here.
 */
import type { DraftAddons, DraftAddress } from '@/lib/jobs/draft';
import { MESSAGES, addonSchema, addressSchema, createJobSchema } from '@/lib/jobs/schemas';
import { addressPayload } from './convert';

export { MESSAGES };

/** The content step's form: the creation payload without addresses, add-ons and staff fields. */
export const jobContentFormSchema = createJobSchema.in.omit({ addresses: true, addons: true, auto_renew: true, company_id: true });

/** The message for one address row, or null: the same rules the API applies (jobs spec §5). */
export function addressError(value: DraftAddress | null): string | null {
  if (!value) return MESSAGES.invalidAddress;
  const parsed = addressSchema.safeParse(addressPayload(value));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.invalidAddress);
}

/** The hyperlink add-on's URL message, or undefined when it is fine or the add-on is off. */
export function hyperlinkError(addons: DraftAddons): string | undefined {
  if (!addons.hyperlink) return undefined;
  const parsed = addonSchema.safeParse({ addon_type: 'hyperlink', subscribed: true, external_url: addons.externalUrl });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
