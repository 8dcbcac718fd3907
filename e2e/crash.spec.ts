import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { PG, exited, origin, pgAdmin, seedDatabase, startServer } from './servers';
import { PASSWORD } from './support';

/**
 * Issue 17 "Crash" and "Operations": the built app killed with SIGKILL in the middle of a stream
 * of writes keeps every write it acknowledged with 2xx, and opens its database again without help
 * (embedded PGlite and PostgreSQL); SIGTERM stops taking new connections and finishes the request
 * in flight.
 */

const port = Number(process.env.E2E_PORT || 3100) + 30;
const SECRET = 'crash-secret-0123456789abcdef0123456789';
const clientIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A job the API accepts (the wizard's first step, one address). */
const job = (n: number) => ({
  title: `Crash-safe job ${n}`,
  job_type: 'dry_van',
  home_time: 'HW',
  required_experience: 'Y1',
  job_description: { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Written before the crash.', format: 0 }] }] } },
  expected_pay: 1500,
  salary_type: 'weekly',
  addresses: [{ street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }],
});

async function token() {
  const res = await fetch(`${origin(port)}/api/v1.0/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
    body: JSON.stringify({ email: 'employer@demo.test', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.accessToken as string;
}

const createJob = (auth: string, n: number) =>
  fetch(`${origin(port)}/api/v1.0/jobs`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` }, body: JSON.stringify(job(n)) });

/**
 * Four writers create jobs until `killAfter` are acknowledged, then the server is killed with
 * SIGKILL while writes are still in flight; answers the ids that were acknowledged.
 */
async function writeThenKill(server: ChildProcess, killAfter: number) {
  const auth = await token();
  const acknowledged: number[] = [];
  let n = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      try {
        const res = await createJob(auth, ++n);
        if (res.status === 201) acknowledged.push((await res.json()).data.jobs[0].id);
        else expect(res.status, await res.text()).toBe(201);
      } catch {
        return; // the connection died with the server: that write was never acknowledged
      }
      if (acknowledged.length >= killAfter && !killed) {
        killed = true;
        server.kill('SIGKILL');
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  expect(await exited(server)).toEqual({ code: null, signal: 'SIGKILL' });
  return { acknowledged, attempted: n };
}

async function expectAllThere(ids: number[]) {
  const auth = await token();
  const missing: number[] = [];
  for (const id of ids) {
    const res = await fetch(`${origin(port)}/api/v1.0/jobs/${id}`, { headers: { authorization: `Bearer ${auth}` } });
    if (res.status !== 200) missing.push(id);
  }
  expect(missing, `acknowledged jobs lost after the crash: ${missing.join(', ')}`).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

let dataDir: string;
let pgDb = '';
test.beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-crash-'));
});
test.afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgDb) await pgAdmin(`drop database if exists ${pgDb} with (force)`).catch(() => {});
});

const pgliteEnv = () => ({ ...process.env, PGLITE_DIR: path.join(dataDir, 'pglite'), DATA_DIR: dataDir, AUTH_SECRET: SECRET, TRUSTED_PROXIES: '1' });

/** Seeds, writes until 25 are acknowledged, kills, restarts on the same data and looks for every write. */
async function crashAndRestart(label: string, env: NodeJS.ProcessEnv) {
  await seedDatabase(env);
  const { acknowledged, attempted } = await writeThenKill(await startServer(port, env), 25);
  expect(acknowledged.length).toBeGreaterThanOrEqual(25);
  // The same database opens again on its own: no repair step between the crash and the restart.
  const again = await startServer(port, env);
  try {
    await expectAllThere(acknowledged);
    console.log(`crash (${label}): ${acknowledged.length} writes acknowledged of ${attempted} sent before SIGKILL, 0 lost`);
  } finally {
    again.kill('SIGKILL');
    await exited(again);
  }
}

test('SIGKILL in the middle of writes on PGlite: every acknowledged write is there after a restart', async () => {
  test.setTimeout(240_000);
  await crashAndRestart('PGlite', pgliteEnv());
});

test('SIGKILL in the middle of writes on PostgreSQL: every acknowledged write is there after a restart', async () => {
  test.setTimeout(240_000);
  pgDb = `tna_crash_${Date.now().toString(36)}`;
  await pgAdmin(`create database ${pgDb}`);
  await crashAndRestart('PostgreSQL', { ...process.env, DATABASE_URL: `${PG}/${pgDb}`, DATA_DIR: dataDir, AUTH_SECRET: SECRET, TRUSTED_PROXIES: '1' });
});

test('SIGTERM: no new connections, and the request in flight is finished', async () => {
  test.setTimeout(120_000);
  const server = await startServer(port, pgliteEnv());
  // `npm start` keeps an idle connection 65 s (README, "Any machine"): longer than a balancer's
  // 60 s, so the server is never the side that closes a kept connection a request is coming on.
  expect((await fetch(`${origin(port)}/api/health`)).headers.get('keep-alive')).toBe('timeout=65');
  const auth = await token();
  const body = Buffer.from(JSON.stringify(job(0)));

  // A request whose body is still arriving when the signal comes.
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(`${origin(port)}/api/v1.0/jobs`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${auth}` } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.write(body.subarray(0, 20));
    setTimeout(() => req.end(body.subarray(20)), 1500);
  });
  await new Promise((r) => setTimeout(r, 300));
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));

  // New connections are refused once the signal is handled. The handler runs on the server's event
  // loop, which may be busy for a moment (the embedded database works on it), so this asks until the
  // listener is closed instead of once after a fixed pause. Each probe opens a connection of its own
  // (agent: false): fetch would reuse the kept-alive one of the sign-in above, which a closed
  // listener does not end, and every probe on it would keep it alive.
  const connects = () =>
    new Promise<boolean>((resolve) => {
      const req = http.get(`${origin(port)}/api/health`, { agent: false }, (res) => {
        res.resume();
        resolve(true);
      });
      // Only a refusal counts: a probe that times out on a busy loop is asked again.
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code !== 'ECONNREFUSED'));
      req.setTimeout(2_000, () => req.destroy());
    });
  const refused = async () => {
    for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      if (!(await connects())) return true;
    }
    return false;
  };
  expect(await refused()).toBe(true);
  const { status, text } = await answer;
  expect(status, text).toBe(201);
  expect(await exited(server)).toEqual({ code: 143, signal: null });

  // What it acknowledged on the way out is kept.
  const id = JSON.parse(text).data.jobs[0].id as number;
  const again = await startServer(port, pgliteEnv());
  try {
    await expectAllThere([id]);
  } finally {
    again.kill('SIGKILL');
    await exited(again);
  }
});
