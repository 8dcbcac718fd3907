/**
 * POST /auth/login/social against the loopback stand-ins: Google and Apple are real OpenID Connect
 * providers (oidc-provider) whose published keys the app fetches; Facebook's token inspection is
 * served in its real response shape. The verification code is the production code.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { POST as socialPost } from '@/app/api/v1.0/auth/login/social/route';
import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { POST as signupPost } from '@/app/api/v1.0/auth/signup/route';
import { POST as refreshPost } from '@/app/api/v1.0/auth/refresh/route';
import { GET as sessionsGet } from '@/app/api/v1.0/auth/sessions/route';
import { POST as tokenPassword } from '@/app/api/v1.0/auth/token-password/route';
import { POST as verifyTokenPassword } from '@/app/api/v1.0/auth/verify-token-password/route';
import { POST as resetPasswordPost } from '@/app/api/v1.0/auth/reset-password/route';
import { GET as verifyEmail } from '@/app/api/v1.0/auth/verify-email/route';
import { POST as sendVerification } from '@/app/api/v1.0/auth/verify-email/send/route';
import { DELETE as deleteMe, PATCH as patchMe } from '@/app/api/v1.0/members/me/route';
import { ROLES } from '@/lib/access';
import { sendVerificationMail } from '@/lib/accounts/email-verification';
import { getDb } from '@/lib/db/client';
import { auditLog, refreshTokens, socialIdentities, userRoles, users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { writeWhileRowChanges } from '../../helpers/row-locks';
import { seed } from '../../helpers/seed';
import { startStandIns } from '../../helpers/social-standins';
import { PASSWORD, codeFor, lastMailTo, makeUser, signIn } from '../accounts/helpers';

let standIns: Awaited<ReturnType<typeof startStandIns>>;

beforeAll(async () => {
  await seed();
  standIns = await startStandIns();
});
afterAll(() => standIns?.stop());

let n = 0;
const unique = (prefix = 'social') => `${prefix}${Date.now().toString(36)}${n++}@example.test`;
const sub = () => `sub-${Date.now().toString(36)}-${n++}`;
const social = (body: Record<string, unknown>) => call(socialPost, { body: { device_id: 'phone-1', ...body } });

async function identitiesOf(userId: number) {
  const db = await getDb();
  return db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
}

async function rolesOf(userId: number) {
  const db = await getDb();
  return (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
}

describe('POST /auth/login/social: Google and Apple ID tokens', () => {
  it('a new person becomes a driver, lands in /members, and the identity is bound by subject', async () => {
    const email = unique();
    const subject = sub();
    const res = await social({ source: 'google', token: await standIns.idToken('google', { sub: subject, email, name: 'Dana Road' }) });
    expect(res.status).toBe(200);
    const data = res.json.data;
    expect(data.accessToken).toEqual(expect.any(String));
    expect(data.refreshToken).toEqual(expect.any(String));
    expect(data.created).toBe(true);
    expect(new URL(data.redirect).pathname).toMatch(/^\/members/);
    expect(await rolesOf(data.id)).toEqual([ROLES.DRIVER]);
    const [user] = await (await getDb()).select().from(users).where(eq(users.id, data.id));
    expect(user).toMatchObject({ email, firstName: 'Dana', lastName: 'Road', passwordHash: null });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await identitiesOf(data.id)).toEqual([expect.objectContaining({ provider: 'google', subject, email })]);

    // The same subject signs in again, even after the provider's email changed.
    const again = await social({ source: 'google', token: await standIns.idToken('google', { sub: subject, email: unique('renamed') }) });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ id: data.id, created: false });
  });

  it("keeps where the sign-in came from (address, User-Agent) with the session, as a password sign-in does", async () => {
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const res = await call(socialPost, {
      body: { device_id: 'phone-1', source: 'google', token: await standIns.idToken('google', { sub: sub(), email: unique() }) },
      headers: { 'x-forwarded-for': '10.66.5.7', 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    const [row] = await (await getDb()).select().from(refreshTokens).where(eq(refreshTokens.userId, res.json.data.id));
    expect(row).toMatchObject({ ip: '10.66.5.7', userAgent });
    const listed = await call(sessionsGet, { token: res.json.data.accessToken });
    expect(listed.json.data).toEqual([expect.objectContaining({ device: 'Safari on iPhone', current: true })]);
  });

  it('accepts a token addressed to one of the mobile apps (GOOGLE_CLIENT_IDS, APPLE_CLIENT_IDS)', async () => {
    const google = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: unique(), aud: 'tna-google-ios' }) });
    expect(google.status).toBe(200);
    const apple = await social({ source: 'apple', token: await standIns.idToken('apple', { sub: sub(), email: unique(), aud: 'com.example.tna' }) });
    expect(apple.status).toBe(200);
  });

  it("signs in to an existing account without a password when the provider verified the email (Apple's string 'true'), binding the identity; an employer stays an employer", async () => {
    const employer = await makeUser({ role: ROLES.EMPLOYER });
    // A social-only account: nobody holds a password to it.
    await (await getDb()).update(users).set({ passwordHash: null }).where(eq(users.id, employer.id));
    const res = await social({ source: 'apple', token: await standIns.idToken('apple', { sub: sub(), email: employer.email.toUpperCase(), email_verified: 'true' }) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: employer.id, created: false, userRoles: [ROLES.EMPLOYER] });
    expect(await rolesOf(employer.id)).toEqual([ROLES.EMPLOYER]);
    expect((await identitiesOf(employer.id)).map((i) => i.provider)).toEqual(['apple']);
    const [audit] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, 'user.social_link'), eq(auditLog.entityId, String(employer.id))));
    expect(audit.data).toEqual({ provider: 'apple' });
  });

  it('an Apple nonce: the raw nonce matches its SHA-256 in the token, and the token signs in only once', async () => {
    const nonce = `n-${sub()}`;
    const hashed = createHash('sha256').update(nonce).digest('hex');
    const token = await standIns.idToken('apple', { sub: sub(), email: unique(), nonce: hashed });
    const first = await social({ source: 'apple', token, nonce });
    expect(first.status).toBe(200);
    const replay = await social({ source: 'apple', token, nonce });
    expect(replay.status).toBe(401);
    expect(replay.json.errors[0].message).toBe('This Apple sign-in has already been used. Try again.');
  });

  it('refuses a replayed Google token carrying a nonce, even without the nonce in the body', async () => {
    const token = await standIns.idToken('google', { sub: sub(), email: unique(), nonce: `plain-${sub()}` });
    expect((await social({ source: 'google', token })).status).toBe(200);
    const replay = await social({ source: 'google', token });
    expect(replay.status).toBe(401);
    expect(replay.json.errors[0].message).toContain('already been used');
  });

  it('refuses a nonce that does not match the one the app sent', async () => {
    const token = await standIns.idToken('google', { sub: sub(), email: unique(), nonce: 'the-real-one' });
    const res = await social({ source: 'google', token, nonce: 'another-one' });
    expect(res.status).toBe(401);
    expect(res.json.errors[0]).toEqual({ message: 'This Google sign-in does not belong to this request. Try again.', field: 'token' });
  });

  it('refuses a forged signature (another key under the provider key id) and creates nothing', async () => {
    const email = unique();
    const { privateKey } = await generateKeyPair('RS256');
    const res = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email }, { key: privateKey }) });
    expect(res.status).toBe(401);
    expect(res.json.errors[0].message).toBe('This Google sign-in could not be verified. Try again.');
    expect(await (await getDb()).select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses an unsigned or tampered token', async () => {
    const token = await standIns.idToken('google', { sub: sub(), email: unique() });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...payload, email: 'admin@demo.test' })).toString('base64url'), s].join('.');
    expect((await social({ source: 'google', token: tampered })).status).toBe(401);
    const none = [Buffer.from('{"alg":"none"}').toString('base64url'), p, ''].join('.');
    expect((await social({ source: 'google', token: none })).status).toBe(401);
    expect((await social({ source: 'google', token: 'not-a-jwt' })).status).toBe(401);
  });

  it('refuses a token for another app (wrong audience)', async () => {
    const res = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: unique(), aud: 'someone-elses-app' }) });
    expect(res.status).toBe(401);
    expect(res.json.errors[0].message).toBe('This Google sign-in was issued for another app.');
  });

  it('refuses a token from another issuer (an Apple token sent as Google)', async () => {
    const res = await social({ source: 'google', token: await standIns.idToken('apple', { sub: sub(), email: unique(), aud: standIns.addresses.google.clientId }) });
    expect(res.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await social({ source: 'apple', token: await standIns.idToken('apple', { sub: sub(), email: unique(), iat: now - 7200, exp: now - 3600 }) });
    expect(res.status).toBe(401);
    expect(res.json.errors[0].message).toBe('This Apple sign-in has expired. Try again.');
  });

  it('an unverified email meeting an existing account is refused with a link token; a password sign-in with it links the identity', async () => {
    const driver = await makeUser({ role: ROLES.DRIVER });
    const subject = sub();
    const token = () => standIns.idToken('google', { sub: subject, email: driver.email, email_verified: false });
    const refused = await social({ source: 'google', token: await token() });
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0].message).toBe(
      'An account with this email already exists, and Google did not confirm the email. Sign in with your password once to use Google from now on.',
    );
    expect(refused.json.link_token).toEqual(expect.any(String));
    expect(await identitiesOf(driver.id)).toEqual([]);

    // Someone else's password sign-in cannot take the link.
    const other = await makeUser({ role: ROLES.DRIVER });
    const wrong = await call(loginPost, { body: { email: other.email, password: PASSWORD, link_token: refused.json.link_token }, headers: { 'x-forwarded-for': '10.66.0.1' } });
    expect(wrong.status).toBe(400);
    expect(await identitiesOf(other.id)).toEqual([]);

    const login = await call(loginPost, { body: { email: driver.email, password: PASSWORD, link_token: refused.json.link_token }, headers: { 'x-forwarded-for': '10.66.0.2' } });
    expect(login.status).toBe(200);
    expect(await identitiesOf(driver.id)).toEqual([expect.objectContaining({ provider: 'google', subject })]);
    const now = await social({ source: 'google', token: await token() });
    expect(now.status).toBe(200);
    expect(now.json.data.id).toBe(driver.id);
  });

  it('a password sign-in that is refused (create_role by an employer) links nothing', async () => {
    const employer = await makeUser({ role: ROLES.EMPLOYER });
    const refused = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: employer.email, email_verified: false }) });
    expect(refused.json.link_token).toEqual(expect.any(String));
    const login = await call(loginPost, { body: { email: employer.email, password: PASSWORD, create_role: true, link_token: refused.json.link_token }, headers: { 'x-forwarded-for': '10.66.0.3' } });
    expect(login.status).toBe(409);
    expect(await identitiesOf(employer.id)).toEqual([]);
  });

  it("a verified email of an account with a password links by that password: whoever set it may not be the mailbox's owner", async () => {
    const user = await makeUser({ role: ROLES.DRIVER });
    const res = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: user.email }) });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe('An account with this email already exists and has a password. Sign in with your password once to use Google from now on.');
    expect(res.json.link_token).toEqual(expect.any(String));
    expect(await identitiesOf(user.id)).toEqual([]);
    const linked = await call(loginPost, { body: { email: user.email, password: PASSWORD, link_token: res.json.link_token }, headers: { 'x-forwarded-for': '10.66.9.1' } });
    expect(linked.status).toBe(200);
    expect((await identitiesOf(user.id)).map((i) => i.provider)).toEqual(['google']);
  });

  it('a verified email of an account already bound to another subject of the same provider must link by password', async () => {
    const user = await makeUser({ role: ROLES.DRIVER });
    await (await getDb()).update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect((await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: user.email }) })).status).toBe(200);
    const second = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: user.email }) });
    expect(second.status).toBe(409);
    expect(second.json.errors[0].message).toContain('already linked to another Google sign-in');
    expect(await identitiesOf(user.id)).toHaveLength(1);
  });

  it("a Google-verified email takes over an account its owner never verified: the claimant's password, sessions, identities and pending email change end", async () => {
    // The attacker signs up with the victim's address and their own password (unverified), keeps a
    // session, and binds a Facebook identity of their own by password.
    const email = unique('victim');
    const signup = await call(signupPost, {
      body: { email, password: PASSWORD, first_name: 'Mal', last_name: 'Lory', phone: '(469)555-0101' },
      headers: { 'x-forwarded-for': '10.66.1.1' },
    });
    expect(signup.status).toBe(201);
    const attackerId = signup.json.data.id as number;
    const attacker = await call(loginPost, { body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': '10.66.1.2' } });
    expect(attacker.status).toBe(200);
    const fb = await social({ source: 'facebook', token: await standIns.facebookToken({ email, user_id: '7007' + n++ }) });
    const linked = await call(loginPost, { body: { email, password: PASSWORD, link_token: fb.json.link_token }, headers: { 'x-forwarded-for': '10.66.1.3' } });
    expect(linked.status).toBe(200);
    expect((await identitiesOf(attackerId)).map((i) => i.provider)).toEqual(['facebook']);
    // ... and parks an address of their own as a pending change, its link mailed there.
    const parked = unique('parked');
    await (await getDb()).update(users).set({ emailToVerify: parked }).where(eq(users.id, attackerId));
    expect(await sendVerificationMail(await getDb(), attackerId)).toBe(true);

    const subject = sub();
    const victim = await social({ source: 'google', token: await standIns.idToken('google', { sub: subject, email }) });
    expect(victim.status).toBe(200);
    expect(victim.json.data).toMatchObject({ id: attackerId, created: false });

    expect((await call(loginPost, { body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': '10.66.1.4' } })).status).toBe(401);
    for (const old of [attacker.json.data, linked.json.data]) {
      expect((await call(sessionsGet, { token: old.accessToken })).status).toBe(401);
      expect((await call(refreshPost, { method: 'POST', token: old.refreshToken })).status).toBe(401);
    }
    expect((await call(sessionsGet, { token: victim.json.data.accessToken })).status).toBe(200);
    expect(await identitiesOf(attackerId)).toEqual([expect.objectContaining({ provider: 'google', subject })]);
    const [user] = await (await getDb()).select().from(users).where(eq(users.id, attackerId));
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.emailToVerify).toBeNull();
    expect(await lastMailTo(parked, 'email_verification')).toBeUndefined();
    const [audit] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, 'user.social_takeover'), eq(auditLog.entityId, String(attackerId))));
    expect(audit.data).toEqual({ provider: 'google', hadPassword: true, removedIdentities: ['facebook'] });
  });

  it('refuses a disabled account', async () => {
    const user = await makeUser({ role: ROLES.DRIVER });
    await (await getDb()).update(users).set({ active: false }).where(eq(users.id, user.id));
    const res = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: user.email }) });
    expect(res.status).toBe(403);
  });
});

describe('POST /auth/login/social: the same new person twice at once', () => {
  it('the request that loses the race to create the account signs in to the account the other made, instead of 409 "Already exists."', async () => {
    const db = await getDb();
    const email = unique('twice');
    const subject = sub();
    const token = await standIns.idToken('google', { sub: subject, email, name: 'Dana Road' });
    // The other request (a double tap in the app) makes the account while this one runs: on
    // PostgreSQL it holds the new users row, this one's insert waits for it, and then it binds the
    // identity and commits.
    // ($1 is the helper's row id, unused here: 0.)
    const made = `insert into users (email, first_name, last_name, email_verified_at) select '${email}', 'Dana', 'Road', now() where $1::int = 0 on conflict (email) do nothing`;
    const mine = `(select id from users where email = '${email}')`;
    const outcome = await writeWhileRowChanges(db, 0, made, [
      made,
      `insert into user_roles (user_id, role) select ${mine}, 'Driver' where $1::int = 0`,
      `insert into social_identities (user_id, provider, subject, email) select ${mine}, 'google', '${subject}', '${email}' where $1::int = 0`,
    ], async () => {
      const res = await social({ source: 'google', token });
      if (res.status !== 200) throw new Error(`${res.status} ${res.json.errors[0].message}`);
      return res;
    });
    expect(outcome).toBe('done');
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(await identitiesOf(user.id)).toEqual([expect.objectContaining({ provider: 'google', subject })]);
  });
});

describe('POST /auth/login/social: Facebook access tokens (token inspection)', () => {
  it('a new person becomes a driver with an unverified email; the Facebook user id is the subject', async () => {
    const email = unique('fb');
    const token = await standIns.facebookToken({ email, name: 'Sam Haul', user_id: '100200300' + n++ });
    const res = await social({ source: 'facebook', token });
    expect(res.status).toBe(200);
    expect(res.json.data.created).toBe(true);
    expect(await rolesOf(res.json.data.id)).toEqual([ROLES.DRIVER]);
    const [user] = await (await getDb()).select().from(users).where(eq(users.id, res.json.data.id));
    expect(user.emailVerifiedAt).toBeNull();
    const [identity] = await identitiesOf(res.json.data.id);
    expect(identity).toMatchObject({ provider: 'facebook', email });
  });

  it("never enters an existing account by Facebook's email: an employer's email is refused with a link token", async () => {
    const employer = await makeUser({ role: ROLES.EMPLOYER });
    const res = await social({ source: 'facebook', token: await standIns.facebookToken({ email: employer.email }) });
    expect(res.status).toBe(409);
    expect(res.json.link_token).toEqual(expect.any(String));
    expect(await identitiesOf(employer.id)).toEqual([]);
  });

  it("the mailbox owner's password reset unbinds the Facebook identity that made the account: it signs in there no more", async () => {
    const email = unique('fb');
    const token = () => standIns.facebookToken({ email, user_id: 'fb-claim-' + email });
    const made = await social({ source: 'facebook', token: await token() });
    expect(made.status).toBe(200);
    const id = made.json.data.id as number;

    const headers = { 'x-forwarded-for': '10.66.2.1' };
    expect((await call(tokenPassword, { body: { email }, headers })).status).toBe(200);
    const verified = await call(verifyTokenPassword, { body: { email, code: await codeFor(email) }, headers });
    expect((await call(resetPasswordPost, { body: { token: verified.json.data.token, password: 'Fresh5678#' }, headers })).status).toBe(200);

    expect(await identitiesOf(id)).toEqual([]);
    const again = await social({ source: 'facebook', token: await token() });
    expect(again.status).toBe(409);
    expect(again.json.link_token).toEqual(expect.any(String));
    expect((await call(sessionsGet, { token: made.json.data.accessToken })).status).toBe(401);
    const [audit] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, 'password.reset'), eq(auditLog.entityId, String(id))));
    expect(audit.data).toEqual({ removedIdentities: ['facebook'] });
  });

  it("the owner following the verification link unbinds the Facebook identity that made the account; a verified account's identities stay", async () => {
    const email = unique('fb');
    const token = () => standIns.facebookToken({ email, user_id: 'fb-verify-' + email });
    const made = await social({ source: 'facebook', token: await token() });
    expect((await call(sendVerification, { method: 'POST', token: made.json.data.accessToken })).status).toBe(200);
    const link = (await lastMailTo(email, 'email_verification')).text.match(/https?:\/\/\S+/)![0];
    expect((await call(verifyEmail, { url: link })).status).toBe(303);
    expect(await identitiesOf(made.json.data.id)).toEqual([]);
    expect((await social({ source: 'facebook', token: await token() })).status).toBe(409);
    // The claimant's session, started through that identity, ended with it.
    expect((await call(sessionsGet, { token: made.json.data.accessToken })).status).toBe(401);
    // Once verified, following the link again changes nothing: an identity linked since stays.
    await (await getDb()).insert(socialIdentities).values({ userId: made.json.data.id, provider: 'apple', subject: sub(), email });
    expect((await call(verifyEmail, { url: link })).status).toBe(303);
    expect((await identitiesOf(made.json.data.id)).map((i) => i.provider)).toEqual(['apple']);
  });

  it("a claimant's password survives the owner's click on the verification link, so Google then asks for it instead of letting the owner in", async () => {
    const email = unique('victim');
    const signup = await call(signupPost, {
      body: { email, password: PASSWORD, first_name: 'Mal', last_name: 'Lory', phone: '(469)555-0101' },
      headers: { 'x-forwarded-for': '10.66.3.1' },
    });
    expect(signup.status).toBe(201);
    // The owner follows the link the sign-up mailed to their address.
    const link = (await lastMailTo(email, 'email_verification')).text.match(/https?:\/\/\S+/)![0];
    expect((await call(verifyEmail, { url: link })).status).toBe(303);
    const google = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email }) });
    expect(google.status).toBe(409);
    expect(google.json.errors[0].message).toContain('has a password');
    expect(await identitiesOf(signup.json.data.id)).toEqual([]);
  });

  it('refuses an invalid, expired or other-app token', async () => {
    const invalid = await social({ source: 'facebook', token: 'EAAnot-issued' });
    expect(invalid.status).toBe(401);
    expect(invalid.json.errors[0].message).toBe('This Facebook sign-in could not be verified. Try again.');
    const expired = await social({ source: 'facebook', token: await standIns.facebookToken({ email: unique('fb'), expires_in: -60 }) });
    expect(expired.status).toBe(401);
    expect(expired.json.errors[0].message).toBe('This Facebook sign-in has expired. Try again.');
    const otherApp = await social({ source: 'facebook', token: await standIns.facebookToken({ email: unique('fb'), app_id: '999' }) });
    expect(otherApp.status).toBe(401);
    expect(otherApp.json.errors[0].message).toBe('This Facebook sign-in was issued for another app.');
  });

  it("cannot create an account at the address a user's deletion needs (deleted+<id>@invalid.local): the same 422, and that user can still delete their account", async () => {
    const user = await makeUser();
    const reserved = `deleted+${user.id}@invalid.local`;
    const res = await social({ source: 'facebook', token: await standIns.facebookToken({ email: reserved, user_id: 'fb-squat-' + n++ }) });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toBe('Facebook did not share an email address. Sign up with your email instead.');
    expect(await (await getDb()).select().from(users).where(eq(users.email, reserved))).toEqual([]);
    const { accessToken } = await signIn(user.email);
    expect((await call(deleteMe, { method: 'DELETE', token: accessToken })).status).toBe(200);
  });

  it('a person without an email at Facebook is asked to sign up with email', async () => {
    const res = await social({ source: 'facebook', token: await standIns.facebookToken({}) });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toBe('Facebook did not share an email address. Sign up with your email instead.');
  });
});

describe('POST /auth/login/social: rate limits per client address', () => {
  const from = (address: string, body: Record<string, unknown>) => call(socialPost, { body: { device_id: 'phone-1', ...body }, headers: { 'x-forwarded-for': address } });

  it('answers 429 after 30 attempts in 15 minutes, before asking Facebook again; another address goes on', async () => {
    const fetched = jest.spyOn(globalThis, 'fetch');
    try {
      for (let i = 0; i < 30; i++) expect((await from('10.66.3.1', { source: 'facebook', token: `EAArandom-${i}` })).status).toBe(401);
      const inspections = () => fetched.mock.calls.filter(([url]) => String(url).includes('debug_token')).length;
      const before = inspections();
      expect(before).toBeGreaterThanOrEqual(30);
      const refused = await from('10.66.3.1', { source: 'facebook', token: 'EAArandom-31' });
      expect(refused.status).toBe(429);
      expect(refused.json.errors[0].message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(inspections()).toBe(before);
      expect((await from('10.66.3.2', { source: 'facebook', token: 'EAArandom-32' })).status).toBe(401);
    } finally {
      fetched.mockRestore();
    }
  });

  it('a new account counts with the sign-ups of the address (20 an hour): the 21st is refused and not made, an existing account still signs in', async () => {
    const address = '10.66.4.1';
    const signup = await call(signupPost, { body: { email: unique('form'), password: PASSWORD, first_name: 'Sue', last_name: 'Form', phone: '(469)555-0101' }, headers: { 'x-forwarded-for': address } });
    expect(signup.status).toBe(201);
    const subject = sub();
    for (let i = 0; i < 19; i++) {
      const res = await from(address, { source: 'google', token: await standIns.idToken('google', { sub: i === 0 ? subject : sub(), email: unique() }) });
      expect(res.status).toBe(200);
    }
    const email = unique();
    const refused = await from(address, { source: 'google', token: await standIns.idToken('google', { sub: sub(), email }) });
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0].message).toBe('Too many sign-ups from this address. Please try again later.');
    expect(await (await getDb()).select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await from(address, { source: 'google', token: await standIns.idToken('google', { sub: subject, email: unique() }) })).status).toBe(200);
    // The form's sign-up is refused from that address too.
    const form = await call(signupPost, { body: { email: unique('form'), password: PASSWORD, first_name: 'Sue', last_name: 'Form', phone: '(469)555-0101' }, headers: { 'x-forwarded-for': address } });
    expect(form.status).toBe(429);
  });
});

describe('POST /auth/login/social: input and configuration', () => {
  it('names a bad source or a missing token', async () => {
    const res = await social({ source: 'myspace', token: 'x' });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].field).toBe('source');
    expect((await social({ source: 'google' })).json.errors[0]).toMatchObject({ field: 'token' });
  });

  it('says a provider is not available when it is not configured', async () => {
    const saved = process.env.APPLE_ID;
    const extra = process.env.APPLE_CLIENT_IDS;
    delete process.env.APPLE_ID;
    delete process.env.APPLE_CLIENT_IDS;
    try {
      const res = await social({ source: 'apple', token: await standIns.idToken('apple', { sub: sub(), email: unique() }) });
      expect(res.status).toBe(400);
      expect(res.json.errors[0].message).toBe('Sign-in with Apple is not available.');
    } finally {
      process.env.APPLE_ID = saved;
      process.env.APPLE_CLIENT_IDS = extra;
    }
  });

  it('is off when the deployment turns the socialLogin flag off', async () => {
    process.env.FEATURE_SOCIAL_LOGIN = 'false';
    try {
      const res = await social({ source: 'google', token: await standIns.idToken('google', { sub: sub(), email: unique() }) });
      expect(res.status).toBe(404);
    } finally {
      delete process.env.FEATURE_SOCIAL_LOGIN;
    }
  });
});

describe("POST /auth/login/social: the provider's name becomes a name the account can save back", () => {
  const longWord = 'Alexandrina'.repeat(12);
  // [name at the provider, expected first name, expected last name]
  const names: [string, string, string][] = [
    ['Dana Road', 'Dana', 'Road'],
    ["  Mary-Jane   O'Brien  ", 'Mary-Jane', "O'Brien"],
    ['Cher', 'Cher', 'Driver'],
    ['Dr. Dana R. Road Jr.', 'Dr', 'Dana R Road Jr'],
    ['Dana Road 🚚', 'Dana', 'Road'],
    ['J Smith', 'Driver', 'Smith'],
    ['X', 'Driver', 'Driver'],
    ['', 'Driver', 'Driver'],
    ['🚚 🚛', 'Driver', 'Driver'],
    [`${longWord} ${'Road '.repeat(30).trim()}`, longWord.slice(0, 100), 'Road '.repeat(20).trim()],
    ['José Müller', 'José', 'Müller'],
    ['Jose\u0301 Road', 'José', 'Road'],
  ];
  let row = 0;
  it.each(names)('%j signs up as %s %s, and that name saves back unchanged', async (name, firstName, lastName) => {
    const res = await call(socialPost, {
      body: { device_id: 'phone-1', source: 'google', token: await standIns.idToken('google', { sub: sub(), email: unique('named'), name }) },
      headers: { 'x-forwarded-for': `10.77.${row++}.9` },
    });
    expect(res.status).toBe(200);
    const [user] = await (await getDb()).select().from(users).where(eq(users.id, res.json.data.id));
    expect({ firstName: user.firstName, lastName: user.lastName }).toEqual({ firstName, lastName });
    // The profile form sends the name back as it stands: it must be accepted as it is.
    const saved = await call(patchMe, { method: 'PATCH', token: res.json.data.accessToken, body: { first_name: user.firstName, last_name: user.lastName } });
    expect(saved.json.errors).toBeUndefined();
    expect(saved.status).toBe(200);
  });

  it("repairs the accounts made before: the last name '-' an older social sign-up stored becomes 'Driver' (migration 0037), and saves back", async () => {
    const db = await getDb();
    const res = await call(socialPost, {
      body: { device_id: 'phone-1', source: 'apple', token: await standIns.idToken('apple', { sub: sub(), email: unique('older') }) },
      headers: { 'x-forwarded-for': '10.78.0.9' },
    });
    expect(res.status).toBe(200);
    const id = res.json.data.id as number;
    // As the sign-up stored it before the fix.
    await db.update(users).set({ firstName: 'Driver', lastName: '-' }).where(eq(users.id, id));
    const migration = fs.readFileSync(path.join(process.cwd(), 'drizzle', '0037_social_signup_last_name.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const [user] = await db.select().from(users).where(eq(users.id, id));
    expect(user.lastName).toBe('Driver');
    const saved = await call(patchMe, { method: 'PATCH', token: res.json.data.accessToken, body: { first_name: user.firstName, last_name: user.lastName } });
    expect(saved.status).toBe(200);
  });
});
