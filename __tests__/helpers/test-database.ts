import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createPglite, migrate, openDatabase, pgliteDatabase, type Database, type Handle } from '@/lib/db/client';

/**
 * Fresh database per test file. PGlite: a migrated snapshot made once by the global setup is
 * loaded into a new in-memory instance. PostgreSQL (DATABASE_URL set): a new database copied from
 * a migrated template.
 */
const snapshotPath = () => path.join(os.tmpdir(), `tna-pglite-snapshot-${process.env.TNA_TEST_RUN ?? 'local'}.tar.gz`);
const templateDb = () => `tna_test_template_${process.env.TNA_TEST_RUN ?? 'local'}`;

export function adminUrl(url: string, database = 'postgres') {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function buildSnapshot() {
  if (process.env.DATABASE_URL) {
    const admin = new Client({ connectionString: adminUrl(process.env.DATABASE_URL) });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDb()}`);
    await admin.query(`create database ${templateDb()}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: adminUrl(process.env.DATABASE_URL, templateDb()) });
    await handle.close();
    return;
  }
  const pg = await createPglite();
  const { drizzle } = await import('drizzle-orm/pglite');
  await migrate(drizzle(pg) as unknown as Database, undefined);
  const dump = await pg.dumpDataDir('gzip');
  fs.writeFileSync(snapshotPath(), Buffer.from(await dump.arrayBuffer()));
  await pg.close();
}

export async function dropSnapshot() {
  if (process.env.DATABASE_URL) {
    const admin = new Client({ connectionString: adminUrl(process.env.DATABASE_URL) });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDb()}`);
    await admin.end();
  } else fs.rmSync(snapshotPath(), { force: true });
}

/** The run's migrated PGlite database as a tarball (PGlite runs only; PostgreSQL runs use a template). */
export function pgliteSnapshot(): Blob | undefined {
  return fs.existsSync(snapshotPath()) ? new Blob([fs.readFileSync(snapshotPath())]) : undefined;
}

export async function openTestDatabase(): Promise<Handle> {
  if (process.env.DATABASE_URL) {
    const name = `tna_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl(process.env.DATABASE_URL) });
    await admin.connect();
    await admin.query(`create database ${name} template ${templateDb()}`);
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
  const snapshot = pgliteSnapshot();
  if (!snapshot) throw new Error(`No migrated snapshot at ${snapshotPath()}: the global setup (__tests__/setup/global-setup.ts) builds it.`);
  const pg = await createPglite(undefined, snapshot);
  const db = await pgliteDatabase(pg);
  return { db, close: () => pg.close() };
}
