/**
 * Issue 16: the request's session is read once. A signed-in page's cookie is decrypted by the
 * proxy only (the page opens the sealed hand-off), the cookie key is made once per process,
 * GET /employer answers from the actor query, the job list reads its page and total in one statement,
 * and a login reads the roles once.
 */
import { NextRequest } from 'next/server';
import { decode, encode } from 'next-auth/jwt';
import { proxy } from '@/proxy';
import { GET as employerGet } from '@/app/api/v1.0/employer/route';
import { POST as jobSearch } from '@/app/api/v1.0/jobs/search/route';
import { authSecret } from '@/lib/config';
import { getDb, type Database } from '@/lib/db/client';
import {
  SESSION_HANDOFF_HEADER,
  decodeSessionCookie,
  encodeSessionCookie,
  openSessionHandoff,
  sealSessionHandoff,
  sessionCookieStats,
} from '@/lib/auth/session-cookie';
import { call, tokenFor } from '../helpers/http';
import { seed } from '../helpers/seed';
import { makeUser, signIn } from '../api/accounts/helpers';
import { ROLES } from '@/lib/access';

let mockCookies: { name: string; value: string }[] = [];
let mockHeaders = new Headers();
jest.mock('next/headers', () => ({
  cookies: async () => ({ getAll: () => mockCookies, get: (n: string) => mockCookies.find((c) => c.name === n) }),
  headers: async () => mockHeaders,
}));

// Imported after the mock is in place.
import { getSessionUser } from '@/lib/auth/server';
import { currentImpersonation } from '@/lib/auth/impersonation-server';


/**
 * The statement texts of PGlite's prepared exchanges, by name (lib/db/pglite-prepared.ts sends a
 * statement's Parse message, with its text, only the first time; later exchanges name it in Bind).
 */
const preparedTexts = new Map<string, string>();
const cstrings = (bytes: Uint8Array, at: number, count: number) => {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const end = bytes.indexOf(0, at);
    out.push(Buffer.from(bytes.subarray(at, end)).toString('utf8'));
    at = end + 1;
  }
  return out;
};
/** Each statement a protocol message (Parse, Bind, … Sync) runs: the text its Bind names. */
function boundTexts(message: Uint8Array): string[] {
  const texts: string[] = [];
  for (let at = 0; at < message.length; ) {
    const type = String.fromCharCode(message[at]);
    const length = Buffer.from(message.subarray(at + 1, at + 5)).readInt32BE(0);
    if (type === 'P') {
      const [name, text] = cstrings(message, at + 5, 2);
      preparedTexts.set(name, text);
    }
    if (type === 'B') texts.push(preparedTexts.get(cstrings(message, at + 5, 2)[1]) ?? '(unknown statement)');
    at += 1 + length;
  }
  return texts;
}

type Client = { query: (...args: unknown[]) => unknown; execProtocol?: (message: Uint8Array, ...rest: unknown[]) => unknown };

// Learns every prepared statement's text from the start (before the seed's first request).
beforeAll(async () => {
  const client = ((await getDb()) as unknown as { $client: Client }).$client;
  const execProtocol = client.execProtocol;
  if (!execProtocol) return;
  client.execProtocol = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
    boundTexts(message);
    return execProtocol.apply(this, [message, ...rest]);
  };
});
beforeAll(seed);

/** The statements a piece of work sends to the database (outside transactions, as these are). */
async function statementsDuring(db: Database, work: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const original = { query: client.query, execProtocol: client.execProtocol };
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    seen.push(typeof q === 'string' ? q : (q?.text ?? ''));
    return original.query.apply(this, args);
  };
  if (original.execProtocol) {
    client.execProtocol = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
      seen.push(...boundTexts(message));
      return original.execProtocol!.apply(this, [message, ...rest]);
    };
  }
  try {
    await work();
  } finally {
    client.query = original.query;
    if (original.execProtocol) client.execProtocol = original.execProtocol;
  }
  return seen;
}

async function cookieFor(email: string, roles: string[], companyId: number | null = null) {
  const session = await signIn(email);
  return encodeSessionCookie({
    token: { userId: session.id, email, name: 'Pat Tester', roles, companyId, accessToken: session.accessToken, refreshToken: session.refreshToken },
  });
}

/** The request headers the proxy hands on to the page (Next carries them as x-middleware-request-*). */
function forwardedHeaders(res: Response) {
  const names = (res.headers.get('x-middleware-override-headers') ?? '').split(',').filter(Boolean);
  return new Headers(names.map((n): [string, string] => [n, res.headers.get(`x-middleware-request-${n}`) ?? '']));
}

describe('the session cookie', () => {
  it('is next-auth’s format both ways, with a key made once per process', async () => {
    const token = { userId: 7, roles: ['Driver'], email: 'a@b.test' };
    const ours = await encodeSessionCookie({ token });
    await expect(decode({ token: ours, secret: authSecret() })).resolves.toMatchObject(token);
    const theirs = await encode({ token, secret: authSecret() });
    await expect(decodeSessionCookie({ token: theirs })).resolves.toMatchObject(token);
    const made = sessionCookieStats.keyDerivations;
    for (let i = 0; i < 5; i++) await decodeSessionCookie({ token: theirs });
    expect(sessionCookieStats.keyDerivations).toBe(made);
    expect(made).toBeLessThanOrEqual(1);
  });

  it('decrypts with node’s AES-GCM, not WebCrypto, and refuses whatever jose refuses', async () => {
    const token = { userId: 7, roles: ['Driver'] };
    const good = await encode({ token, secret: authSecret() });
    const subtle = jest.spyOn(globalThis.crypto.subtle, 'decrypt');
    try {
      await expect(decodeSessionCookie({ token: good })).resolves.toMatchObject(token);
      expect(subtle).not.toHaveBeenCalled();
    } finally {
      subtle.mockRestore();
    }
    const [header, key, iv, ciphertext, tag] = good.split('.');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const refused = [
      [header, key, iv, flip(ciphertext), tag],
      [header, key, iv, ciphertext, flip(tag)],
      [header, key, flip(iv), ciphertext, tag],
      [b64({ alg: 'dir', enc: 'A256GCM', kid: 'x' }), key, iv, ciphertext, tag], // the header is the additional data
      [b64({ alg: 'dir', enc: 'A128GCM' }), key, iv, ciphertext, tag],
      [b64({ alg: 'dir', enc: 'A256GCM', zip: 'DEF' }), key, iv, ciphertext, tag],
      [header, 'AAAA', iv, ciphertext, tag],
      [header, key, iv, ciphertext, tag.slice(0, 10)],
      [header, key, iv, ciphertext],
    ].map((parts) => parts.join('.'));
    refused.push(await encode({ token, secret: 'another-secret-0123456789abcdef0123456789' }));
    refused.push(await encode({ token, secret: authSecret(), maxAge: -60 })); // expired a minute ago
    for (const bad of refused) await expect(decodeSessionCookie({ token: bad })).rejects.toThrow();
    // Within the 15 s of tolerance it still opens, as with jose.
    await expect(decodeSessionCookie({ token: await encode({ token, secret: authSecret(), maxAge: -5 }) })).resolves.toMatchObject(token);
  });

  it('hand-off: opens only with the same cookie, unaltered and in time', () => {
    const token = { userId: 3, roles: ['Employer'] };
    const sealed = sealSessionHandoff(token, 'cookie-A');
    expect(openSessionHandoff(sealed, 'cookie-A')).toEqual(token);
    expect(openSessionHandoff(sealSessionHandoff(null, 'cookie-A'), 'cookie-A')).toBeNull();
    expect(openSessionHandoff(sealed, 'cookie-B')).toBeUndefined();
    const [payload, expires, mac] = sealed.split('.');
    const forged = Buffer.from(JSON.stringify({ userId: 1, roles: ['SuperAdmin'] })).toString('base64url');
    expect(openSessionHandoff(`${forged}.${expires}.${mac}`, 'cookie-A')).toBeUndefined();
    expect(openSessionHandoff(`${payload}.${Number(expires) + 3600}.${mac}`, 'cookie-A')).toBeUndefined();
    expect(openSessionHandoff(sealed, 'cookie-A', Date.now() + 31_000)).toBeUndefined();
    expect(openSessionHandoff('garbage', 'cookie-A')).toBeUndefined();
    expect(openSessionHandoff(undefined, 'cookie-A')).toBeUndefined();
  });
});

describe('one session read per request', () => {
  it('a signed-in company page: the proxy decrypts the cookie, the layout, page and impersonation header do not', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const value = await cookieFor(user.email, [ROLES.EMPLOYER], 1);
    mockCookies = [{ name: 'next-auth.session-token', value }];
    const before = sessionCookieStats.decodes;
    const res = await proxy(new NextRequest('http://localhost:3000/company/jobs', { headers: { cookie: `next-auth.session-token=${value}` } }));
    expect(res.headers.get('location')).toBeNull();
    mockHeaders = forwardedHeaders(res);
    expect(mockHeaders.get(SESSION_HANDOFF_HEADER)).toBeTruthy();
    await expect(getSessionUser()).resolves.toMatchObject({ id: user.id });
    await expect(currentImpersonation()).resolves.toBeNull();
    expect(sessionCookieStats.decodes - before).toBe(1);
    // Without the proxy (a request that skipped it), the page still reads the cookie itself.
    mockHeaders = new Headers();
    await expect(getSessionUser()).resolves.toMatchObject({ id: user.id });
    expect(sessionCookieStats.decodes - before).toBe(2);
  });

  it('a hand-off a client sends is dropped by the proxy, and never counts with another cookie', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const value = await cookieFor(user.email, [ROLES.EMPLOYER], 1);
    const planted = sealSessionHandoff({ userId: 1, roles: [ROLES.SUPER_ADMIN] }, 'someone else');
    const onPublic = await proxy(new NextRequest('http://localhost:3000/login', { headers: { [SESSION_HANDOFF_HEADER]: planted } }));
    expect(forwardedHeaders(onPublic).get(SESSION_HANDOFF_HEADER)).toBeNull();
    mockCookies = [{ name: 'next-auth.session-token', value }];
    mockHeaders = new Headers({ [SESSION_HANDOFF_HEADER]: planted });
    await expect(getSessionUser()).resolves.toMatchObject({ id: user.id, roles: [ROLES.EMPLOYER] });
  });

  it('GET /employer reads nothing after the actor query', async () => {
    const db = await getDb();
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const { accessToken } = await signIn(user.email);
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsDuring(db, async () => {
      res = await call(employerGet, { token: accessToken });
    });
    expect(res!.status).toBe(200);
    expect(res!.json.data).toMatchObject({ id: user.id, email: user.email, phone: '2145550199', email_verified: true, email_to_verify: null });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from users u/);
  });

  it('POST /jobs/search reads its page and its total in one statement after the actor query', async () => {
    const db = await getDb();
    const accessToken = await tokenFor('employer@demo.test');
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsDuring(db, async () => {
      res = await call(jobSearch, { method: 'POST', token: accessToken, body: { limit: 2 } });
    });
    expect(res!.status).toBe(200);
    expect(res!.json.data).toHaveLength(2);
    expect(res!.json.pagination.total).toBeGreaterThan(2);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/from users u/);
  });

  it('a login reads the roles once', async () => {
    const db = await getDb();
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const statements = await statementsDuring(db, () => signIn(user.email));
    expect(statements.filter((s) => /from "user_roles"/.test(s))).toHaveLength(1);
  });
});
