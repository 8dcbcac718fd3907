/**
 * The access-control matrix (issue 2, "Tests and CI"): every API handler times anonymous and each
 * of the nine demo roles, expected from lib/access.ts. Route files are found on disk when the test
 * runs, so a route another engineer adds is checked without touching this file.
 *
 * Rules: anonymous gets 401 unless the policy is 'public'; a role the policy does not allow gets 403;
 * an allowed role gets neither 401 nor 403, and never a 500. Public routes are never refused by the
 * gate (no 403, no 500), though a handler may still answer 401 for its own reason (a bad refresh token).
 * Handlers without an `.access` property (not route()-wrapped) are skipped only outside app/api/v1.0
 * (next-auth's own handlers under app/api/auth); inside it they fail the suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { API_ACCESS, ROLE_LABELS, allows, type ApiAccess, type Role } from '@/lib/access';
import type { RouteHandler } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { DEMO_USERS } from '@/lib/db/seed/accounts';
import { call, tokenFor } from '../helpers/http';
import { isOtherMethod } from '@/lib/api/not-allowed';
import { seed } from '../helpers/seed';

const API_ROOT = path.join(process.cwd(), 'app', 'api');
const V1 = path.join(API_ROOT, 'v1.0');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MISSING_ID = '999999';

function routeFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === 'route.ts' ? [path.join(dir, e.name)] : []))
    .sort();
}

/** app/api/v1.0/companies/[id]/route.ts → /api/v1.0/companies/[id] */
const templateOf = (file: string) => '/' + path.relative(path.join(process.cwd(), 'app'), path.dirname(file)).split(path.sep).join('/');

/** Fills every dynamic segment with an id that does not exist. */
function fill(template: string) {
  const params: Record<string, string | string[]> = {};
  const url = template.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, name: string) => {
    params[name] = rest ? [MISSING_ID] : MISSING_ID;
    return MISSING_ID;
  });
  return { url: `http://localhost:3000${url}`, params };
}

type Case = { template: string; method: (typeof METHODS)[number]; handler: RouteHandler; access: ApiAccess };
const cases: Case[] = [];
const skipped: string[] = [];
const unwrapped: string[] = [];
const broken: { file: string; error: string }[] = [];

for (const file of routeFiles(API_ROOT)) {
  let mod: Record<string, unknown>;
  try {
    mod = jest.requireActual<Record<string, unknown>>(file);
  } catch (error) {
    broken.push({ file: path.relative(process.cwd(), file), error: String(error) });
    continue;
  }
  const template = templateOf(file);
  for (const method of METHODS) {
    const handler = mod[method] as RouteHandler | undefined;
    // The 405 answers of the methods a route does not serve (lib/api/other-methods.ts) are no handler of their own.
    if (typeof handler !== 'function' || isOtherMethod(handler)) continue;
    if (!('access' in handler)) {
      (file.startsWith(V1 + path.sep) ? unwrapped : skipped).push(`${method} ${template}`);
      continue;
    }
    cases.push({ template, method, handler, access: handler.access });
  }
}

const DEMO_BY_ROLE = new Map(DEMO_USERS.map((u) => [u.role, u]));
const ROLES_UNDER_TEST = [...DEMO_BY_ROLE.keys()];
const tokens = new Map<Role, string>();
let clones = 0;

/**
 * A throwaway copy of the role's demo user (same company, same password): unsafe calls that an
 * allowed role gets through (logout, delete account) then cannot spoil the other cases.
 */
async function throwawayToken(role: Role) {
  const db = await getDb();
  const demo = DEMO_BY_ROLE.get(role)!;
  const [source] = await db.select().from(users).where(eq(users.email, demo.email));
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const email = `matrix-${++clones}-${demo.email}`;
  const [user] = await db.insert(users).values({ ...copy, email, phone: null }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, role });
  return tokenFor(email);
}

const expectation = (access: ApiAccess, role: Role | null) => {
  const guard = API_ACCESS[access];
  if (guard === 'public') return 'public';
  if (!role) return 401;
  return allows(guard, [role], true) ? 'allowed' : 403;
};

const label = (e: ReturnType<typeof expectation>) => (e === 'allowed' ? 'allowed (not 401/403)' : e === 'public' ? 'not refused (public)' : String(e));

beforeAll(async () => {
  await seed();
  for (const role of ROLES_UNDER_TEST) tokens.set(role, await tokenFor(DEMO_BY_ROLE.get(role)!.email));
});

describe('API route discovery', () => {
  it('finds the route files and imports every one of them', () => {
    expect(broken).toEqual([]);
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.map((c) => `${c.method} ${c.template}`)).toEqual(expect.arrayContaining(['POST /api/v1.0/auth/login', 'GET /api/v1.0/employer']));
    const subjects = ROLES_UNDER_TEST.length + 1;
    console.log(`access matrix: ${cases.length} handlers × ${subjects} callers (${ROLES_UNDER_TEST.length} roles + anonymous) = ${cases.length * subjects} requests`);
  });

  it('wraps every handler under app/api/v1.0 with route() (an .access policy)', () => {
    expect(unwrapped).toEqual([]);
  });

  it('skips only handlers outside app/api/v1.0 that are not route()-wrapped (next-auth, and the public health probes)', () => {
    // The probes answer anyone and must not touch the session store (tested in __tests__/api/ops).
    const probes = ['GET /api/health', 'GET /api/ready'];
    expect(skipped.every((s) => s.split(' ')[1].startsWith('/api/auth/') || probes.includes(s))).toBe(true);
  });

  it('names a policy that exists in API_ACCESS for every handler', () => {
    for (const c of cases) expect(Object.keys(API_ACCESS)).toContain(c.access);
  });
});

describe.each(cases)('$method $template ($access)', ({ template, method, handler, access }) => {
  const subjects: (Role | null)[] = [null, ...ROLES_UNDER_TEST];
  const rows = subjects.map((role) => {
    const expected = expectation(access, role);
    return { role, name: role ? ROLE_LABELS[role] : 'anonymous', expected, shown: label(expected) };
  });
  it.each(rows)(`${method} ${template} as $name → $shown`,
    async ({ role, expected }) => {
      const { url, params } = fill(template);
      const fresh = role && expected === 'allowed' && UNSAFE.has(method);
      const token = role ? (fresh ? await throwawayToken(role) : tokens.get(role)) : undefined;
      const res = await call(handler, {
        method,
        url,
        params: params as Record<string, string>,
        token,
        ...(UNSAFE.has(method) ? { body: {} } : {}),
      });
      const seen = `${res.status} ${JSON.stringify(res.json?.errors ?? '')}`;
      if (expected === 401 || expected === 403) {
        expect(seen).toBe(`${expected} ${JSON.stringify(res.json?.errors ?? '')}`);
        // RFC 6750: a 401 names the scheme to authenticate with.
        if (expected === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
      } else {
        expect(seen).not.toMatch(/^403 /);
        expect(seen).not.toMatch(/^5\d\d /);
        if (expected === 'allowed') expect(seen).not.toMatch(/^401 /);
      }
    },
  );
});
