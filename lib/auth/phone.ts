/** Phones are stored as +1 and ten digits; the API answers them with the leading +1 removed (spec §3). */
export function stripCountryCode(phone: string | null | undefined): string | null {
  if (!phone) return null;
  return phone.replace(/^\+1/, '');
}

/** '(555)123-4567', '15551234567' or '+1 555 123 4567' → '+15551234567'; null when not ten digits. */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? `+1${digits}` : null;
}

/** The form's mask (999)999-9999; a leading 1 on a longer number is dropped (spec §5). */
export function formatPhoneMask(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)})${digits.slice(3)}`;
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A stored phone as the screens show it, (512)555-0199; anything without digits ('n/a') as it is. */
export const phoneText = (phone: string | null | undefined) => (phone && /\d/.test(phone) ? formatPhoneMask(phone) : (phone ?? ''));
