/**
 * Where each sign-in provider lives and which client ids are ours, from the environment. The
 * issuer and key addresses default to the real providers; the test suite points them at stand-ins
 * on loopback (e2e/stand-ins/social-providers.mjs), so the same verification code runs in tests.
 */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };

type Env = Partial<Record<string, string>>;

const list = (...values: (string | undefined)[]) =>
  [...new Set(values.flatMap((v) => (v ?? '').split(',')).map((v) => v.trim()).filter(Boolean))];

export type OidcSettings = {
  /** The web client (next-auth's code flow): id and secret, when configured. */
  web: { clientId: string; clientSecret: string } | null;
  /** Every client id an ID token may be addressed to: the web client and the mobile apps. */
  audiences: string[];
  /** Accepted `iss` values; the first is the one discovery is read from. */
  issuers: string[];
  jwksUrl: string;
};

export function googleSettings(env: Env = process.env): OidcSettings {
  const issuer = env.GOOGLE_ISSUER;
  return {
    web: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : null,
    audiences: list(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_IDS),
    // Google writes its issuer with and without the scheme.
    issuers: issuer ? [issuer] : ['https://accounts.google.com', 'accounts.google.com'],
    jwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
  };
}

export function appleSettings(env: Env = process.env): OidcSettings {
  return {
    web: env.APPLE_ID && env.APPLE_SECRET ? { clientId: env.APPLE_ID, clientSecret: env.APPLE_SECRET } : null,
    // APPLE_ID is the web Services ID; the apps sign in with their bundle ids.
    audiences: list(env.APPLE_ID, env.APPLE_CLIENT_IDS),
    issuers: [env.APPLE_ISSUER || 'https://appleid.apple.com'],
    jwksUrl: env.APPLE_JWKS_URL || 'https://appleid.apple.com/auth/keys',
  };
}

export type FacebookSettings = {
  app: { id: string; secret: string } | null;
  /** The Graph API (token inspection, the person's profile). */
  graphUrl: string;
  /** The web login dialog. */
  dialogUrl: string;
};

export function facebookSettings(env: Env = process.env): FacebookSettings {
  return {
    app: env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET ? { id: env.FACEBOOK_CLIENT_ID, secret: env.FACEBOOK_CLIENT_SECRET } : null,
    graphUrl: (env.FACEBOOK_GRAPH_URL || 'https://graph.facebook.com').replace(/\/$/, ''),
    dialogUrl: (env.FACEBOOK_DIALOG_URL || 'https://www.facebook.com').replace(/\/$/, ''),
  };
}

/** Providers whose web sign-in (next-auth) is configured, in button order. */
export function webProviders(env: Env = process.env): SocialProvider[] {
  const out: SocialProvider[] = [];
  if (googleSettings(env).web) out.push('google');
  if (appleSettings(env).web) out.push('apple');
  if (facebookSettings(env).app) out.push('facebook');
  return out;
}
