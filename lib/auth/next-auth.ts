import type { Account, NextAuthOptions, Session, User } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import GoogleProvider from 'next-auth/providers/google';
import AppleProvider from 'next-auth/providers/apple';
import FacebookProvider from 'next-auth/providers/facebook';
import { eq } from 'drizzle-orm';
import { cookies, headers } from 'next/headers';
import { authSecret } from '@/lib/config';
import { sessionOrigin } from './sessions-origin';
import { clientAddress } from '@/lib/api/client-address';
import { getDb } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { login } from './login';
import { secureCookies } from './cookie-security';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookieOptions, rememberDevice } from './known-device';
import { loginSchema } from './schemas';
import { refreshSession, type TokenPair } from './sessions';
import { endCookieSession, type ImpersonatingToken } from './impersonation-session';
import { LinkRequired, socialSignIn } from './social';
import { appleSettings, facebookSettings, googleSettings, webProviders, type SocialProvider } from './social-config';
import { SOCIAL_LINK_COOKIE, linkAfterPasswordSignIn } from './social-link';
import { verifyFacebookToken, verifyIdToken, type SocialIdentity } from './social-verify';
import { currentFlags } from '@/lib/flags';
import { decodeSessionCookie, encodeSessionCookie } from './session-cookie';
import { sessionActor } from './session-actor';

const REFRESH_MARGIN_MS = 60_000;
/** The cookie's session was ended in the store (a logout or password change elsewhere). */
const SESSION_ENDED = 'SessionEnded';

type SessionUser = User & {
  userId: number;
  roles: string[];
  companyId: number | null;
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  termsAcceptedAt: string | null;
};

/**
 * The providers configured in the environment, at the addresses configuration names (the tests
 * point them at loopback stand-ins). Apple answers with a form post; its scope adds openid so the
 * ID token comes back (Apple lists openid, email and name as supported).
 */
function socialProviders() {
  const list = [];
  const google = googleSettings();
  if (google.web) list.push(GoogleProvider({ ...google.web, wellKnown: `${google.issuers[0]}/.well-known/openid-configuration` }));
  const apple = appleSettings();
  if (apple.web)
    list.push(
      AppleProvider({
        ...apple.web,
        wellKnown: `${apple.issuers[0]}/.well-known/openid-configuration`,
        authorization: { params: { scope: 'openid name email', response_mode: 'form_post' } },
      }),
    );
  const facebook = facebookSettings();
  if (facebook.app)
    list.push(
      FacebookProvider({
        clientId: facebook.app.id,
        clientSecret: facebook.app.secret,
        authorization: `${facebook.dialogUrl}/v11.0/dialog/oauth?scope=email`,
        token: `${facebook.graphUrl}/oauth/access_token`,
        userinfo: { url: `${facebook.graphUrl}/me`, params: { fields: 'id,name,email,picture' } },
      }),
    );
  return list;
}

/** Which social buttons the login and sign-up screens show: the configured providers, when the socialLogin flag is on. */
export async function enabledSocialProviders(): Promise<SocialProvider[]> {
  return (await currentFlags()).socialLogin ? webProviders() : [];
}

/** The identity next-auth's provider flow produced, checked again by our own code (keys, audience, expiry). */
async function identityOf(account: Account): Promise<SocialIdentity> {
  if (account.provider === 'facebook') {
    if (!account.access_token) throw new AppError(401, 'Facebook did not return a token.');
    return verifyFacebookToken(account.access_token);
  }
  if (!account.id_token) throw new AppError(401, 'The provider did not return an ID token.');
  return verifyIdToken(account.provider as 'google' | 'apple', account.id_token);
}

/**
 * A social sign-in through the web: our linking rules (lib/auth/social.ts). A refusal a password
 * sign-in can resolve keeps the link token in a short cookie and sends the person to the login
 * form, which links on their next password sign-in; other refusals return to login with an error.
 */
async function webSocialSignIn(user: User, account: Account): Promise<true | string> {
  const provider = account.provider as SocialProvider;
  const back = (error: string) => `/login?error=${error}&provider=${provider}`;
  if (!(await currentFlags()).socialLogin) return back('SocialOff');
  try {
    // The request's address and device, as the password sign-in keeps them: the session shows them
    // in "Where you're signed in", and an account made here counts with the address's sign-ups.
    const sent = await headers();
    const get = (name: string) => sent.get(name);
    const res = await socialSignIn(await getDb(), await identityOf(account), { ip: clientAddress(get), origin: sessionOrigin(get) });
    Object.assign(user, res);
    return true;
  } catch (error) {
    if (error instanceof LinkRequired) {
      (await cookies()).set(SOCIAL_LINK_COOKIE, error.linkToken, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 15 * 60, secure: secureCookies() });
      return back('SocialLink');
    }
    console.error('[social sign-in]', provider, error instanceof Error ? error.message : error);
    return back(error instanceof AppError && error.status === 422 ? 'SocialNoEmail' : 'SocialRefused');
  }
}

/** After a password sign-in: link the identity a refused social sign-in left in the cookie, if any. */
async function linkPendingIdentity(userId: number, ip: string) {
  const jar = await cookies();
  const token = jar.get(SOCIAL_LINK_COOKIE)?.value;
  if (!token) return;
  jar.delete(SOCIAL_LINK_COOKIE);
  await linkAfterPasswordSignIn(await getDb(), userId, token, ip).catch((error) => console.error('[social link]', error instanceof Error ? error.message : error));
}

/**
 * One refresh in flight per session in this instance: calls that arrive while it runs share it. A
 * call after it settled asks the store again, whose grace window (REFRESH_GRACE_SECONDS) answers the
 * same successor, or a refusal if the session was revoked meanwhile. The settled answer used to be
 * kept 5 s more, and a copy of the old cookie sent after a logout got the identity back.
 */
const inFlight = new Map<string, Promise<TokenPair>>();

async function refreshed(token: JWT): Promise<JWT> {
  const current = token.refreshToken as string;
  let pending = inFlight.get(current);
  if (!pending) {
    pending = getDb().then((db) => refreshSession(db, current));
    inFlight.set(current, pending);
    pending.finally(() => inFlight.delete(current)).catch(() => {});
  }
  try {
    const pair = await pending;
    return { ...token, accessToken: pair.accessToken, refreshToken: pair.refreshToken, accessTokenExpiresAt: pair.accessTokenExpiresAt, error: undefined };
  } catch {
    return { ...token, error: 'RefreshAccessTokenError' };
  }
}

async function reloadProfile(token: JWT): Promise<JWT> {
  const db = await getDb();
  const [user] = await db.select({ companyId: users.companyId, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, token.userId as number));
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, token.userId as number))).map((r) => r.role);
  if (!user) return { ...token, error: 'RefreshAccessTokenError' };
  return { ...token, roles, companyId: user.companyId, name: `${user.firstName} ${user.lastName}` };
}

/**
 * next-auth's own cookies, under their usual names (the proxy and API read the session cookie by
 * name) but with `Secure` in production (lib/auth/cookie-security.ts).
 */
function sessionCookies(secure: boolean): NextAuthOptions['cookies'] {
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
  const crossSite = { httpOnly: true, sameSite: 'none' as const, path: '/', secure: true };
  return {
    sessionToken: { name: 'next-auth.session-token', options },
    callbackUrl: { name: 'next-auth.callback-url', options },
    csrfToken: { name: 'next-auth.csrf-token', options },
    // Apple returns with a cross-site form post, which carries only SameSite=None cookies: the
    // PKCE verifier and state must survive it (None needs Secure; browsers accept it on localhost).
    pkceCodeVerifier: { name: 'next-auth.pkce.code_verifier', options: { ...crossSite, maxAge: 15 * 60 } },
    state: { name: 'next-auth.state', options: { ...crossSite, maxAge: 15 * 60 } },
    nonce: { name: 'next-auth.nonce', options: crossSite },
  };
}

/** Built per call so that a build without AUTH_SECRET does not fail at import time. */
export const authOptions = (): NextAuthOptions => ({
  secret: authSecret(),
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
  // The cookie's key is made once per process (next-auth's own encode/decode derive it per call).
  jwt: { encode: encodeSessionCookie, decode: decodeSessionCookie },
  cookies: sessionCookies(secureCookies()),
  pages: { signIn: '/login', error: '/login' },
  providers: [
    CredentialsProvider({
      id: 'credentials',
      name: 'Email and password',
      credentials: { email: {}, password: {}, device_id: {}, terms_accepted: {}, create_role: {} },
      async authorize(credentials, req) {
        const parsed = loginSchema.safeParse({ ...credentials, create_role: credentials?.create_role === 'true' });
        if (!parsed.success) throw new Error(parsed.error.issues[0].message);
        const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
        const ip = clientAddress((name) => headers[name]);
        const jar = await cookies();
        const knownDeviceCookie = jar.get(KNOWN_DEVICE_COOKIE)?.value;
        try {
          const res = await login(await getDb(), parsed.data, { ip, knownDeviceCookie, origin: sessionOrigin((name) => headers[name]) });
          jar.set(KNOWN_DEVICE_COOKIE, await rememberDevice(knownDeviceCookie, res.id), knownDeviceCookieOptions(secureCookies()));
          await linkPendingIdentity(res.id, ip);
          return {
            id: String(res.id),
            userId: res.id,
            name: `${res.firstName} ${res.lastName}`,
            email: res.email,
            roles: res.userRoles,
            companyId: res.companyId,
            accessToken: res.accessToken,
            refreshToken: res.refreshToken,
            accessTokenExpiresAt: res.accessTokenExpiresAt,
            termsAcceptedAt: res.termsAcceptedAt,
          } satisfies SessionUser;
        } catch (error) {
          if (error instanceof AppError) throw new Error(error.message);
          throw error;
        }
      },
    }),
    ...socialProviders(),
  ],
  events: {
    // Signing out of the web revokes the API session family too, so its refresh token is dead.
    // Signing out while impersonating ends the admin's own session too (kept aside in the cookie).
    async signOut({ token }) {
      await endCookieSession(await getDb(), (token ?? null) as ImpersonatingToken | null).catch(() => undefined);
    },
  },
  callbacks: {
    async signIn({ user, account }) {
      if (!account || account.provider === 'credentials') return true;
      return webSocialSignIn(user, account);
    },
    async jwt({ token, user, trigger }) {
      if (user) {
        const u = user as SessionUser;
        return {
          ...token,
          userId: u.userId,
          roles: u.roles,
          companyId: u.companyId,
          accessToken: u.accessToken,
          refreshToken: u.refreshToken,
          accessTokenExpiresAt: u.accessTokenExpiresAt,
        };
      }
      if (trigger === 'update') token = await reloadProfile(token);
      if (token.error) return token;
      // (Written as "not still fresh" so that a token without an expiry is refreshed, as before.)
      if (!(Date.now() < (token.accessTokenExpiresAt as number) - REFRESH_MARGIN_MS)) return refreshed(token);
      // A token still inside its 15 minutes is not proof the session lives: a logout in another tab,
      // a password change or a deletion revokes it in the store, and a copy of this cookie must not
      // go on answering who it was (the refresh above fails the same way once the token is old).
      return (await sessionActor(await getDb(), token)) ? token : { ...token, error: SESSION_ENDED };
    },
    async session({ session, token }) {
      // An ended session answers no identity: only the error, which the browser takes as signed out.
      if (token.error) return { expires: session.expires, error: token.error } as unknown as Session;
      // Tokens stay inside the encrypted cookie; the browser's session object carries no secret.
      return {
        ...session,
        user: {
          id: token.userId as number,
          name: token.name,
          email: token.email,
          roles: (token.roles as string[]) ?? [],
          companyId: (token.companyId as number | null) ?? null,
        },
        error: token.error as string | undefined,
      };
    },
  },
});
