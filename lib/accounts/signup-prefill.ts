import { formatPhoneMask } from '@/lib/auth/phone';
import type { SignupRole } from './schemas';

/**
 * Landing-page prefill for /signup (accounts spec §2). The landing page links here with
 * firstName, lastName, email and phone in the query, or with the "reversed" form: param1 carries
 * the email and param2 the phone, each written backwards and optionally base64url-encoded, so
 * neither shows in plain text in ad links and server logs. A from-landing flag (fromLanding,
 * from_landing or landing = true/1) prefills confirm email too and reveals every field at once.
 */
export type SignupPrefill = {
  email: string;
  confirmEmail: string;
  firstName: string;
  lastName: string;
  phone: string;
  fromLanding: boolean;
  /** `role=driver` (or member): the drivers' sign-up (a driver's invitation); otherwise an employer's. */
  role?: SignupRole;
  /** Where a driver goes after signing up (a job they wanted to apply to); set by the page, a safe same-site path. */
  callbackUrl?: string | null;
};

/** The query value of the drivers' sign-up: /signup?role=driver. */
export const DRIVER_SIGNUP_ROLE = 'driver';

type Query = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? '').trim();
const reverse = (s: string) => Array.from(s).reverse().join('');

/** A param1/param2 value: base64url of the reversed text, or the reversed text itself. */
export function unreverse(value: string): string {
  if (!value) return '';
  if (/^[A-Za-z0-9_-]+={0,2}$/.test(value) && value.length % 4 !== 1) {
    const decoded = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    // Only a clean printable decoding counts; anything else was plain reversed text.
    if (decoded && /^[\x20-\x7e]+$/.test(decoded) && /[@\d]/.test(decoded)) return reverse(decoded);
  }
  return reverse(value);
}

/** The reversed form of a value, as a landing page would write it (used by tests and docs). */
export function reverseParam(value: string, base64 = false): string {
  const r = reverse(value);
  return base64 ? Buffer.from(r, 'utf8').toString('base64url') : r;
}

const TRUE = new Set(['1', 'true', 'yes']);

export function readSignupPrefill(q: Query): SignupPrefill {
  let email = one(q.email);
  let phone = one(q.phone);
  const p1 = unreverse(one(q.param1));
  const p2 = unreverse(one(q.param2));
  // Whichever decoded value holds an @ is the email, in case a landing page swapped them.
  const [e, p] = p2.includes('@') && !p1.includes('@') ? [p2, p1] : [p1, p2];
  if (!email && e.includes('@')) email = e;
  if (!phone && p) phone = p;
  const fromLanding = ['fromLanding', 'from_landing', 'landing'].some((k) => TRUE.has(one(q[k]).toLowerCase()));
  const cleanPhone = /^[\d\s()+.-]+$/.test(phone) ? formatPhoneMask(phone) : '';
  const clip = (s: string, n: number) => s.slice(0, n);
  return {
    email: clip(email, 64),
    confirmEmail: fromLanding ? clip(email, 64) : '',
    firstName: clip(one(q.firstName), 100),
    lastName: clip(one(q.lastName), 100),
    phone: cleanPhone,
    fromLanding,
    role: [DRIVER_SIGNUP_ROLE, 'member'].includes(one(q.role).toLowerCase()) ? 'member' : 'employer',
  };
}
