import { z } from 'zod';
import { textError } from '@/lib/validation/messages';

import { CANCELLATION_REASONS, OTHER_REASON, OTHER_TEXT_REQUIRED, REASON_MAX, REASON_REQUIRED, cutToReasonMax, type CancellationCode } from './reasons';

export { CANCELLATION_REASONS, OTHER_REASON, OTHER_TEXT_REQUIRED, REASON_MAX, REASON_REQUIRED, type CancellationCode };

/** The 'Other' text: required, at most 250 characters; longer text is cut to 250 (accounts spec §5), on a whole character. */
export const otherReasonText = (text: string) => cutToReasonMax(text.trim());

/**
 * PATCH /payment/driver/subscriptions/{id}/cancel. `reason_code` picks one of the reasons;
 * `renewal_cancellation_reason` is the words kept with the subscription: the reason's label, or
 * the text typed for 'Other' (required then). A bare text without a code counts as 'Other'.
 */
export const cancelSubscriptionSchema = z
  .object({
    reason_code: z.union([z.literal(0), z.literal(1), z.literal(6)], { error: REASON_REQUIRED }).optional(),
    renewal_cancellation_reason: z.string({ error: textError(OTHER_TEXT_REQUIRED) }).max(10_000, 'Keep the reason under 250 characters.').optional(),
  })
  .transform((v, ctx) => {
    const code: CancellationCode | undefined = v.reason_code ?? (v.renewal_cancellation_reason !== undefined ? OTHER_REASON : undefined);
    if (code === undefined) {
      ctx.addIssue({ code: 'custom', message: REASON_REQUIRED, path: ['reason_code'] });
      return z.NEVER;
    }
    if (code !== OTHER_REASON) return { code, reason: CANCELLATION_REASONS.find((r) => r.code === code)!.label };
    const text = otherReasonText(v.renewal_cancellation_reason ?? '');
    if (!text) {
      ctx.addIssue({ code: 'custom', message: OTHER_TEXT_REQUIRED, path: ['renewal_cancellation_reason'] });
      return z.NEVER;
    }
    return { code, reason: text };
  });
export type CancelSubscriptionInput = z.output<typeof cancelSubscriptionSchema>;

/** POST /payment/driver/subscriptions/search: an optional name/email search in the body; pages in the query. */
export const driverSubscriptionSearchSchema = z.object({
  search: z.string().trim().max(120, 'Search with at most 120 characters.').default(''),
});
