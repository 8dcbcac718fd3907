import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { log } from '@/lib/log';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '@/lib/config';
import { ChangeWatch, CHANNELS } from './change-watch';
import { listenForChanges } from './pg-change-listener';
import { pgliteQueryPrepared } from './pglite-prepared';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Handle = { db: Database; close: () => Promise<void> };

type Pool = import('pg').Pool;
type PGliteClient = import('@electric-sql/pglite').PGlite;
/**
 * The driver behind each database handle (a transaction's handle is in neither), kept on globalThis
 * like the handle itself: the server's bundles (route handlers, pages) each hold their own copy of
 * this module, and a map of one copy would not know the handle another copy opened.
 */
type Drivers = { pools: WeakMap<Database, Pool>; pglites: WeakMap<Database, PGliteClient>; watches: WeakMap<Database, ChangeWatch> };
const globalForDb = globalThis as unknown as { __tnaDb?: Promise<Handle>; __tnaOpenDb?: () => Promise<Handle>; __tnaDrivers?: Drivers };
const drivers = (globalForDb.__tnaDrivers ??= { pools: new WeakMap(), pglites: new WeakMap(), watches: new WeakMap() });

const MIGRATION_LOCK = 7_341_001; // advisory lock key shared by every instance applying migrations

export function migrationsFolder() {
  return path.join(process.cwd(), 'drizzle');
}

/** The process-wide database, opened and migrated on first use. */
export async function getDb(): Promise<Database> {
  if (!globalForDb.__tnaDb && globalForDb.__tnaOpenDb) globalForDb.__tnaDb = globalForDb.__tnaOpenDb();
  if (!globalForDb.__tnaDb && process.env.JEST_WORKER_ID) {
    throw new Error('Tests must open their own database (__tests__/setup/database.ts); refusing to open the default one.');
  }
  globalForDb.__tnaDb ??= openDatabase().catch((error) => {
    globalForDb.__tnaDb = undefined;
    throw error;
  });
  return (await globalForDb.__tnaDb).db;
}

/**
 * Tests hand in their own database (a fresh PGlite per file, or a fresh PostgreSQL database): a
 * handle, or how to open one on first use (41 of the 127 node test files never read the database,
 * and a PGlite takes 2 s to start).
 */
export function setDb(handle: Handle | (() => Promise<Handle>) | undefined) {
  globalForDb.__tnaOpenDb = typeof handle === 'function' ? handle : undefined;
  globalForDb.__tnaDb = handle && typeof handle !== 'function' ? Promise.resolve(handle) : undefined;
}

/** Closes the process-wide database if it was opened (one handed in as an opener and never used stays unopened). */
export async function closeDb() {
  const handle = await globalForDb.__tnaDb;
  globalForDb.__tnaDb = undefined;
  globalForDb.__tnaOpenDb = undefined;
  await handle?.close();
}

/** `pgliteDir`: an embedded database in another folder than the configured one (the bench's second database). */
export async function openDatabase(options: { migrate?: boolean; databaseUrl?: string; pgliteDir?: string } = {}): Promise<Handle> {
  const url = options.databaseUrl ?? config.databaseUrl;
  const handle = url ? await openPostgres(url) : await openPglite(options.pgliteDir);
  if (options.migrate === false) return handle;
  try {
    await migrate(handle.db, url);
  } catch (error) {
    // getDb() tries again on the next call: left open, each failed try kept its pool and listener
    // (PostgreSQL), or its PGlite open on the folder beside the next try's (this process's lock
    // lets that one in), two instances over the same files.
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX || 10) });
  // An idle client whose connection the server ends (restart, failover) must not crash the process.
  pool.on('error', (error) => log.error('PostgreSQL pool: idle client error', { error: error.message }));
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  drivers.pools.set(db, pool);
  // What may be remembered between requests (lib/db/change-watch.ts). DATABASE_LISTEN=off where
  // LISTEN cannot work (a transaction-mode pooler): the beats would never come back, so every call
  // would read anyway, through one idle connection more.
  const listener = process.env.DATABASE_LISTEN === 'off' ? null : listenForChanges(pool, url);
  if (listener) drivers.watches.set(db, listener.watch);
  return {
    db,
    close: async () => {
      await listener?.stop();
      await pool.end();
    },
  };
}

async function openPglite(folder?: string): Promise<Handle> {
  if (process.env.VERCEL) {
    throw new Error(
      'DATABASE_URL is not set. On Vercel the embedded PGlite database cannot keep data: set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const dir = folder || config.pgliteDir || path.join(config.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireLock(dir);
  try {
    const client = await createPglite(dir);
    const db = await pgliteDatabase(client);
    return {
      db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A PGlite instance with the extensions the schema uses; no dataDir means in memory. */
export async function createPglite(dataDir?: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { citext } = await import('@electric-sql/pglite/contrib/citext');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance');
  return PGlite.create({ dataDir, loadDataDir, extensions: { citext, pg_trgm, cube, earthdistance } });
}

/** The app's database handle over a PGlite instance (the server's, a test's, a bench's). */
export async function pgliteDatabase(client: PGliteClient): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
  drivers.pglites.set(db, client);
  drivers.watches.set(db, await watchPglite(client));
  return db;
}

/** PGlite's notifications arrive before the writer's statement returns: its watch is always fresh. */
async function watchPglite(client: PGliteClient) {
  const watch = new ChangeWatch(false);
  for (const channel of CHANNELS) await client.listen(channel, () => watch.changed(channel));
  return watch;
}

/** What the process may remember about this handle's database (not a transaction's handle): lib/db/change-watch.ts. */
export function changeWatch(db: Database): ChangeWatch | undefined {
  return drivers.watches.get(db);
}

/** The PGlite instance behind a database handle (not a transaction's), or undefined on PostgreSQL. */
export function embeddedClient(db: Database): PGliteClient | undefined {
  return drivers.pglites.get(db);
}

/**
 * PGlite is one process's database: a second process on the same folder would corrupt it. The lock
 * file holds the owner's pid; a stale lock (dead pid) is taken over.
 */
export function acquireLock(dir: string): () => void {
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner === process.pid) return () => {};
      if (owner && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is already open in process ${owner}. ` +
            'Stop that process (another `npm run dev` or `next start`?) or point PGLITE_DIR or DATABASE_URL elsewhere.',
        );
      }
      fs.unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Applies the committed migrations; an advisory lock keeps two instances from racing. */
export async function migrate(db: Database, databaseUrl = config.databaseUrl) {
  const folder = migrationsFolder();
  if (databaseUrl) {
    // A session-level lock needs one connection for the whole run: use a dedicated client.
    const { Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate: pgMigrate } = await import('drizzle-orm/node-postgres/migrator');
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await pgMigrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      await client.end();
    }
  } else {
    const { migrate: pgliteMigrate } = await import('drizzle-orm/pglite/migrator');
    await pgliteMigrate(db as never, { migrationsFolder: folder });
  }
}

/** Runs raw SQL and answers its rows (both drivers return `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const names = new Map<string, string>();

/**
 * queryRows for a statement every request sends (who is calling, the job list): on PostgreSQL a
 * named prepared statement, so each connection parses and plans it once instead of per call
 * (planning was over half of the job list's time in the database, docs/benchmarks.md); on PGlite
 * the same through its protocol (pglite-prepared.ts); inside transactions the same as queryRows.
 * The name is a hash of the text, so a filter that changes the text is its own statement.
 * Timestamps come back as Date objects here (the drivers' own parsers), as strings through
 * drizzle: callers read both.
 */
export async function queryRowsPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  const pool = drivers.pools.get(db);
  const pglite = pool ? undefined : drivers.pglites.get(db);
  if (!pool && !pglite) return queryRows<T>(db, query);
  const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) {
    name = `tna_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    // Bounded: the texts are the few shapes of a few queries; past this, hashing again is cheap.
    if (names.size < 1_000) names.set(text, name);
  }
  if (pglite) return pgliteQueryPrepared<T>(pglite, name, text, params);
  return (await pool!.query({ name, text, values: params as unknown[] })).rows as T[];
}
