import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { openDatabase, queryRows, type Database, type Handle } from '@/lib/db/client';
import { embeddedUpkeep } from '@/lib/db/embedded-upkeep';
import { tick } from '@/lib/tick';

/*
 * The embedded database has no autovacuum (PGlite is one standalone backend): the tick's
 * 'embedded-upkeep' step vacuums and analyzes what autovacuum would. These run on an embedded
 * database of their own, whichever database the suite uses; on PostgreSQL the step does nothing.
 */

let handle: Handle;
let db: Database;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-upkeep-'));
  handle = await openDatabase({ databaseUrl: '', pgliteDir: dir });
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function churn(table: string, rows: number, updates: number) {
  await db.execute(sql.raw(`drop table if exists ${table}`));
  await db.execute(sql.raw(`create table ${table} (id int primary key, v int)`));
  await db.execute(sql.raw(`insert into ${table} select g, 0 from generate_series(1, ${rows}) g`));
  for (let i = 1; i <= updates; i++) await db.execute(sql.raw(`update ${table} set v = ${i}`));
}

const stats = async (table: string) => {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  return (await queryRows<{ dead: number; changed: number; vacuumed: boolean; analyzed: boolean }>(
    db,
    sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
      from pg_stat_user_tables where relname = ${table}`,
  ))[0];
};

describe('the embedded database upkeep (the tick step embedded-upkeep)', () => {
  it('vacuums and analyzes a table past autovacuum thresholds, then leaves it be', async () => {
    await churn('upkeep_probe', 1_000, 2);
    // Past 50 + 20% of the live rows (some dead versions are pruned as the updates go).
    expect((await stats('upkeep_probe')).dead).toBeGreaterThan(250);
    expect(await embeddedUpkeep(db)).toMatchObject({ vacuumed: expect.arrayContaining(['upkeep_probe']) });
    expect(await stats('upkeep_probe')).toMatchObject({ dead: 0, changed: 0, vacuumed: true, analyzed: true });
    expect(await embeddedUpkeep(db)).toMatchObject({ vacuumed: expect.not.arrayContaining(['upkeep_probe']), analyzed: expect.not.arrayContaining(['upkeep_probe']) });
  });

  it('only analyzes a table whose rows changed without leaving dead ones (inserts)', async () => {
    await db.execute(sql`create table upkeep_inserts (id int primary key)`);
    await db.execute(sql`insert into upkeep_inserts select g from generate_series(1, 500) g`);
    expect(await embeddedUpkeep(db)).toMatchObject({ analyzed: expect.arrayContaining(['upkeep_inserts']), vacuumed: expect.not.arrayContaining(['upkeep_inserts']) });
    expect(await stats('upkeep_inserts')).toMatchObject({ changed: 0, analyzed: true, vacuumed: false });
  });

  it('does one table when the budget is spent, the most changed first, and the tick does the rest', async () => {
    await churn('upkeep_first', 2_000, 2);
    await churn('upkeep_second', 1_000, 1);
    const first = await embeddedUpkeep(db, { budgetMs: 0 });
    expect(first).toMatchObject({ vacuumed: ['upkeep_first'], analyzed: [] });
    expect((first as { left: number }).left).toBeGreaterThan(0);
    expect((await stats('upkeep_second')).dead).toBeGreaterThan(0);
    const report = await tick(db, new Date());
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect((report as { steps: Record<string, unknown> }).steps['embedded-upkeep']).toMatchObject({ vacuumed: expect.arrayContaining(['upkeep_second']) });
    expect((await stats('upkeep_second')).dead).toBe(0);
  });

  it('does nothing on PostgreSQL, whose autovacuum does it (and sends no statement)', async () => {
    const pool = new Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 1 });
    try {
      const pg = drizzle(pool) as unknown as Database;
      expect(await embeddedUpkeep(pg)).toEqual({ skipped: true });
      expect(pool.totalCount).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
