import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createPglite, migrate, openDatabase, pgliteDatabase, type Database, type Handle } from '@/lib/db/client';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-day';

/**
 * Fresh database per test file. PGlite: a migrated snapshot made once by the global setup is
 * loaded into a new in-memory instance. PostgreSQL (DATABASE_URL set): a new database copied from
 * a migrated template.
 *
 * Each comes in two kinds: migrated, and migrated with the demo seed, which most files load first
 * (seed() in ./seed.ts). Seeding took 1.7 s of each file on PGlite, a third of a typical file's time.
 */
type Kind = 'migrated' | 'seeded';
const run = () => process.env.TNA_TEST_RUN ?? 'local';
// Not compressed: loading 40 MB of tar is 0.3 s faster per file than unpacking 4.5 MB of gzip.
const snapshotPath = (kind: Kind = 'migrated') => path.join(os.tmpdir(), `tna-pglite-snapshot-${run()}${kind === 'seeded' ? '-seeded' : ''}.tar`);
const templateDb = (kind: Kind = 'migrated') => `tna_test_template_${run()}${kind === 'seeded' ? '_seeded' : ''}`;
/** When the seeded kind was made (its dates are relative to then). */
const seededAtPath = () => path.join(os.tmpdir(), `tna-test-seeded-at-${run()}`);

export function adminUrl(url: string, database = 'postgres') {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function buildSnapshot() {
  const { seedDemo } = await import('@/lib/db/seed');
  if (process.env.DATABASE_URL) {
    const admin = new Client({ connectionString: adminUrl(process.env.DATABASE_URL) });
    await admin.connect();
    for (const kind of ['seeded', 'migrated'] as const) await admin.query(`drop database if exists ${templateDb(kind)}`);
    await admin.query(`create database ${templateDb()}`);
    const handle = await openDatabase({ databaseUrl: adminUrl(process.env.DATABASE_URL, templateDb()) });
    await handle.close();
    await admin.query(`create database ${templateDb('seeded')} template ${templateDb()}`);
    await admin.end();
    const seeded = await openDatabase({ databaseUrl: adminUrl(process.env.DATABASE_URL, templateDb('seeded')), migrate: false });
    await seedDemo(seeded.db);
    await seeded.close();
  } else {
    const pg = await createPglite();
    const { drizzle } = await import('drizzle-orm/pglite');
    await migrate(drizzle(pg) as unknown as Database, undefined);
    fs.writeFileSync(snapshotPath(), Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
    await seedDemo(await pgliteDatabase(pg));
    fs.writeFileSync(snapshotPath('seeded'), Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
    await pg.close();
  }
  fs.writeFileSync(seededAtPath(), new Date().toISOString());
}

export async function dropSnapshot() {
  fs.rmSync(seededAtPath(), { force: true });
  if (process.env.DATABASE_URL) {
    const admin = new Client({ connectionString: adminUrl(process.env.DATABASE_URL) });
    await admin.connect();
    for (const kind of ['seeded', 'migrated'] as const) await admin.query(`drop database if exists ${templateDb(kind)}`);
    await admin.end();
  } else for (const kind of ['seeded', 'migrated'] as const) fs.rmSync(snapshotPath(kind), { force: true });
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const portalDay = (at: Date) => at.toLocaleDateString('en-US', { timeZone: PORTAL_TIME_ZONE });
/**
 * Whether the seeded kind says what seeding now would: made this run, on the same day (UTC and the
 * portal's), within the hour. Its dates are relative to when it was made, so a file that started
 * after midnight seeds its own instead ("today's applicants" would count yesterday's).
 */
function seededIsCurrent(now = new Date()) {
  if (!fs.existsSync(seededAtPath())) return false;
  const at = new Date(fs.readFileSync(seededAtPath(), 'utf8'));
  return now.getTime() - at.getTime() < 3_600_000 && utcDay(at) === utcDay(now) && portalDay(at) === portalDay(now);
}

let kind: Kind = 'migrated';
let opened = false;
/**
 * Asks for this file's database to start with the demo seed (before anything opened it); answers
 * whether it will. seed() seeds the database itself when not.
 */
export function startSeeded(): boolean {
  if (opened || !seededIsCurrent()) return false;
  kind = 'seeded';
  return true;
}

/** The run's migrated PGlite database as a tarball (PGlite runs only; PostgreSQL runs use a template). */
export function pgliteSnapshot(which: Kind = 'migrated'): Blob | undefined {
  return fs.existsSync(snapshotPath(which)) ? new Blob([fs.readFileSync(snapshotPath(which))]) : undefined;
}

export async function openTestDatabase(): Promise<Handle> {
  opened = true;
  if (process.env.DATABASE_URL) {
    const name = `tna_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl(process.env.DATABASE_URL) });
    await admin.connect();
    await admin.query(`create database ${name} template ${templateDb(kind)}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: adminUrl(process.env.DATABASE_URL, name), migrate: false });
    return {
      db: handle.db,
      close: async () => {
        await handle.close();
        const c = new Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const snapshot = pgliteSnapshot(kind);
  if (!snapshot) throw new Error(`No ${kind} snapshot at ${snapshotPath(kind)}: the global setup (__tests__/setup/global-setup.ts) builds it.`);
  const pg = await createPglite(undefined, snapshot);
  const db = await pgliteDatabase(pg);
  return { db, close: () => pg.close() };
}
