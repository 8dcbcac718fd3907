import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createPglite, openDatabase } from '@/lib/db/client';

/**
 * PGlite is one process's database: a second process opening the same folder must get a clear
 * error, not corrupt it. Two real processes, started the way `npm run dev` starts one.
 */
function prepare(dir: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/prepare-db.ts', '--no-seed'], {
      cwd: process.cwd(),
      env: { ...process.env, JEST_WORKER_ID: '', DATABASE_URL: '', PGLITE_DIR: dir, DATA_DIR: path.dirname(dir), NODE_ENV: 'development' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('the embedded database folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-lock-'));
  const dir = path.join(root, 'pglite');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is refused with a clear message while another live process holds it', async () => {
    // A live process (this test's parent) holds the lock.
    fs.writeFileSync(path.join(root, 'pglite.lock'), String(process.ppid));
    const second = await prepare(dir);
    expect(second.code).toBe(1);
    expect(second.out).toMatch(new RegExp(`already open in process ${process.ppid}`));
  }, 60_000);

  it('takes over a stale lock left by a process that died, and releases it on exit', async () => {
    fs.writeFileSync(path.join(root, 'pglite.lock'), '999999');
    const run = await prepare(dir);
    expect(run.out).toMatch(/migrations applied/);
    expect(run.code).toBe(0);
    expect(fs.existsSync(path.join(root, 'pglite.lock'))).toBe(false);
  }, 60_000);

  it('is closed and unlocked when its migrations fail, so that the next try opens it alone', async () => {
    // getDb() tries again on the next request; the failed try's PGlite stayed open on the folder, and
    // this process's lock let the next try open a second instance over the same files.
    const broken = path.join(root, 'broken');
    const setup = await createPglite(broken);
    await setup.exec('create table users (conflicting int)');
    await setup.close();
    await expect(openDatabase({ databaseUrl: '', pgliteDir: broken })).rejects.toThrow();
    expect(fs.existsSync(path.join(root, 'broken.lock'))).toBe(false);
  }, 60_000);
});
