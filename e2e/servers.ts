import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import pkg from '../package.json';

/** Loopback PostgreSQL for the specs that run their own servers (this machine's, and CI's). */
export const PG = process.env.INSTANCES_PG_URL || 'postgres://postgres@127.0.0.1:5432';
export const origin = (port: number) => `http://localhost:${port}`;
const NEXT_BIN = path.join(__dirname, '..', 'node_modules', 'next', 'dist', 'bin', 'next');
/** `npm start`'s own arguments (`next start --keepAliveTimeout …`), so these servers run as it does. */
const START_ARGS = pkg.scripts.start.split(' ').slice(1);

/** Runs one statement on the maintenance database (create or drop a spec's own database). */
export async function pgAdmin(query: string) {
  const client = new Client({ connectionString: `${PG}/postgres` });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Runs a command to its end; rejects with the tail of its stderr. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`))));
  });
}

/** Migrates and seeds the database the env names (PGlite folder or DATABASE_URL). */
export const seedDatabase = (env: NodeJS.ProcessEnv) => run('npx', ['tsx', 'scripts/prepare-db.ts', '--seed'], { ...env, ALLOW_DEMO_SEED: '1' });

/**
 * `next start` of this build as its own process (not through npx, so a signal reaches Next itself),
 * answered once /api/ready says the database is reachable and migrated.
 */
export async function startServer(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // A server an earlier, failed run left on this port would answer in place of this one.
  if (await fetch(`${origin(port)}/api/ready`).then(() => true, () => false)) throw new Error(`port ${port} is taken: stop the server left there`);
  const child = spawn(process.execPath, [NEXT_BIN, ...START_ARGS, '-p', String(port)], {
    env: { ...env, NEXTAUTH_URL: origin(port), TICK_INTERVAL_SECONDS: env.TICK_INTERVAL_SECONDS ?? '0' },
    stdio: 'ignore',
  });
  // A test that fails before it stops its server does not leave it running past this worker.
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start on ${port} exited ${child.exitCode}`);
    try {
      if ((await fetch(`${origin(port)}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`next start on ${port} did not become ready`);
}

/** Resolves when the process has exited, with its code or signal. */
export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
