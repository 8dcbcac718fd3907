// No zod here: the cancel dialog in the browser reads these too.

/** Cancellation reasons (accounts spec §9) and the codes the API stores. */
export const CANCELLATION_REASONS = [
  { code: 0, label: 'No longer want the service' },
  { code: 1, label: 'Unhappy with the coverage' },
  { code: 6, label: 'Other' },
] as const;
export type CancellationCode = (typeof CANCELLATION_REASONS)[number]['code'];
export const OTHER_REASON = 6;
export const REASON_MAX = 250;

export const REASON_REQUIRED = 'Choose a reason.';
export const OTHER_TEXT_REQUIRED = 'Tell us the reason.';
