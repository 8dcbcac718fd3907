/**
 * Two writers of one job meeting on its row, for the tests of what a service decides once it holds
 * the row (lib/jobs/job-row-lock.ts). On PostgreSQL another session holds the row, the service
 * starts and waits for it, then that session changes the job and commits: the service then works on
 * a job that changed after it first read it. PGlite has one connection, so there the change simply
 * comes first.
 */
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { queryRows, type Database } from '@/lib/db/client';

export const concurrent = !!process.env.DATABASE_URL;

/** Waits until `n` backends of this database wait for a lock (PostgreSQL). */
export async function lockWaiters(db: Database, n: number) {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const [{ waiting }] = await queryRows<{ waiting: number }>(db, sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (waiting >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Another connection of the pool, in its own transaction (PostgreSQL). */
export const ownConnection = (db: Database): Promise<PoolClient> => (db as unknown as { $client: import('pg').Pool }).$client.connect();

/**
 * `write` (a service call) started while another session holds a row (`hold`, a SELECT … FOR … with
 * `$1` for `id`), which then runs `change` (statements with `$1`) and commits. Answers how `write`
 * ended: 'done' or its error's message.
 */
export async function writeWhileRowChanges(db: Database, id: number, hold: string, change: string[], write: () => Promise<unknown>): Promise<string> {
  const outcome = (p: Promise<unknown>) => p.then(() => 'done', (e: Error) => e.message);
  if (!concurrent) {
    await db.transaction(async (tx) => {
      for (const text of change) await (tx as unknown as Database).execute(sql.raw(text.replaceAll('$1', String(id))));
    });
    return outcome(write());
  }
  const client = await ownConnection(db);
  try {
    await client.query('begin');
    await client.query(hold, [id]);
    const writing = outcome(write());
    await lockWaiters(db, 1);
    for (const text of change) await client.query(text, [id]);
    await client.query('commit');
    return await writing;
  } finally {
    client.release();
  }
}

/** writeWhileRowChanges on job `jobId`'s row, held FOR SHARE. */
export const writeWhileJobChanges = (db: Database, jobId: number, change: string[], write: () => Promise<unknown>) =>
  writeWhileRowChanges(db, jobId, 'select 1 from jobs where id = $1 for share', change, write);

/** A super admin who may change any job (the audit log names a real user). */
export async function superAdmin(db: Database): Promise<Actor> {
  const email = `admin.${Date.now()}.${Math.random().toString(36).slice(2)}@row-locks.test`;
  const [admin] = await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values (${email}, 'Ad', 'Min') returning id`);
  await db.execute(sql`insert into user_roles (user_id, role) values (${admin.id}, ${ROLES.SUPER_ADMIN})`);
  return { userId: admin.id, email, firstName: 'Ad', lastName: 'Min', roles: [ROLES.SUPER_ADMIN], companyId: null };
}
