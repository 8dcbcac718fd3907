import type { FieldValues } from '@/lib/audit';
import type { companies } from '@/lib/db/schema';

type BillingColumns = Pick<typeof companies.$inferSelect, 'billingType' | 'type'>;

/**
 * A company edit's money fields with what they were and become, for its audit entry (recordEdit
 * keeps those it changed): switched to CONTRACT, a company publishes jobs with no card charge, and
 * the plan type sets what it pays, so the entry says which way, not only that they changed.
 */
export const billingValues = (current: BillingColumns, patch: Partial<BillingColumns>): FieldValues => ({
  billing_type: { from: current.billingType, to: patch.billingType },
  type: { from: current.type, to: patch.type },
});
