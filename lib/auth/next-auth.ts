import type { NextAuthOptions, User } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import GoogleProvider from 'next-auth/providers/google';
import AppleProvider from 'next-auth/providers/apple';
import FacebookProvider from 'next-auth/providers/facebook';
import { eq } from 'drizzle-orm';
import { cookies } from 'next/headers';
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
import { endSession, refreshSession, type TokenPair } from './sessions';
import { socialSignIn } from './social';

const REFRESH_MARGIN_MS = 60_000;

type SessionUser = User & {
  userId: number;
  roles: string[];
  companyId: number | null;
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  termsAcceptedAt: string | null;
};

function socialProviders() {
  const list = [];
  if (process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET)
    list.push(GoogleProvider({ clientId: process.env.GOOGLE_CLIENT_ID, clientSecret: process.env.GOOGLE_CLIENT_SECRET }));
  if (process.env.APPLE_ID && process.env.APPLE_SECRET)
    list.push(AppleProvider({ clientId: process.env.APPLE_ID, clientSecret: process.env.APPLE_SECRET }));
  if (process.env.FACEBOOK_CLIENT_ID && process.env.FACEBOOK_CLIENT_SECRET)
    list.push(FacebookProvider({ clientId: process.env.FACEBOOK_CLIENT_ID, clientSecret: process.env.FACEBOOK_CLIENT_SECRET }));
  return list;
}

/** Which social buttons the login screen shows (the socialLogin feature flag is on when a provider is configured). */
export function enabledSocialProviders(): ('google' | 'apple' | 'facebook')[] {
  return socialProviders().map((p) => p.id as 'google' | 'apple' | 'facebook');
}

// One refresh in flight per session in this instance; the server's grace window covers other instances.
const inFlight = new Map<string, Promise<TokenPair>>();

async function refreshed(token: JWT): Promise<JWT> {
  const current = token.refreshToken as string;
  let pending = inFlight.get(current);
  if (!pending) {
    pending = getDb().then((db) => refreshSession(db, current));
    inFlight.set(current, pending);
    pending.finally(() => setTimeout(() => inFlight.delete(current), 5_000)).catch(() => {});
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
  return {
    sessionToken: { name: 'next-auth.session-token', options },
    callbackUrl: { name: 'next-auth.callback-url', options },
    csrfToken: { name: 'next-auth.csrf-token', options },
  };
}

/** Built per call so that a build without AUTH_SECRET does not fail at import time. */
export const authOptions = (): NextAuthOptions => ({
  secret: authSecret(),
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
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
    async signOut({ token }) {
      if (typeof token?.refreshToken === 'string') await endSession(await getDb(), token.refreshToken).catch(() => undefined);
    },
  },
  callbacks: {
    async signIn({ user, account, profile }) {
      if (!account || account.provider === 'credentials') return true;
      // Social sign-in: the provider vouches for the email; our own session is started here.
      const email = user.email ?? (profile as { email?: string } | undefined)?.email;
      if (!email) return false;
      const res = await socialSignIn(await getDb(), { email, name: user.name ?? '', provider: account.provider });
      Object.assign(user, res);
      return true;
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
      if (Date.now() < (token.accessTokenExpiresAt as number) - REFRESH_MARGIN_MS) return token;
      return refreshed(token);
    },
    async session({ session, token }) {
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
