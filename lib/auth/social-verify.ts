import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '@/lib/errors';
import { PROVIDER_NAMES, appleSettings, facebookSettings, googleSettings, type OidcSettings, type SocialProvider } from './social-config';

/** What a provider vouched for, after its token was checked. */
export type SocialIdentity = {
  provider: SocialProvider;
  /** The provider's stable user id (`sub`, Facebook's user id). */
  subject: string;
  email: string | null;
  /** Only Google and Apple assert this; Facebook's email is never taken as verified. */
  emailVerified: boolean;
  name: string;
  /** The token's nonce claim, if any, and when the token expires (the nonce is kept that long). */
  nonce?: string;
  expiresAt: Date;
};

const TIMEOUT_MS = 5_000;

const refused = (provider: SocialProvider, why: string) => new AppError(401, `This ${PROVIDER_NAMES[provider]} sign-in ${why}`, 'token');
const unreachable = (provider: SocialProvider) =>
  new AppError(503, `${PROVIDER_NAMES[provider]} could not be reached to check the sign-in. Try again shortly.`);
export const notConfigured = (provider: SocialProvider) => new AppError(400, `Sign-in with ${PROVIDER_NAMES[provider]} is not available.`, 'source');

// One key set per address: jose caches the keys and refetches only for an unknown key id (with a
// cool-down), so a forged key id cannot make us hammer the provider.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) keySets.set(url, (set = createRemoteJWKSet(new URL(url), { timeoutDuration: TIMEOUT_MS, cacheMaxAge: 60 * 60 * 1000 })));
  return set;
}

const truthy = (v: unknown) => v === true || v === 'true';

/**
 * A Google or Apple ID token: signature against the provider's published keys, issuer, audience
 * (our client ids), expiry, and the nonce when the caller sent one (Apple's apps send the raw
 * nonce whose SHA-256 is in the token; either form matches).
 */
export async function verifyIdToken(provider: 'google' | 'apple', token: string, opts: { nonce?: string; settings?: OidcSettings } = {}): Promise<SocialIdentity> {
  const settings = opts.settings ?? (provider === 'google' ? googleSettings() : appleSettings());
  if (settings.audiences.length === 0) throw notConfigured(provider);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(settings.jwksUrl), {
      issuer: settings.issuers,
      audience: settings.audiences,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw refused(provider, 'has expired. Try again.');
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud') throw refused(provider, 'was issued for another app.');
    if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) throw unreachable(provider);
    if (error instanceof joseErrors.JOSEError && error.code === 'ERR_JWKS_INVALID') throw unreachable(provider);
    throw refused(provider, 'could not be verified. Try again.');
  }
  const claimed = typeof payload.nonce === 'string' ? payload.nonce : undefined;
  if (opts.nonce !== undefined) {
    const hashed = createHash('sha256').update(opts.nonce).digest('hex');
    if (claimed !== opts.nonce && claimed !== hashed) throw refused(provider, 'does not belong to this request. Try again.');
  }
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  const name = typeof payload.name === 'string' ? payload.name : [payload.given_name, payload.family_name].filter((v) => typeof v === 'string').join(' ');
  return {
    provider,
    subject: payload.sub!,
    email,
    emailVerified: !!email && truthy(payload.email_verified),
    name,
    nonce: claimed,
    expiresAt: new Date(payload.exp! * 1000),
  };
}

type DebugToken = { data?: { app_id?: string; is_valid?: boolean; user_id?: string; expires_at?: number; error?: { message?: string } } };
type FacebookProfile = { id?: string; name?: string; email?: string; error?: unknown };

async function graph<T>(url: URL): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' });
  } catch {
    throw unreachable('facebook');
  }
  if (res.status >= 500) throw unreachable('facebook');
  return (await res.json().catch(() => ({}))) as T;
}

/**
 * A Facebook access token, through Facebook's token inspection (`/debug_token` with our app token):
 * valid, issued to our app, not expired; then the person's id, name and email from `/me`.
 */
export async function verifyFacebookToken(token: string, settings = facebookSettings()): Promise<SocialIdentity> {
  if (!settings.app) throw notConfigured('facebook');
  const inspect = new URL(`${settings.graphUrl}/debug_token`);
  inspect.searchParams.set('input_token', token);
  inspect.searchParams.set('access_token', `${settings.app.id}|${settings.app.secret}`);
  const { data } = await graph<DebugToken>(inspect);
  if (!data?.is_valid || !data.user_id) {
    if (data?.expires_at && data.expires_at * 1000 < Date.now()) throw refused('facebook', 'has expired. Try again.');
    throw refused('facebook', 'could not be verified. Try again.');
  }
  if (data.app_id !== settings.app.id) throw refused('facebook', 'was issued for another app.');
  // expires_at 0 means a token that does not expire.
  if (data.expires_at && data.expires_at * 1000 < Date.now()) throw refused('facebook', 'has expired. Try again.');
  const me = new URL(`${settings.graphUrl}/me`);
  me.searchParams.set('fields', 'id,name,email');
  me.searchParams.set('access_token', token);
  const profile = await graph<FacebookProfile>(me);
  if (profile.id !== data.user_id) throw refused('facebook', 'could not be verified. Try again.');
  return {
    provider: 'facebook',
    subject: data.user_id,
    email: profile.email?.toLowerCase() ?? null,
    emailVerified: false,
    name: profile.name ?? '',
    expiresAt: new Date(data.expires_at ? data.expires_at * 1000 : Date.now() + 60 * 60 * 1000),
  };
}

export function verifySocialToken(provider: SocialProvider, token: string, opts: { nonce?: string } = {}) {
  return provider === 'facebook' ? verifyFacebookToken(token) : verifyIdToken(provider, token, opts);
}
