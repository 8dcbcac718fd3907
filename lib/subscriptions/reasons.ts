// No zod here: the cancel dialog in the browser reads these too.
import { cutWhole } from '@/lib/validation/text';

/** Cancellation reasons (accounts spec §9) and the codes the API stores. */
export const CANCELLATION_REASONS = [
  { code: 0, label: 'No longer want the service' },
  { code: 1, label: 'Unhappy with the coverage' },
  { code: 6, label: 'Other' },
] as const;
export type CancellationCode = (typeof CANCELLATION_REASONS)[number]['code'];
export const OTHER_REASON = 6;
export const REASON_MAX = 250;

/**
 * `text` cut to REASON_MAX UTF-16 units (as the field counts) on a whole character: an emoji across
 * the 250th unit is left out rather than halved. Half of one is no text PostgreSQL takes in the
 * audit entry's JSON, and the cancel answered 400 'Invalid value.' for a reason the dialog accepted.
 */
export const cutToReasonMax = (text: string) => cutWhole(text, REASON_MAX);

export const REASON_REQUIRED = 'Choose a reason.';
export const OTHER_TEXT_REQUIRED = 'Tell us the reason.';
