/**
 * "HTTP, against Next's floor" (issue 16): real requests against the built app, side by side in one
 * run with Next's own floors: the trivial route GET /api/health, and for pages a page rendered on
 * demand by an empty Next app (same next and react; its /dynamic renders one paragraph per request),
 * so a page's cost reads against what Next itself costs for any page here. A benchmark, not a test.
 *
 *   npm run build && npx tsx scripts/bench/http.ts          50 connections, warm-up until steady + 10 s per request
 *   npx tsx scripts/bench/http.ts --quick                   1 connection, 1 s each: CI's smoke (keeps it working)
 *   DATABASE_URL=postgres://…/any npx tsx scripts/bench/http.ts   also a second run on a fresh PostgreSQL database
 *   --no-js skips the first-load JS part. Called by scripts/bench.ts (--http-only / --no-http there).
 *   --only=search,employer loads only the requests whose names contain one of these (and the floors);
 *   --pg-only skips the PGlite run (with DATABASE_URL): quick looks while working on one path.
 *
 * Each run seeds a fresh database (PGlite in a temp folder; PostgreSQL: a new database beside the one
 * DATABASE_URL names, dropped at the end), starts `next start`, signs in ONCE per account (the login
 * rate limit is per account and address, so the load reuses the token and the session cookie) and
 * loads each request with autocannon. It prints req/s, p50, p99, the ratio to the floor and the
 * server's CPU per request (utime+stime of the server process tree from /proc, before and after).
 * It fails (exit 1) if most answers to a request are not 200.
 *
 * First-load JS: an empty Next app (same next/react, app router, one page) is built once into
 * .cache/bench-empty-next/ and reused; each route's first-load JS is measured as e2e/budget.spec.ts
 * does (the scripts the server HTML names, nomodule excluded, each gzipped) and printed over it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { pgAdmin } from './pg-admin';
import { exited, run, seedDatabase, startServer } from '../../e2e/servers';
import { addSection, asCode } from './report';

const ROOT = path.join(__dirname, '..', '..');
const EMPTY_APP = path.join(ROOT, '.cache', 'bench-empty-next');
const PASSWORD = 'Demo1234!';
const TERMS = 'termsAccepted=true';

/** `only`: the requests whose names contain one of these (and the floors); `pgOnly`: no PGlite run (with DATABASE_URL). */
export type HttpOptions = { quick?: boolean; js?: boolean; port?: number; only?: string[]; pgOnly?: boolean };
export type HttpRow = {
  request: string;
  rps: number;
  p50: number;
  p99: number;
  ratio: number;
  /** A page's req/s over the empty app's dynamic page (null: an API call, or no empty app in the run). */
  pageRatio: number | null;
  cpuMs: number | null;
  non2xx: number;
  total: number;
};

/** CPU seconds (user+system) of a process and its descendants, from /proc (Linux only; null elsewhere). */
function cpuSeconds(pid: number): number | null {
  try {
    const tick = 100; // USER_HZ on Linux
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) / tick; // utime, stime
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) total += cpuSeconds(Number(child)) ?? 0;
    }
    return total;
  } catch {
    return null;
  }
}

const cookieHeader = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

/** The API's bearer token: one POST /api/v1.0/auth/login. */
async function accessToken(base: string, email: string) {
  const res = await fetch(`${base}/api/v1.0/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const body = (await res.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`login of ${email}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.data.accessToken;
}

/** A browser session cookie through next-auth's credentials call (what the login form sends). */
async function sessionCookie(base: string, email: string) {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const jar = cookieHeader(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email, password: PASSWORD, device_id: 'bench-http', terms_accepted: 'true', json: 'true' });
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; ') },
    body: form,
    redirect: 'manual',
  });
  const all = [...jar, ...cookieHeader(res)];
  if (!all.some((c) => c.includes('session-token'))) throw new Error(`sign-in of ${email}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return [...all.filter((c) => !c.includes('csrf-token')), TERMS].join('; ');
}

async function publishedJobId(base: string) {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const id = xml.match(/\/jobs\/(\d+)</)?.[1];
  if (!id) throw new Error('no published job in the sitemap');
  return Number(id);
}

/** A measured request; `server` when it is not this app's (Next's page floor, on the empty app); `page` for a page. */
type Target = { name: string; path: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; server?: EmptyApp; page?: boolean };

async function load(base: string, t: Target, connections: number, seconds: number) {
  return autocannon({
    url: (t.server?.base ?? base) + t.path,
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
    connections,
    duration: seconds,
  });
}

/**
 * Loads a request in 2 s rounds until its CPU per request settles: at least 10 s, then until two
 * rounds in a row agree within 5% (at most 40 s). The measure is of a warm server. A page's first
 * few thousand renders run before V8 has optimized React's and the page's code: /company/jobs took
 * 7.0, 5.5, then 5.0 ms of CPU in its first three 8 s rounds and 4.2–4.6 ms from then on, so the
 * earlier fixed 2 s warm-up measured mostly the JIT, and a first try (stop at two rounds within
 * 10%) stopped while it was still warming (docs/benchmarks.md). Without /proc, one 2 s round.
 */
async function warmUp(base: string, t: Target, connections: number, pid: number) {
  let last: number | null = null;
  for (let round = 1; round <= 20; round++) {
    const before = cpuSeconds(pid);
    const r = await load(base, t, connections, 2);
    const after = cpuSeconds(pid);
    if (before === null || after === null || !r.requests.total) return;
    const perRequest = (after - before) / r.requests.total;
    if (round >= 5 && last !== null && Math.abs(perRequest - last) <= 0.05 * last) return;
    last = perRequest;
  }
}

/**
 * Next's data cache on disk (.next/cache/fetch-cache: the public pages' reads) belongs to the
 * database it was read from, and every server of this build shares it: a job an earlier server on
 * another database (the e2e suite's, the other database of this bench) saw closed would be a 404
 * here. Each fresh database starts with none.
 */
function forgetDataCache() {
  fs.rmSync(path.join(process.cwd(), '.next/cache/fetch-cache'), { recursive: true, force: true });
}

/** One database: seed, start, sign in once, then each request in turn; returns the table's rows. */
export async function runOn(label: string, env: NodeJS.ProcessEnv, opts: Required<HttpOptions>, emptyApp?: EmptyApp) {
  console.log(`\n${label}: seeding a fresh database and starting next start on ${opts.port}…`);
  await seedDatabase(env);
  forgetDataCache();
  const server = await startServer(opts.port, env);
  const base = `http://localhost:${opts.port}`;
  try {
    const token = await accessToken(base, 'employer@demo.test');
    const employer = await sessionCookie(base, 'employer@demo.test');
    const jobId = await publishedJobId(base);
    const bearer = { authorization: `Bearer ${token}` };
    const targets: Target[] = [
      { name: 'GET /api/health (floor)', path: '/api/health' },
      ...(emptyApp ? [{ name: "empty Next app's page (page floor)", path: '/dynamic', server: emptyApp, page: true }] : []),
      // What Next itself costs for the search's shape: a POST whose JSON body is read, answered with 5.3 kB of JSON.
      ...(emptyApp ? [{ name: "empty Next app's POST (POST floor)", path: '/api/echo', method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ limit: 10 }), server: emptyApp }] : []),
      { name: 'POST /api/v1.0/jobs/search (token)', path: '/api/v1.0/jobs/search', method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ limit: 10 }) },
      { name: 'GET /api/v1.0/employer (token)', path: '/api/v1.0/employer', headers: bearer },
      { name: '/company/jobs (signed in)', path: '/company/jobs', headers: { cookie: employer }, page: true },
      { name: `/jobs/{id} public page`, path: `/jobs/${jobId}`, headers: { cookie: TERMS }, page: true },
      { name: '/login', path: '/login', headers: { cookie: TERMS }, page: true },
    ];
    const { only } = opts;
    if (only.length) targets.splice(0, targets.length, ...targets.filter((t) => t.name.includes('floor') || only.some((o) => t.name.includes(o))));
    const connections = opts.quick ? 1 : 50;
    const seconds = opts.quick ? 1 : 10;
    const rows: HttpRow[] = [];
    const problems: string[] = [];
    for (const t of targets) {
      const pid = t.server?.child.pid ?? server.pid!;
      // The smoke's 1 s would be spent on a cold process's first render; one request first.
      if (opts.quick) await fetch((t.server?.base ?? base) + t.path, { method: t.method, headers: t.headers, body: t.body }).then((res) => res.arrayBuffer());
      else await warmUp(base, t, connections, pid);
      const before = cpuSeconds(pid);
      const r = await load(base, t, connections, seconds);
      const after = cpuSeconds(pid);
      const total = r.requests.total;
      const failed = r.non2xx + r.errors + r.timeouts;
      if (!total || failed > total / 2) problems.push(`${t.name}: ${failed} of ${total} answers were not 2xx (3xx ${r['3xx']}, 4xx ${r['4xx']}, 5xx ${r['5xx']}, errors ${r.errors}, timeouts ${r.timeouts})`);
      rows.push({
        request: t.name,
        rps: total / seconds,
        p50: r.latency.p50,
        p99: r.latency.p99,
        ratio: 0,
        pageRatio: t.page ? 0 : null,
        cpuMs: before !== null && after !== null && total ? ((after - before) * 1000) / total : null,
        non2xx: failed,
        total,
      });
    }
    const pageFloor = emptyApp ? rows[1].rps : null;
    for (const row of rows) {
      row.ratio = row.rps / rows[0].rps;
      row.pageRatio = row.pageRatio === null || pageFloor === null ? null : row.rps / pageFloor;
    }
    const title = `${label}, ${connections} connection(s), ${seconds} s per request`;
    addSection(`HTTP against Next's floor: ${label}`, asCode(printTable(title, rows)));
    if (problems.length) throw new Error(`most answers failed:\n  ${problems.join('\n  ')}`);
    const js = opts.js ? await routeJs(base, employer, jobId) : null;
    return { rows, js };
  } finally {
    server.kill('SIGTERM');
    await exited(server);
  }
}

/** Prints the table and returns it (the report keeps it as printed). */
export function printTable(title: string, rows: HttpRow[]) {
  const lines = [
    title,
    `${'request'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× floor'.padStart(8)} ${'× page floor'.padStart(13)} ${'CPU ms/req'.padStart(11)} ${'non-2xx'.padStart(8)}`,
    ...rows.map(
      (r) =>
        `${r.request.padEnd(38)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${r.ratio.toFixed(2).padStart(8)} ${(r.pageRatio === null ? '–' : r.pageRatio.toFixed(2)).padStart(13)} ${(r.cpuMs === null ? '–' : r.cpuMs.toFixed(2)).padStart(11)} ${String(r.non2xx).padStart(8)}`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  return lines.join('\n');
}

/** First-load JS of one page: the scripts its server HTML names (nomodule excluded), each gzipped (as e2e/budget.spec.ts). */
async function firstLoadJs(base: string, route: string, cookie: string) {
  const res = await fetch(base + route, { headers: { cookie }, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
  const html = await res.text();
  const srcs = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter((m) => !/\bnomodule\b/i.test(m[0])).map((m) => m[1]);
  let total = 0;
  for (const src of new Set(srcs)) total += gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())).length;
  return total;
}

async function routeJs(base: string, employer: string, jobId: number) {
  const driver = await sessionCookie(base, 'driver@demo.test');
  const admin = await sessionCookie(base, 'superadmin@demo.test');
  const routes: [string, string][] = [
    ['/login', TERMS],
    ['/signup', TERMS],
    [`/jobs/${jobId}`, TERMS],
    ['/company/jobs', employer],
    ['/company/jobs/new', employer],
    ['/members/home', driver],
    ['/admin/company-list', admin],
  ];
  const out: { route: string; bytes: number }[] = [];
  for (const [route, cookie] of routes) out.push({ route: route.replace(/\/jobs\/\d+$/, '/jobs/{id}'), bytes: await firstLoadJs(base, route, cookie) });
  return out;
}

export type EmptyApp = { child: ChildProcess; base: string };

/**
 * The empty app: built once (same next and react as this repo, through its node_modules), then
 * reused. Its `/` is static (the first-load JS floor); its `/dynamic` renders a paragraph per request,
 * which is Next's own floor for a page rendered on demand (the yardstick for this app's pages); its
 * `POST /api/echo` reads a JSON body and answers 5.3 kB of JSON, Next's own cost for the search's shape.
 */
export async function startEmptyApp(port: number): Promise<EmptyApp> {
  if (!['.next/BUILD_ID', 'app/dynamic/page.js', 'app/api/echo/route.js', 'instrumentation.js'].every((f) => fs.existsSync(path.join(EMPTY_APP, f)))) {
    console.log(`Building the empty Next app once into ${path.relative(ROOT, EMPTY_APP)}/…`);
    fs.rmSync(EMPTY_APP, { recursive: true, force: true });
    fs.mkdirSync(path.join(EMPTY_APP, 'app', 'dynamic'), { recursive: true });
    fs.writeFileSync(path.join(EMPTY_APP, 'package.json'), JSON.stringify({ name: 'bench-empty-next', private: true }, null, 2));
    // next and react resolve from this repo's node_modules, two folders up; the root says so to Turbopack.
    fs.writeFileSync(path.join(EMPTY_APP, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(ROOT)} } };\n`);
    // Its own empty instrumentation: without one, Next takes the Turbopack root's (this repo's), and the
    // floor would run this app's start checks and its scheduled tick (a database, every minute).
    fs.writeFileSync(path.join(EMPTY_APP, 'instrumentation.js'), 'export function register() {}\n');
    fs.writeFileSync(path.join(EMPTY_APP, 'app', 'layout.js'), `export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`);
    fs.writeFileSync(path.join(EMPTY_APP, 'app', 'page.js'), `export default function Page() {\n  return <main>Hello</main>;\n}\n`);
    fs.writeFileSync(
      path.join(EMPTY_APP, 'app', 'dynamic', 'page.js'),
      `import { connection } from 'next/server';\n\nexport default async function Page() {\n  await connection();\n  return <main>Hello</main>;\n}\n`,
    );
    // A POST route handler that reads its JSON body and answers as much JSON as a page of ten job
    // summaries (5.3 kB): Next's own cost for `POST /jobs/search`'s shape, with no app around it.
    fs.mkdirSync(path.join(EMPTY_APP, 'app', 'api', 'echo'), { recursive: true });
    fs.writeFileSync(
      path.join(EMPTY_APP, 'app', 'api', 'echo', 'route.js'),
      `const items = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title: 'x'.repeat(500) }));\n\nexport async function POST(request) {\n  const input = await request.json();\n  return Response.json({ data: items, pagination: { offset: 0, limit: input.limit ?? 10, total: 10 } });\n}\n`,
    );
    await run(process.execPath, [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build', EMPTY_APP], { ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
  }
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', EMPTY_APP, '-p', String(port)], { stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/dynamic`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (i > 100 || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the empty Next app did not start on ${port}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function stopEmptyApp(app: EmptyApp) {
  app.child.kill('SIGTERM');
  await exited(app.child);
}

export async function benchHttp(options: HttpOptions = {}) {
  const opts: Required<HttpOptions> = {
    quick: !!options.quick,
    js: options.js ?? true,
    port: options.port ?? Number(process.env.BENCH_PORT || 3400),
    only: options.only ?? [],
    pgOnly: !!options.pgOnly,
  };
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('No build: run `npm run build` first (the HTTP bench loads the built app).');
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`);
  const secret = process.env.AUTH_SECRET || `bench-${Date.now()}-0123456789abcdef0123456789`;
  // The tick stays off (startServer's default) so that it does not compete with the measured requests.
  const { DATABASE_URL, ...rest } = process.env;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-bench-http-'));
  const results: { label: string; rows: HttpRow[]; js: { route: string; bytes: number }[] | null }[] = [];
  // Next's page floor is loaded in the same run as the rest; the JS floor is read from it at the end.
  const emptyApp = await startEmptyApp(opts.port + 1);
  let jsFloor: number | null = null;
  try {
    const env: NodeJS.ProcessEnv = { ...rest, DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, 'pglite'), AUTH_SECRET: secret };
    if (!(DATABASE_URL && opts.pgOnly)) results.push({ label: 'PGlite', ...(await runOn('PGlite', env, opts, emptyApp)) });
    if (DATABASE_URL) {
      const url = new URL(DATABASE_URL);
      const name = `tna_bench_http_${Date.now()}`;
      await pgAdmin(url, `create database ${name}`);
      try {
        const pgUrl = new URL(url);
        pgUrl.pathname = `/${name}`;
        const pgDir = path.join(dataDir, 'pg');
        results.push({ label: 'PostgreSQL', ...(await runOn('PostgreSQL', { ...env, DATA_DIR: pgDir, DATABASE_URL: pgUrl.toString() }, opts, emptyApp)) });
      } finally {
        await pgAdmin(url, `drop database if exists ${name} with (force)`).catch(() => {});
      }
    }
    if (opts.js) jsFloor = await firstLoadJs(emptyApp.base, '/', '');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await stopEmptyApp(emptyApp);
  }
  if (results.length > 1) {
    const lines = [
      'Side by side (× the trivial route; CPU ms per request):',
      `${'request'.padEnd(38)} ${results.map((r) => r.label.padStart(22)).join(' ')}`,
      ...results[0].rows.map((row, i) => `${row.request.padEnd(38)} ${results.map((r) => `${r.rows[i].ratio.toFixed(2)}× (${r.rows[i].cpuMs?.toFixed(1) ?? '–'} ms)`.padStart(22)).join(' ')}`),
    ];
    console.log(`\n${lines.join('\n')}`);
    addSection("HTTP against Next's floor: side by side", asCode(lines.join('\n')));
  }
  const js = results[0].js;
  if (js && jsFloor !== null) {
    const floor = jsFloor;
    const lines = [
      `First-load JS (gzipped), empty Next app: ${(floor / 1024).toFixed(1)} kB`,
      `${'route'.padEnd(24)} ${'kB'.padStart(7)} ${'over floor'.padStart(11)}`,
      ...js.map((r) => `${r.route.padEnd(24)} ${(r.bytes / 1024).toFixed(1).padStart(7)} ${`+${((r.bytes - floor) / 1024).toFixed(1)}`.padStart(11)}`),
    ];
    console.log(`\n${lines.join('\n')}`);
    addSection('First-load JS (the bench\'s sample of routes; e2e/budget.spec.ts checks every route)', asCode(lines.join('\n')));
  }
  return results;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const started = Date.now();
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  benchHttp({ quick: argv.includes('--quick'), js: !argv.includes('--no-js'), only, pgOnly: argv.includes('--pg-only') })
    .then(() => console.log(`\nHTTP bench done in ${((Date.now() - started) / 1000).toFixed(0)} s.`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
