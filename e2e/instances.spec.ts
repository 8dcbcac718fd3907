import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { SMTPServer } from 'smtp-server';
import { PG, origin, pgAdmin, seedDatabase, startServer } from './servers';
import { PASSWORD, skipTermsDialog } from './support';

/**
 * Issue 17 "Several instances as one": two `next start` processes of this build over ONE PostgreSQL
 * database and the machine's Redis, with one shared upload folder, behave as one app:
 * a session made on one works on the other (API token and browser cookie); login rate limits are
 * counted across both; the tick called on both at once does its work once (each mail reaches the
 * SMTP server once); a chunked upload started on one finishes on the other.
 *
 * Needs PostgreSQL and Redis on loopback (INSTANCES_PG_URL, default postgres://postgres@127.0.0.1:5432;
 * INSTANCES_REDIS_URL, default redis://127.0.0.1:6379), as on this machine and in CI.
 */

const REDIS = process.env.INSTANCES_REDIS_URL || 'redis://127.0.0.1:6379';
const basePort = Number(process.env.E2E_PORT || 3100) + 20;
const PORTS = [basePort, basePort + 1];
const DB = `tna_instances_${Date.now().toString(36)}`;
const SECRET = 'instances-secret-0123456789abcdef0123456789';
const CRON = 'instances-cron-secret';
/** Each run its own client address: the Redis counters outlive the run. */
const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

type Received = string[];
let servers: ChildProcess[] = [];
let smtp: SMTPServer;
const received: Received = [];
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  await pgAdmin(`create database ${DB}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-instances-'));
  const env = {
    ...process.env,
    DATABASE_URL: `${PG}/${DB}`,
    REDIS_URL: REDIS,
    DATA_DIR: dataDir,
    AUTH_SECRET: SECRET,
    CRON_SECRET: CRON,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TRUSTED_PROXIES: '1',
  };
  await seedDatabase(env);
  // The tick runs only when this test calls it on both instances (startServer turns the timer off).
  servers = await Promise.all(PORTS.map((port) => startServer(port, env)));
});

test.afterAll(async () => {
  for (const s of servers) s.kill('SIGTERM');
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await pgAdmin(`drop database if exists ${DB} with (force)`).catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function login(request: APIRequestContext, port: number, email: string, password = PASSWORD) {
  return request.post(`${origin(port)}/api/v1.0/auth/login`, { data: { email, password }, headers: { 'x-forwarded-for': clientIp } });
}

test('a session made on one instance works on the other (token and browser cookie)', async ({ request, page, context }) => {
  const res = await login(request, PORTS[0], 'employer@demo.test');
  expect(res.status(), await res.text()).toBe(200);
  const { accessToken } = (await res.json()).data;
  const me = await request.get(`${origin(PORTS[1])}/api/v1.0/employer`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.email).toBe('employer@demo.test');

  // In the browser: sign in on the first, open the jobs on the second (cookies are per host, not port).
  await skipTermsDialog(context, origin(PORTS[0]));
  await page.goto(`${origin(PORTS[0])}/login`);
  await page.getByLabel('Email', { exact: true }).fill('companyadmin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.goto(`${origin(PORTS[1])}/company/jobs`);
  await expect(page).toHaveURL(/\/company\/jobs/);
  await expect(page.getByText('companyadmin@demo.test').first()).toBeVisible();
});

test('a tag added or a logout on one instance applies on the other at once (issue 16: what each remembers)', async ({ request }) => {
  const { accessToken } = (await (await login(request, PORTS[0], 'employer@demo.test')).json()).data;
  const auth = { authorization: `Bearer ${accessToken}` };
  const search = (port: number) => request.post(`${origin(port)}/api/v1.0/jobs/search`, { headers: auth, data: { limit: 50 } });
  const tagsOf = async (port: number, id: number) => {
    const res = await search(port);
    expect(res.status()).toBe(200);
    return ((await res.json()).data as { id: number; tags: { tag: string }[] }[]).find((j) => j.id === id)!.tags.map((t) => t.tag);
  };
  // Both instances read the caller and the list, and remember them.
  const [job] = (await (await search(PORTS[1])).json()).data as { id: number }[];
  for (const port of PORTS) expect(await tagsOf(port, job.id)).not.toContain('Seen-elsewhere');
  const tagged = await request.post(`${origin(PORTS[0])}/api/v1.0/jobs/${job.id}/tag`, { headers: auth, data: { tag: 'Seen-elsewhere' } });
  expect(tagged.status(), await tagged.text()).toBe(201);
  // The writer at once; the other instance once PostgreSQL's notification reaches it (well under a second).
  expect(await tagsOf(PORTS[0], job.id)).toContain('Seen-elsewhere');
  await expect.poll(() => tagsOf(PORTS[1], job.id), { timeout: 1_000, intervals: [10] }).toContain('Seen-elsewhere');

  const me = (port: number) => request.get(`${origin(port)}/api/v1.0/employer`, { headers: auth });
  for (const port of PORTS) expect((await me(port)).status()).toBe(200);
  expect((await request.post(`${origin(PORTS[0])}/api/v1.0/auth/logout`, { headers: auth })).status()).toBe(200);
  expect((await me(PORTS[0])).status()).toBe(401);
  await expect.poll(async () => (await me(PORTS[1])).status(), { timeout: 1_000, intervals: [10] }).toBe(401);
});

test('login rate limits are counted across both instances (Redis)', async ({ request }) => {
  // Ten wrong passwords for one account from one address, alternating instances: that is the limit
  // (lib/auth/login-throttle.ts); in-memory counters would have seen only five each.
  for (let i = 0; i < 10; i++) expect((await login(request, PORTS[i % 2], 'driver@demo.test', 'Wrong1234!')).status()).toBe(401);
  for (const port of PORTS) expect((await login(request, port, 'driver@demo.test')).status()).toBe(429);
});

test('the tick called on both instances at once does its work once', async ({ request }) => {
  // Mail to send: a password-reset code for each of five addresses (the outbox is the tick's work).
  const emails = ['employer@demo.test', 'companyadmin@demo.test', 'admin@demo.test', 'newsadmin@demo.test', 'contributor@demo.test'];
  for (const [i, email] of emails.entries()) {
    const res = await request.post(`${origin(PORTS[i % 2])}/api/v1.0/auth/token-password`, { data: { email }, headers: { 'x-forwarded-for': clientIp } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  const tickOn = (port: number) => request.post(`${origin(port)}/api/cron/tick`, { headers: { authorization: `Bearer ${CRON}` } });
  const rounds = await Promise.all([...PORTS, ...PORTS].map(tickOn));
  for (const r of rounds) expect(r.status()).toBe(200);
  await expect.poll(() => emails.every((e) => received.includes(e)), { timeout: 20_000 }).toBe(true);
  // Again on both: nothing more goes out.
  await Promise.all(PORTS.map(tickOn));
  for (const email of emails) expect(received.filter((r) => r === email)).toHaveLength(1);
});

test('a chunked upload started on one instance finishes on the other', async ({ request }) => {
  const { accessToken } = (await (await login(request, PORTS[0], 'employer@demo.test')).json()).data;
  const auth = { authorization: `Bearer ${accessToken}` };
  const upload = (port: number, fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) =>
    request.post(`${origin(port)}/api/v1.0/jobs/multimedia/upload`, { headers: auth, multipart: fields });
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]);

  const start = await upload(PORTS[0], { stage: 'start', extension: 'mp4' });
  expect(start.status(), await start.text()).toBe(200);
  const uploadId = (await start.json()).data.upload_id;
  expect((await upload(PORTS[1], { stage: 'chunk', upload_id: uploadId, part_number: '1', file_name: 'clip.mp4', file: { name: 'clip', mimeType: 'application/octet-stream', buffer: mp4.subarray(0, 2000) } })).status()).toBe(200);
  expect((await upload(PORTS[0], { stage: 'chunk', upload_id: uploadId, part_number: '2', file_name: 'clip.mp4', file: { name: 'clip', mimeType: 'application/octet-stream', buffer: mp4.subarray(2000) } })).status()).toBe(200);
  const done = await upload(PORTS[1], { stage: 'finish', upload_id: uploadId, file_name: 'clip.mp4', parts: JSON.stringify([{ part_number: 1 }, { part_number: 2 }]) });
  expect(done.status(), await done.text()).toBe(200);
  const url = (await done.json()).data.url as string;
  for (const port of PORTS) {
    const file = await request.get(`${origin(port)}${url}`);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(mp4)).toBe(true);
  }
});
