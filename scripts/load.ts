/**
 * npm run load: many users at once for a while, every write read back (issue 17 "Load").
 *
 *   npm run build && npm run load                      50 users, 60 s, on a fresh seeded PGlite
 *   DATABASE_URL=postgres://… npm run load            the same on a fresh PostgreSQL database
 *   npm run load -- --users 20 --seconds 15 --url http://localhost:3000   against a running app
 *                                                      (it needs the demo seed and TRUSTED_PROXIES=1)
 *
 * Mixed traffic: employers (4 in 10) sign in once, then create a job, read it back, rename it,
 * read it back, search their list and read their account; drivers (4 in 10) sign up, sign in and
 * apply to the live jobs of the sitemap one after another, reading their applications back after
 * each; visitors (2 in 10) open public job pages, /login and the sitemap. Each user has an address
 * of its own (X-Forwarded-For, honoured by TRUSTED_PROXIES=1), as real users would.
 *
 * It fails (exit 1) on any 5xx, any answer other than the expected ones, any write that does not
 * read back as written, and any job acknowledged with 201 that is missing at the end. It prints
 * requests, errors, p50 and p99 per kind of request. A load run, not a timed test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { PG, exited, pgAdmin, seedDatabase, startServer } from '../e2e/servers';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};
const USERS = Number(arg('users', '50'));
const SECONDS = Number(arg('seconds', '60'));
const PORT = Number(process.env.LOAD_PORT || 3600);
const PASSWORD = 'Demo1234!';
const SECRET = process.env.AUTH_SECRET || `load-${Date.now()}-0123456789abcdef0123456789`;

type Stat = { ms: number[]; failures: Map<string, number> };
const stats = new Map<string, Stat>();
const problems: string[] = [];
const acknowledgedJobs: { id: number; title: string; token: string }[] = [];
let base = arg('url', `http://localhost:${PORT}`);
let deadline = 0;

const ip = (n: number) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const stat = (kind: string) => {
  let s = stats.get(kind);
  if (!s) stats.set(kind, (s = { ms: [], failures: new Map() }));
  return s;
};

/** One request, timed; an answer outside `ok` is counted (and a 5xx is always a problem). */
async function call(kind: string, url: string, init: RequestInit & { ip: string; token?: string }, ok: number[] = [200]): Promise<{ status: number; body: any } | null> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', init.ip);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const started = performance.now();
  try {
    const res = await fetch(base + url, { ...init, headers, redirect: 'manual' });
    const text = await res.text();
    stat(kind).ms.push(performance.now() - started);
    if (!ok.includes(res.status)) {
      const key = `${res.status}`;
      stat(kind).failures.set(key, (stat(kind).failures.get(key) ?? 0) + 1);
      if (res.status >= 500 || stat(kind).failures.get(key) === 1) problems.push(`${kind}: ${res.status} ${text.slice(0, 200)}`);
      return null;
    }
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: res.status, body };
  } catch (error) {
    stat(kind).failures.set('network', (stat(kind).failures.get('network') ?? 0) + 1);
    problems.push(`${kind}: ${(error as Error).message}`);
    return null;
  }
}

const json = (value: unknown) => JSON.stringify(value);
const jobBody = (title: string) => ({
  title,
  job_type: 'dry_van',
  home_time: 'HW',
  required_experience: 'Y1',
  job_description: { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Posted under load.', format: 0 }] }] } },
  expected_pay: 1500,
  salary_type: 'weekly',
  addresses: [{ street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }],
});

async function signIn(email: string, at: string) {
  const res = await call('POST /auth/login', '/api/v1.0/auth/login', { method: 'POST', ip: at, body: json({ email, password: PASSWORD }) });
  return (res?.body as { data?: { accessToken?: string } } | undefined)?.data?.accessToken ?? null;
}

async function employer(n: number) {
  const at = ip(n);
  const token = await signIn(n % 2 ? 'employer@demo.test' : 'companyadmin@demo.test', at);
  if (!token) return;
  for (let i = 0; Date.now() < deadline; i++) {
    const title = `Load ${n}-${i} ${Date.now().toString(36)}`;
    const created = await call('POST /jobs', '/api/v1.0/jobs', { method: 'POST', ip: at, token, body: json(jobBody(title)) }, [201]);
    const id = created?.body?.data?.jobs?.[0]?.id as number | undefined;
    if (!id) continue;
    const record = { id, title, token };
    acknowledgedJobs.push(record);
    const read = await call('GET /jobs/{id}', `/api/v1.0/jobs/${id}`, { ip: at, token });
    if (read && read.body.data?.title !== title) problems.push(`job ${id} read back as "${read.body.data?.title}", written "${title}"`);
    const renamed = `${title} (renamed)`;
    if (await call('PATCH /jobs/{id}', `/api/v1.0/jobs/${id}`, { method: 'PATCH', ip: at, token, body: json({ title: renamed }) })) {
      record.title = renamed;
      const again = await call('GET /jobs/{id}', `/api/v1.0/jobs/${id}`, { ip: at, token });
      if (again && again.body.data?.title !== renamed) problems.push(`job ${id} read back as "${again.body.data?.title}" after renaming to "${renamed}"`);
    }
    await call('POST /jobs/search', '/api/v1.0/jobs/search', { method: 'POST', ip: at, token, body: json({ limit: 10 }) });
    await call('GET /employer', '/api/v1.0/employer', { ip: at, token });
  }
}

async function driver(n: number, liveJobs: number[]) {
  const at = ip(n);
  const email = `load.${n}.${Date.now().toString(36)}@example.test`;
  const signedUp = await call('POST /auth/signup', '/api/v1.0/auth/signup', {
    method: 'POST',
    ip: at,
    body: json({ email, password: PASSWORD, first_name: 'Load', last_name: `Driver ${String.fromCharCode(65 + (n % 26))}`, phone: '(214)555-0142', role: 'member', tn_newsletters: false }),
  }, [200, 201]);
  if (!signedUp) return;
  const token = await signIn(email, at);
  if (!token) return;
  const applied = new Set<number>();
  for (let i = n % Math.max(1, liveJobs.length); Date.now() < deadline; i++) {
    const jobId = liveJobs[i % liveJobs.length];
    if (!jobId || applied.size >= liveJobs.length) {
      await call('GET /members/applications', '/api/v1.0/members/applications?limit=50', { ip: at, token });
      continue;
    }
    if (applied.has(jobId)) continue;
    const res = await call('POST /jobs/{id}/apply', `/api/v1.0/jobs/${jobId}/apply`, { method: 'POST', ip: at, token, body: json({ message: 'Applied under load.' }) }, [201]);
    if (!res) continue;
    applied.add(jobId);
    const mine = await call('GET /members/applications', '/api/v1.0/members/applications?limit=50', { ip: at, token });
    const ids = ((mine?.body?.data ?? []) as { job_id: number }[]).map((a) => a.job_id);
    if (mine && !ids.includes(jobId)) problems.push(`driver ${n}: the application to job ${jobId} is not in their list`);
  }
}

async function visitor(n: number, liveJobs: number[]) {
  const at = ip(n);
  for (let i = n; Date.now() < deadline; i++) {
    const id = liveJobs[i % Math.max(1, liveJobs.length)];
    if (id) await call('GET /jobs/{id} (public page)', `/jobs/${id}`, { ip: at });
    await call('GET /login', '/login', { ip: at, headers: { cookie: 'termsAccepted=true' } });
    if (i % 10 === 0) await call('GET /sitemap.xml', '/sitemap.xml', { ip: at });
  }
}

async function liveJobIds() {
  const res = await fetch(`${base}/sitemap.xml`);
  return [...(await res.text()).matchAll(/\/jobs\/(\d+)</g)].map((m) => Number(m[1]));
}

function pct(ms: number[], p: number) {
  const s = [...ms].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)] : NaN;
}

async function main() {
  let server: ChildProcess | undefined;
  let dataDir = '';
  let pgDb = '';
  if (!argv.includes('--url')) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-load-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, 'pglite'), AUTH_SECRET: SECRET, TRUSTED_PROXIES: '1', TICK_INTERVAL_SECONDS: '60' };
    if (process.env.DATABASE_URL) {
      pgDb = `tna_load_${Date.now()}`;
      await pgAdmin(`create database ${pgDb}`);
      env.DATABASE_URL = `${PG}/${pgDb}`;
    }
    console.log(`Seeding a fresh ${pgDb ? 'PostgreSQL' : 'PGlite'} database and starting next start on ${PORT}…`);
    await seedDatabase(env);
    server = await startServer(PORT, env);
    base = `http://localhost:${PORT}`;
  }
  try {
    const liveJobs = await liveJobIds();
    console.log(`${USERS} users for ${SECONDS} s against ${base} (${liveJobs.length} live jobs to apply to)…`);
    deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: USERS }, (_, n) => (n % 10 < 4 ? employer(n) : n % 10 < 8 ? driver(n, liveJobs) : visitor(n, liveJobs))),
    );
    const elapsed = (Date.now() - started) / 1000;

    // Every job acknowledged with 201 is still there, with the title last written.
    for (const job of acknowledgedJobs) {
      const res = await fetch(`${base}/api/v1.0/jobs/${job.id}`, { headers: { authorization: `Bearer ${job.token}`, 'x-forwarded-for': ip(9999) } });
      const body = res.ok ? await res.json() : null;
      if (!body) problems.push(`job ${job.id} acknowledged but missing (${res.status})`);
      else if (body.data?.title !== job.title) problems.push(`job ${job.id} ends as "${body.data?.title}", last written "${job.title}"`);
    }

    const rows = [...stats.entries()].sort(([a], [b]) => a.localeCompare(b));
    const total = rows.reduce((n, [, s]) => n + s.ms.length, 0);
    console.log(`\n${'request'.padEnd(34)} ${'count'.padStart(7)} ${'failed'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    for (const [kind, s] of rows) {
      const failed = [...s.failures.values()].reduce((a, b) => a + b, 0);
      const why = failed ? `  (${[...s.failures.entries()].map(([k, v]) => `${k}×${v}`).join(', ')})` : '';
      console.log(`${kind.padEnd(34)} ${String(s.ms.length).padStart(7)} ${String(failed).padStart(7)} ${pct(s.ms, 0.5).toFixed(1).padStart(8)} ${pct(s.ms, 0.99).toFixed(1).padStart(8)}${why}`);
    }
    console.log(`\n${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)} req/s); ${acknowledgedJobs.length} jobs created and re-read at the end.`);
    if (problems.length) {
      console.log(`\n${problems.length} problem(s):\n  ${problems.slice(0, 30).join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('No errors, every write read back as written.');
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await exited(server);
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgDb) await pgAdmin(`drop database if exists ${pgDb} with (force)`).catch(() => {});
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
