// Stand-ins for the sign-in providers, on loopback, for the tests (never in production):
// - Google and Apple: real OpenID Connect providers (the `oidc-provider` package), each on its own
//   port, publishing discovery and their keys; the person types an email on the provider's own
//   (development) login page. An email beginning with "unverified" comes back with
//   email_verified false; the subject is stable per provider and email.
// - Facebook: a small server answering the Graph API calls the app makes, in Facebook's shapes:
//   GET /debug_token (token inspection) and GET /me. Tests mint tokens with POST /__tokens.
//
// Settings (environment): STANDIN_PORT (Google; Apple is +1, Facebook +2; 0 picks free ports),
// STANDIN_APP_ORIGIN (where the app's callbacks live), STANDIN_JWK (a private signing JWK, so a
// test can also sign tokens with the provider's key: expired ones, wrong audiences), and the
// client ids/secrets below. Prints one line `STANDINS {json}` with the addresses once listening.
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

const env = process.env;
const basePort = Number(env.STANDIN_PORT ?? 0);
const app = env.STANDIN_APP_ORIGIN ?? 'http://localhost:3000';
export const CLIENTS = {
  google: { id: env.STANDIN_GOOGLE_CLIENT_ID ?? 'tna-google-web', secret: env.STANDIN_GOOGLE_CLIENT_SECRET ?? 'google-web-secret' },
  apple: { id: env.STANDIN_APPLE_CLIENT_ID ?? 'tna-apple-web', secret: env.STANDIN_APPLE_CLIENT_SECRET ?? 'apple-web-secret' },
  facebook: { id: env.STANDIN_FACEBOOK_APP_ID ?? 'tna-facebook-app', secret: env.STANDIN_FACEBOOK_APP_SECRET ?? 'facebook-app-secret' },
};

async function signingKey() {
  if (env.STANDIN_JWK) return JSON.parse(env.STANDIN_JWK);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: 'standin-1', alg: 'RS256', use: 'sig' };
}

const subjectOf = (provider, email) => `${provider}-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;

function claimsFor(provider, email) {
  const local = email.split('@')[0];
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
  return {
    sub: subjectOf(provider, email),
    email: email.toLowerCase(),
    // Apple writes it as a string.
    email_verified: provider === 'apple' ? String(!local.startsWith('unverified')) : !local.startsWith('unverified'),
    name: name || 'Stand In',
  };
}

async function listen(server, port) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server.address().port;
}

async function oidc(provider, port, jwk, quiet) {
  const server = http.createServer();
  const actual = await listen(server, port);
  const issuer = `http://127.0.0.1:${actual}`;
  const client = CLIENTS[provider];
  const oidcProvider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [`${app}/api/auth/callback/${provider}`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    scopes: ['openid', 'email', 'profile', 'name'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    // Like Google and Apple, the ID token itself carries the email and name.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    // No consent screen to click through: the stand-in grants what the app asks for.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile name');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsFor(provider, id) }),
  });
  if (quiet) oidcProvider.on('server_error', () => {});
  server.on('request', oidcProvider.callback());
  return { issuer, jwks: `${issuer}/jwks`, clientId: client.id, clientSecret: client.secret };
}

function facebook(port) {
  /** token → { user_id, name, email, app_id, expires_at, is_valid } */
  const tokens = new Map();
  const appToken = `${CLIENTS.facebook.id}|${CLIENTS.facebook.secret}`;
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const oauthError = (message) => ({ error: { message, type: 'OAuthException', code: 190, fbtrace_id: randomBytes(8).toString('base64url') } });
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/__tokens') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const spec = JSON.parse(raw || '{}');
      const token = `EAA${randomBytes(24).toString('base64url')}`;
      const now = Math.floor(Date.now() / 1000);
      tokens.set(token, {
        user_id: spec.user_id ?? String(10 ** 15 + Math.floor(Math.random() * 10 ** 14)),
        name: spec.name ?? 'Facebook Driver',
        email: spec.email,
        app_id: spec.app_id ?? CLIENTS.facebook.id,
        issued_at: now,
        expires_at: now + (spec.expires_in ?? 3600),
        is_valid: spec.is_valid ?? true,
      });
      return send(res, 200, { access_token: token, user_id: tokens.get(token).user_id });
    }
    if (req.method === 'GET' && url.pathname.match(/^\/(v[\d.]+\/)?debug_token$/)) {
      if (url.searchParams.get('access_token') !== appToken) return send(res, 400, oauthError('Invalid OAuth access token signature.'));
      const t = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!t) return send(res, 200, { data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] } });
      const expired = t.expires_at * 1000 < Date.now();
      return send(res, 200, {
        data: {
          app_id: t.app_id,
          type: 'USER',
          application: 'TNA',
          data_access_expires_at: t.expires_at + 90 * 24 * 3600,
          ...(expired ? { error: { code: 190, message: `Error validating access token: Session has expired.`, subcode: 463 } } : {}),
          expires_at: t.expires_at,
          is_valid: t.is_valid && !expired,
          issued_at: t.issued_at,
          scopes: ['email', 'public_profile'],
          user_id: t.user_id,
        },
      });
    }
    if (req.method === 'GET' && url.pathname.match(/^\/(v[\d.]+\/)?me$/)) {
      const t = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!t || !t.is_valid || t.expires_at * 1000 < Date.now()) return send(res, 400, oauthError('Invalid OAuth access token.'));
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      const all = { id: t.user_id, name: t.name, ...(t.email ? { email: t.email } : {}) };
      return send(res, 200, Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k))));
    }
    send(res, 404, oauthError('Unknown path components'));
  });
  return listen(server, port).then((actual) => ({ graph: `http://127.0.0.1:${actual}`, appId: CLIENTS.facebook.id, appSecret: CLIENTS.facebook.secret }));
}

const jwk = await signingKey();
const quiet = env.STANDIN_QUIET === '1';
const google = await oidc('google', basePort, jwk, quiet);
const apple = await oidc('apple', basePort ? basePort + 1 : 0, jwk, quiet);
const fb = await facebook(basePort ? basePort + 2 : 0);
console.log(`STANDINS ${JSON.stringify({ google, apple, facebook: fb })}`);
