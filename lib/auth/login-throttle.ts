import { limiter, takePoint } from '@/lib/rate-limit';
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

/**
 * Refuses (429) or slows down an attempt before any password work is done. The attempt is counted
 * as a failure here, before the password is checked, and recordSuccess gives the point back: a
 * check-then-count would let a burst of parallel guesses all pass the check before any of them was
 * counted (30 at once got 30 tries where the limit is 10).
 */
export async function admitAttempt(a: Attempt) {
  const [pair, address, email] = await limiters();
  const byPair = await takePoint(pair, pairKey(a));
  if (!byPair.ok) throw tooManyRequests(LIMITED, byPair.res.msBeforeNext / 1000);
  if (a.knownDevice) return;
  const byAddress = await takePoint(address, a.ip);
  if (!byAddress.ok) {
    await pair.reward(pairKey(a), 1);
    throw tooManyRequests(LIMITED, byAddress.res.msBeforeNext / 1000);
  }
  const byEmail = await takePoint(email, a.email);
  if (!byEmail.ok) {
    await Promise.all([pair.reward(pairKey(a), 1), address.reward(a.ip, 1)]);
    throw tooManyRequests(ACCOUNT_LIMITED, byEmail.res.msBeforeNext / 1000);
  }
  // Its own point included: slowed once EMAIL_SLOW_AFTER failures came before it.
  if (byEmail.res.consumedPoints > EMAIL_SLOW_AFTER) await sleep(SLOWDOWN_MS);
}

/**
 * A right password: the attempt was counted as a failure on admission, so its points go back, and
 * this pair's count is cleared; the account-wide count of real failures stays (the guesser is
 * still out there).
 */
export async function recordSuccess(a: Attempt) {
  const [pair, address, email] = await limiters();
  await Promise.all([pair.delete(pairKey(a)), ...(a.knownDevice ? [] : [address.reward(a.ip, 1), email.reward(a.email, 1)])]);
}

/** After a password reset the account-wide count starts over (the owner has proved the mailbox). */
export async function forgetAccountFailures(email: string) {
  const [, , byEmail] = await limiters();
  await byEmail.delete(email.trim().toLowerCase());
}
