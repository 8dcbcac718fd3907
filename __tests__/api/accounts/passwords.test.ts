import { eq } from 'drizzle-orm';
import { POST as tokenPassword } from '@/app/api/v1.0/auth/token-password/route';
import { POST as verifyTokenPassword } from '@/app/api/v1.0/auth/verify-token-password/route';
import { POST as resetPasswordPost } from '@/app/api/v1.0/auth/reset-password/route';
import { POST as changePasswordPost } from '@/app/api/v1.0/auth/change-password/route';
import { POST as refreshPost } from '@/app/api/v1.0/auth/refresh/route';
import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { getDb } from '@/lib/db/client';
import { emailOutbox, oneTimeCodes } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { PASSWORD, codeFor, makeUser, signIn } from './helpers';
import { CODE_FAILURES_PER_DAY, CODE_MAX_TRIES, RESET_REQUEST_FLOOR_MS } from '@/lib/accounts/password';
import { limiter } from '@/lib/rate-limit';

beforeAll(seed);

const ip = (n: number) => ({ 'x-forwarded-for': `172.16.0.${n}` });
const forgot = (email: string, n = 1) => call(tokenPassword, { body: { email }, headers: ip(n) });
const verify = (email: string, code: string, n = 1) => call(verifyTokenPassword, { body: { email, code }, headers: ip(n) });
const reset = (token: string, password: string) => call(resetPasswordPost, { body: { token, password } });
const NEW = 'Fresh5678#';
const INVALID = 'This code is not valid or has expired. Check the latest email we sent you, or request a new code.';

describe('POST /auth/token-password', () => {
  it('answers the same 200 body for an existing and an unknown email, and mails a code only to the real one', async () => {
    const user = await makeUser();
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(known.json.data.message).toMatch(/If an account exists for this email/);
    expect(await codeFor(user.email)).toMatch(/^\d{6}$/);
    const db = await getDb();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'nobody-here@example.test'))).toHaveLength(0);
  });

  it('takes as long for an unknown email as for an account (no timing tells which exist)', async () => {
    const user = await makeUser();
    const timed = async (email: string, n: number) => {
      const t = performance.now();
      expect((await forgot(email, n)).status).toBe(200);
      return performance.now() - t;
    };
    for (const took of [await timed(user.email, 50), await timed('nobody-here@example.test', 51)]) expect(took).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS - 1);
  });

  it('stores the code hashed, never in clear', async () => {
    const user = await makeUser();
    await forgot(user.email);
    const code = await codeFor(user.email);
    const db = await getDb();
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(row.codeHash).not.toContain(code!);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{}, 'No email provided'],
    [{ email: '' }, 'No email provided'],
    [{ email: 'not-an-email' }, 'Needs to be a valid email.'],
  ])('validates %j with %s', async (body, message) => {
    const res = await call(tokenPassword, { body });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message, field: 'email' }]);
  });

  it('rate-limits requests for one email, known or not, with the same 429', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('limit-me@example.test', 10 + i)).status).toBe(200);
    const sixth = await forgot('limit-me@example.test', 30);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBeTruthy();
    // The wait the message names is the one the limit keeps (an hour here, not "a few minutes").
    expect(sixth.json.errors[0].message).toBe('Too many attempts. Please try again in 1 hour.');
  });
});

describe('POST /auth/verify-token-password and /auth/reset-password', () => {
  it('exchanges the code for a token, resets the password, revokes every session and refuses the old password', async () => {
    const user = await makeUser();
    const session = await signIn(user.email);
    await forgot(user.email);
    const ok = await verify(user.email, (await codeFor(user.email))!);
    expect(ok.status).toBe(200);
    expect(typeof ok.json.data.token).toBe('string');
    const done = await reset(ok.json.data.token, NEW);
    expect(done.status).toBe(200);
    expect(done.json.data.message).toBe('Your password has been reset. Sign in with your new password.');
    expect((await call(refreshPost, { token: session.refreshToken })).status).toBe(401);
    expect((await call(loginPost, { body: { email: user.email, password: PASSWORD }, headers: ip(40) })).status).toBe(401);
    expect((await call(loginPost, { body: { email: user.email, password: NEW }, headers: ip(41) })).status).toBe(200);
    // The token served once: the password changed, so it no longer matches.
    const again = await reset(ok.json.data.token, 'Another9$x');
    expect(again.status).toBe(422);
    expect(again.json.errors[0].message).toBe('Your reset session has expired. Please request a new code.');
  });

  it('sets the password once when the same token is sent twice at the same moment', async () => {
    const user = await makeUser();
    await forgot(user.email, 7);
    const { token } = (await verify(user.email, (await codeFor(user.email))!, 7)).json.data;
    const answers = await Promise.all([reset(token, 'First5678#'), reset(token, 'Second5678#')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const winner = answers[0].status === 200 ? 'First5678#' : 'Second5678#';
    const loser = winner === 'First5678#' ? 'Second5678#' : 'First5678#';
    expect((await call(loginPost, { body: { email: user.email, password: winner }, headers: ip(42) })).status).toBe(200);
    expect((await call(loginPost, { body: { email: user.email, password: loser }, headers: ip(43) })).status).toBe(401);
  });

  it('refuses a reused code', async () => {
    const user = await makeUser();
    await forgot(user.email);
    const code = (await codeFor(user.email))!;
    expect((await verify(user.email, code)).status).toBe(200);
    const reused = await verify(user.email, code);
    expect(reused.status).toBe(422);
    expect(reused.json.errors).toEqual([{ message: INVALID, field: 'code' }]);
  });

  it('kills the code after five wrong tries: the sixth try fails even with the right code', async () => {
    const user = await makeUser();
    await forgot(user.email);
    const code = (await codeFor(user.email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(user.email, wrong);
      expect(res.status).toBe(422);
      expect(res.json.errors[0].message).toBe(INVALID);
    }
    expect((await verify(user.email, code)).status).toBe(422);
  });

  it(`gives each code one try only after ${CODE_FAILURES_PER_DAY} wrong codes in a day: guessing slows to a fifth, and the owner's first try still goes through`, async () => {
    const user = await makeUser();
    const db = await getDb();
    let n = 100;
    const freshCode = async () => {
      await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
      // Five codes an hour may be asked for: this counts wrong codes, not requests.
      await (await limiter('reset-request-email', 5, 3600)).delete(user.email);
      await forgot(user.email, n);
      return (await codeFor(user.email))!;
    };
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    for (let round = 0; round < CODE_FAILURES_PER_DAY / CODE_MAX_TRIES; round++) {
      const wrong = wrongFor(await freshCode());
      for (let i = 0; i < CODE_MAX_TRIES; i++) expect((await verify(user.email, wrong, n++)).status).toBe(422);
    }
    // Past the cap: one wrong try kills a code, even the right one after it.
    const code = await freshCode();
    expect((await verify(user.email, wrongFor(code), n++)).status).toBe(422);
    expect((await verify(user.email, code, n++)).status).toBe(422);
    // The owner typing a fresh code right the first time gets in (the day's cap blocks no one).
    const right = await verify(user.email, await freshCode(), n++);
    expect(right.status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await makeUser();
    await forgot(user.email);
    const code = (await codeFor(user.email))!;
    const db = await getDb();
    await db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.userId, user.id));
    expect((await verify(user.email, code)).json.errors[0].message).toBe(INVALID);
  });

  it('invalidates the previous code when a new one is requested', async () => {
    const user = await makeUser();
    await forgot(user.email);
    const first = (await codeFor(user.email))!;
    await forgot(user.email, 2);
    const second = (await codeFor(user.email))!;
    if (first !== second) expect((await verify(user.email, first)).status).toBe(422);
    expect((await verify(user.email, second)).status).toBe(200);
  });

  it('answers the same failure for an unknown email', async () => {
    const res = await verify('nobody-here@example.test', '123456');
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message: INVALID, field: 'code' }]);
  });

  it('validates the code format', async () => {
    const res = await verify('someone@example.test', '12ab');
    expect(res.json.errors).toEqual([{ message: 'Enter the 6-digit code from the email.', field: 'code' }]);
  });

  it('refuses a forged token', async () => {
    const res = await reset('not-a-token', NEW);
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toEqual({ message: 'Your reset session has expired. Please request a new code.', field: 'token' });
  });

  // A blank or missing token is the same dead end as a forged one: the same words, not a second story.
  it.each([[''], [undefined]])('says the same for a token of %p', async (token) => {
    const res = await reset(token as string, NEW);
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toEqual({ message: 'Your reset session has expired. Please request a new code.', field: 'token' });
  });

  it.each([
    ['', 'No password provided.'],
    ['Ab1!', 'Password is too short - It should be at least 8 characters.'],
    ['Ab1!' + 'x'.repeat(61), 'Password is too long - should be up to 64 chars.'],
    ['alllowercase1!', 'At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.'],
    ['NoDigits!!', 'At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.'],
    ['NoSymbol123', 'At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.'],
  ])('applies the sign-up password rules to %j', async (password, message) => {
    const res = await reset('whatever', password);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message, field: 'password' }]);
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password, keeps the current session and ends the others', async () => {
    const user = await makeUser();
    const current = await signIn(user.email);
    const other = await signIn(user.email);
    const res = await call(changePasswordPost, { token: current.accessToken, body: { old_password: PASSWORD, password: NEW } });
    expect(res.status).toBe(200);
    expect(res.json.data.message).toBe('Your password has been changed.');
    expect((await call(refreshPost, { token: other.refreshToken })).status).toBe(401);
    expect((await call(refreshPost, { token: current.refreshToken })).status).toBe(200);
    expect((await call(loginPost, { body: { email: user.email, password: NEW }, headers: ip(50) })).status).toBe(200);
  });

  it('ends the reset codes mailed before it: a code noted earlier no longer resets the new password', async () => {
    const user = await makeUser();
    // Someone who could read the mailbox for a moment asks for a code and notes it.
    await forgot(user.email, 60);
    const noted = (await codeFor(user.email))!;
    // The owner sees the unexpected mail and changes the password at once.
    const { accessToken } = await signIn(user.email);
    expect((await call(changePasswordPost, { token: accessToken, body: { old_password: PASSWORD, password: NEW } })).status).toBe(200);
    const res = await verify(user.email, noted, 60);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message: INVALID, field: 'code' }]);
    expect((await call(loginPost, { body: { email: user.email, password: NEW }, headers: ip(61) })).status).toBe(200);
    // A code asked for after the change works as usual.
    await forgot(user.email, 62);
    expect((await verify(user.email, (await codeFor(user.email))!, 62)).status).toBe(200);
  });

  it('accepts the camelCase spelling', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    const res = await call(changePasswordPost, { token: accessToken, body: { oldPassword: PASSWORD, newPassword: NEW } });
    expect(res.status).toBe(200);
  });

  it('checks at most five guesses sent at the same moment', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    const answers = await Promise.all(Array.from({ length: 9 }, () => call(changePasswordPost, { token: accessToken, body: { oldPassword: 'Wrong1234!', password: NEW } })));
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
  });

  it('answers 422 with a clear message for a wrong current password, and 429 after five', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    for (let i = 0; i < 5; i++) {
      const res = await call(changePasswordPost, { token: accessToken, body: { oldPassword: 'Wrong1234!', password: NEW } });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([{ message: 'Your current password is incorrect.', field: 'oldPassword' }]);
    }
    const limited = await call(changePasswordPost, { token: accessToken, body: { oldPassword: PASSWORD, password: NEW } });
    expect(limited.status).toBe(429);
  });

  it('refuses reusing the current password and applies the password rules', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    const same = await call(changePasswordPost, { token: accessToken, body: { oldPassword: PASSWORD, password: PASSWORD } });
    expect(same.json.errors).toEqual([{ message: 'The new password must be different from your current password.', field: 'password' }]);
    const weak = await call(changePasswordPost, { token: accessToken, body: { oldPassword: '', password: 'short' } });
    expect(weak.status).toBe(422);
    expect(weak.json.errors).toEqual(
      expect.arrayContaining([
        { message: 'Enter your current password.', field: 'oldPassword' },
        { message: 'Password is too short - It should be at least 8 characters.', field: 'password' },
      ]),
    );
  });

  it('answers 401 without a token', async () => {
    expect((await call(changePasswordPost, { body: { oldPassword: PASSWORD, password: NEW } })).status).toBe(401);
  });
});
