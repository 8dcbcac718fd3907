import { assertNotLimited, limiter } from '@/lib/rate-limit';
import { tooManyRequests } from '@/lib/errors';

/**
 * Failed sign-ins are counted so that guessing is slow but an owner is never locked out by a
 * stranger (OWASP authentication cheat sheet, account lockout):
 * - one address guessing one account: refused after PAIR_MAX failures for WINDOW;
 * - one address guessing many accounts: refused after ADDRESS_MAX failures;
 * - one account guessed from many addresses: slowed after EMAIL_SLOW_AFTER failures, and refused
 *   for unknown devices only after EMAIL_MAX failures in an hour;
 * - a device that signed in to the account before (known-device cookie) has its own counter and
 *   is never slowed or refused because of failures elsewhere.
 */
const WINDOW_SECONDS = 15 * 60;
const PAIR_MAX = 10;
const ADDRESS_MAX = 50;
const EMAIL_SLOW_AFTER = 20;
const EMAIL_MAX = 100;
const EMAIL_WINDOW_SECONDS = 60 * 60;
export const SLOWDOWN_MS = 1000;

export const LIMITED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.';
export const ACCOUNT_LIMITED =
  'Too many failed sign-in attempts for this account. Sign in from a device you used before, or reset your password.';

export type Attempt = { email: string; ip: string; knownDevice: boolean };

const limiters = () =>
  Promise.all([
    limiter('login-pair', PAIR_MAX, WINDOW_SECONDS),
    limiter('login-ip', ADDRESS_MAX, WINDOW_SECONDS),
    limiter('login-email', EMAIL_MAX, EMAIL_WINDOW_SECONDS),
  ]);

// A known device counts on its own key: the owner's typos never mix with a stranger's guesses.
const pairKey = (a: Attempt) => (a.knownDevice ? `known:${a.email}` : `${a.ip}|${a.email}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refuses (429) or slows down an attempt before any password work is done. */
export async function admitAttempt(a: Attempt) {
  const [pair, address, email] = await limiters();
  await assertNotLimited(pair, pairKey(a), LIMITED);
  if (a.knownDevice) return;
  await assertNotLimited(address, a.ip, LIMITED);
  const failures = await email.get(a.email);
  if (failures && failures.consumedPoints >= EMAIL_MAX) throw tooManyRequests(ACCOUNT_LIMITED, failures.msBeforeNext / 1000);
  if (failures && failures.consumedPoints >= EMAIL_SLOW_AFTER) await sleep(SLOWDOWN_MS);
}

export async function recordFailure(a: Attempt) {
  const [pair, address, email] = await limiters();
  await Promise.all([pair.penalty(pairKey(a), 1), ...(a.knownDevice ? [] : [address.penalty(a.ip, 1), email.penalty(a.email, 1)])]);
}

/** A right password clears this pair's count; the account-wide count stays (the guesser is still out there). */
export async function recordSuccess(a: Attempt) {
  const [pair] = await limiters();
  await pair.delete(pairKey(a));
}

/** After a password reset the account-wide count starts over (the owner has proved the mailbox). */
export async function forgetAccountFailures(email: string) {
  const [, , byEmail] = await limiters();
  await byEmail.delete(email.trim().toLowerCase());
}
