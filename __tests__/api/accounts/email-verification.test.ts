import { eq } from 'drizzle-orm';
import { GET as verifyEmail } from '@/app/api/v1.0/auth/verify-email/route';
import { POST as sendVerification } from '@/app/api/v1.0/auth/verify-email/send/route';
import { POST as signupPost } from '@/app/api/v1.0/auth/signup/route';
import { PATCH as employerPatch } from '@/app/api/v1.0/employer/route';
import { POST as tokenPassword } from '@/app/api/v1.0/auth/token-password/route';
import { POST as verifyTokenPassword } from '@/app/api/v1.0/auth/verify-token-password/route';
import { POST as resetPasswordPost } from '@/app/api/v1.0/auth/reset-password/route';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { sendVerificationMail } from '@/lib/accounts/email-verification';
import { signPurposeToken } from '@/lib/auth/tokens';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { codeFor, lastMailTo, makeUser, signIn } from './helpers';

beforeAll(seed);

const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);
const follow = (link: URL) => call(verifyEmail, { url: link.toString() });

describe('email verification', () => {
  it('mails a signed link that verifies the email and redirects to the success page', async () => {
    const user = await makeUser({ verified: false });
    const { accessToken } = await signIn(user.email);
    const res = await call(sendVerification, { method: 'POST', token: accessToken });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ sent: true, message: 'We have sent you a verification link. It is valid for 24 hours.' });
    const mail = await lastMailTo(user.email, 'email_verification');
    expect(mail.subject).toMatch(/Verify your email/);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/api/v1.0/auth/verify-email');
    const visit = await follow(link);
    expect(visit.status).toBe(303);
    expect(new URL(visit.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/email/validation/success');
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    // Following it again still succeeds (mail scanners open links too).
    expect(new URL((await follow(link)).headers.get('location')!, 'http://localhost:3000').pathname).toBe('/email/validation/success');
  });

  it('applies a pending new address when its link is followed', async () => {
    const user = await makeUser();
    const db = await getDb();
    const next = `new-${user.email}`;
    await db.update(users).set({ emailToVerify: next }).where(eq(users.id, user.id));
    expect(await sendVerificationMail(db, user.id)).toBe(true);
    const mail = await lastMailTo(next, 'email_verification');
    await follow(linkIn(mail.text));
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.email).toBe(next);
    expect(row.emailToVerify).toBeNull();
  });

  it.each([
    ['no token', ''],
    ['a forged token', 'abc.def.ghi'],
  ])('redirects %s to the unsuccess page', async (_label, token) => {
    const res = await call(verifyEmail, { url: `http://localhost:3000/api/v1.0/auth/verify-email${token ? `?token=${token}` : ''}` });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/email/validation/unsuccess');
  });

  it('refuses an expired link and a link for an address the account no longer has', async () => {
    const user = await makeUser({ verified: false });
    const expired = await signPurposeToken('email-verification', { uid: user.id, email: user.email }, -10);
    expect(new URL((await call(verifyEmail, { query: { token: expired } })).headers.get('location')!, 'http://localhost:3000').pathname).toBe('/email/validation/unsuccess');
    const stale = await signPurposeToken('email-verification', { uid: user.id, email: 'old@example.test' }, 600);
    expect(new URL((await call(verifyEmail, { query: { token: stale } })).headers.get('location')!, 'http://localhost:3000').pathname).toBe('/email/validation/unsuccess');
  });

  it('says so when the email is already verified, rate-limits and needs a sign-in', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    const res = await call(sendVerification, { method: 'POST', token: accessToken });
    expect(res.json.data).toEqual({ sent: false, message: 'Your email is already verified.' });
    await call(sendVerification, { method: 'POST', token: accessToken });
    await call(sendVerification, { method: 'POST', token: accessToken });
    expect((await call(sendVerification, { method: 'POST', token: accessToken })).status).toBe(429);
    expect((await call(sendVerification, { method: 'POST' })).status).toBe(401);
  });

  it("the owner's password reset ends a pending email change: the link a claimant kept no longer moves the account", async () => {
    // A claimant signs up with the owner's address and parks their own as a pending change.
    const stamp = Date.now().toString(36);
    const owner = `owner${stamp}@example.test`;
    const claimant = `claimant${stamp}@example.test`;
    const headers = { 'x-forwarded-for': '172.31.9.1' };
    const created = await call(signupPost, {
      body: { email: owner, password: 'Claim1234!', first_name: 'Mal', last_name: 'Lory', phone: '(214)555-0123', role: 'employer' },
      headers,
    });
    expect(created.status).toBe(201);
    const { accessToken } = await signIn(owner, 'Claim1234!');
    expect((await call(employerPatch, { method: 'PATCH', token: accessToken, body: { email: claimant } })).status).toBe(200);
    const kept = linkIn((await lastMailTo(claimant, 'email_verification')).text);

    // The mailbox's owner takes the account back with forgot password.
    expect((await call(tokenPassword, { body: { email: owner }, headers })).status).toBe(200);
    const verified = await call(verifyTokenPassword, { body: { email: owner, code: await codeFor(owner) }, headers });
    expect((await call(resetPasswordPost, { body: { token: verified.json.data.token, password: 'Owner5678#' }, headers })).status).toBe(200);
    // The pending change and its mail are gone.
    const db = await getDb();
    const [afterReset] = await db.select().from(users).where(eq(users.id, created.json.data.id));
    expect(afterReset.emailToVerify).toBeNull();
    expect(await lastMailTo(claimant, 'email_verification')).toBeUndefined();

    // The kept link fails, and the account stays at the owner's address.
    expect(new URL((await follow(kept)).headers.get('location')!, 'http://localhost:3000').pathname).toBe('/email/validation/unsuccess');
    const [afterLink] = await db.select().from(users).where(eq(users.id, created.json.data.id));
    expect(afterLink.email).toBe(owner);
    expect((await signIn(owner, 'Owner5678#')).email).toBe(owner);
  });
});
