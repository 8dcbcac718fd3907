/**
 * Card rules of the hosted fields (spec §5). Pure functions: the sandbox gateway's tokenize call
 * and the hosted-fields page both use them. The app's own handlers never see a card number.
 */

export const CARD_MESSAGES = {
  number: 'Invalid credit card number.',
  expiry: 'Invalid expiration date.',
  securityCode: 'Invalid security number.',
  failed: 'Validation fails.',
  unknown: 'Unknown error.',
  validation: 'Validation error.',
} as const;

export type CardType = 'Visa' | 'Mastercard' | 'Amex' | 'Discover';

/** What a sandbox test card does when charged. */
export type CardBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'fail_first';

/** The sandbox's test cards (docs/payments.md lists them). Any other valid card approves. */
export const TEST_CARDS: { number: string; behaviour: CardBehaviour; label: string }[] = [
  { number: '4111111111111111', behaviour: 'approve', label: 'Approves' },
  { number: '4000000000000002', behaviour: 'decline', label: 'Declines' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', label: 'Declines: insufficient funds' },
  { number: '4000000000000119', behaviour: 'fail_first', label: 'Processing error on the first attempt, approves the retry' },
];

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BRANDS: { type: CardType; test: (n: string) => boolean; lengths: number[] }[] = [
  { type: 'Amex', test: (n) => /^3[47]/.test(n), lengths: [15] },
  { type: 'Visa', test: (n) => /^4/.test(n), lengths: [13, 16, 19] },
  {
    type: 'Mastercard',
    test: (n) => /^5[1-5]/.test(n) || (Number(n.slice(0, 4)) >= 2221 && Number(n.slice(0, 4)) <= 2720),
    lengths: [16],
  },
  {
    type: 'Discover',
    test: (n) => /^(6011|65|64[4-9])/.test(n) || (Number(n.slice(0, 6)) >= 622126 && Number(n.slice(0, 6)) <= 622925),
    lengths: [16, 17, 18, 19],
  },
];

/** The brand from the number's prefix (also used to format as the user types). */
export function cardTypeOf(number: string): CardType | null {
  const n = digitsOnly(number);
  return BRANDS.find((b) => b.test(n))?.type ?? null;
}

export function validCardNumber(number: string): boolean {
  const n = digitsOnly(number);
  const brand = BRANDS.find((b) => b.test(n));
  return !!brand && brand.lengths.includes(n.length) && luhnValid(n);
}

/** MM/YY (or MM/YYYY) valid through the last day of that month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function validExpiry(value: string, now = new Date()): boolean {
  const e = parseExpiry(value);
  if (!e) return false;
  const endOfMonth = Date.UTC(e.year, e.month, 1); // first instant of the next month
  return endOfMonth > now.getTime() && e.year <= now.getUTCFullYear() + 20;
}

export function formatExpiry(value: string): string {
  const e = parseExpiry(value)!;
  return `${String(e.month).padStart(2, '0')}/${String(e.year % 100).padStart(2, '0')}`;
}

export function validSecurityCode(code: string, type: CardType | null): boolean {
  return type === 'Amex' ? /^\d{4}$/.test(code) : /^\d{3}$/.test(code);
}

export type CardInput = { card_number: string; expiration_date: string; cvv: string; card_holder_name: string };
export type CardError = { field: keyof CardInput; message: string };

/** Every broken rule with the spec's message, in field order. */
export function validateCard(input: CardInput, now = new Date()): CardError[] {
  const errors: CardError[] = [];
  const type = cardTypeOf(input.card_number);
  if (!validCardNumber(input.card_number)) errors.push({ field: 'card_number', message: CARD_MESSAGES.number });
  if (!validExpiry(input.expiration_date, now)) errors.push({ field: 'expiration_date', message: CARD_MESSAGES.expiry });
  if (!validSecurityCode(input.cvv.trim(), type)) errors.push({ field: 'cvv', message: CARD_MESSAGES.securityCode });
  const name = input.card_holder_name.trim();
  if (name.length < 2 || name.length > 100) errors.push({ field: 'card_holder_name', message: CARD_MESSAGES.failed });
  return errors;
}

export function maskCardNumber(number: string): string {
  const n = digitsOnly(number);
  return `**** **** **** ${n.slice(-4)}`;
}

export function behaviourOf(number: string): CardBehaviour {
  const n = digitsOnly(number);
  return TEST_CARDS.find((c) => c.number === n)?.behaviour ?? 'approve';
}

/** Groups digits as the card prints them: 4-6-5 for Amex, 4-4-4-4 for the rest. */
export function formatCardNumber(value: string): string {
  const n = digitsOnly(value).replace(/\D/g, '').slice(0, 19);
  if (cardTypeOf(n) === 'Amex') return [n.slice(0, 4), n.slice(4, 10), n.slice(10, 15)].filter(Boolean).join(' ');
  return n.replace(/(\d{4})(?=\d)/g, '$1 ');
}
