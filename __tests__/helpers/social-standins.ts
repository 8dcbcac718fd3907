import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';

/** The addresses e2e/stand-ins/social-providers.mjs prints once it listens. */
export type StandIns = {
  google: { issuer: string; jwks: string; clientId: string; clientSecret: string };
  apple: { issuer: string; jwks: string; clientId: string; clientSecret: string };
  facebook: { graph: string; appId: string; appSecret: string };
};

const KID = 'standin-1';

/**
 * Starts the loopback stand-ins for Google, Apple (oidc-provider) and Facebook on free ports with
 * a signing key this test also holds, and points the app's configuration at them.
 */
export async function startStandIns() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const child: ChildProcess = spawn(process.execPath, [path.join(process.cwd(), 'e2e/stand-ins/social-providers.mjs')], {
    env: { ...process.env, STANDIN_PORT: '0', STANDIN_JWK: JSON.stringify(jwk), STANDIN_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const addresses = await new Promise<StandIns>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const line = /STANDINS (.*)\n/.exec(out);
      if (line) resolve(JSON.parse(line[1]));
    });
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => reject(new Error(`stand-ins exited (${code}): ${err}`)));
  });
  const env = {
    GOOGLE_CLIENT_ID: addresses.google.clientId,
    GOOGLE_CLIENT_SECRET: addresses.google.clientSecret,
    GOOGLE_CLIENT_IDS: 'tna-google-ios',
    GOOGLE_ISSUER: addresses.google.issuer,
    GOOGLE_JWKS_URL: addresses.google.jwks,
    APPLE_ID: addresses.apple.clientId,
    APPLE_SECRET: addresses.apple.clientSecret,
    APPLE_CLIENT_IDS: 'com.example.tna',
    APPLE_ISSUER: addresses.apple.issuer,
    APPLE_JWKS_URL: addresses.apple.jwks,
    FACEBOOK_CLIENT_ID: addresses.facebook.appId,
    FACEBOOK_CLIENT_SECRET: addresses.facebook.appSecret,
    FACEBOOK_GRAPH_URL: addresses.facebook.graph,
  };
  Object.assign(process.env, env);
  const key = await importJWK(jwk, 'RS256');

  return {
    addresses,
    stop: () => {
      child.kill();
      for (const name of Object.keys(env)) delete process.env[name];
    },
    /** An ID token as the provider would sign it (claims override the defaults). */
    idToken: async (provider: 'google' | 'apple', claims: JWTPayload & { email?: string }, opts: { key?: CryptoKey | Uint8Array; kid?: string } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const body: JWTPayload = {
        iss: addresses[provider].issuer,
        aud: addresses[provider].clientId,
        iat: now,
        exp: now + 600,
        email_verified: provider === 'apple' ? 'true' : true,
        ...claims,
      };
      return new SignJWT(body).setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? KID }).sign(opts.key ?? key);
    },
    /** A Facebook access token the Facebook stand-in will vouch for. */
    facebookToken: async (spec: { user_id?: string; email?: string; name?: string; app_id?: string; expires_in?: number; is_valid?: boolean }) => {
      const res = await fetch(`${addresses.facebook.graph}/__tokens`, { method: 'POST', body: JSON.stringify(spec) });
      return ((await res.json()) as { access_token: string }).access_token;
    },
  };
}
