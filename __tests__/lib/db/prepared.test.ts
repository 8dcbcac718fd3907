/**
 * Issue 16: the statements every request sends run as named prepared statements on PostgreSQL
 * (lib/db/client.ts queryRowsPrepared), and on PGlite through its protocol (lib/db/pglite-prepared.ts).
 * They answer what queryRows answers, a different text gets a statement of its own, and the
 * statement stays prepared on the connection, so the next call does not parse and plan it again.
 */
import { sql } from 'drizzle-orm';
import { changeWatch, getDb, queryRows, queryRowsPrepared } from '@/lib/db/client';
import { actorFromClaims } from '@/lib/auth/actor';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { searchJobs } from '@/lib/jobs/search';
import { seed } from '../../helpers/seed';

beforeAll(seed);

describe('queryRowsPrepared', () => {
  it('answers the same rows as queryRows, again and again, with each text its own statement', async () => {
    const db = await getDb();
    const byRole = (role: string) => sql`select u.email from users u join user_roles r on r.user_id = u.id where r.role::text = ${role} order by u.email`;
    const plain = await queryRows<{ email: string }>(db, byRole('Employer'));
    expect(plain.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect(await queryRowsPrepared(db, byRole('Employer'))).toEqual(plain);
    // Same text, other values: the prepared statement is reused with them.
    expect(await queryRowsPrepared(db, byRole('Driver'))).toEqual(await queryRows(db, byRole('Driver')));
    // Another text under the same call site: its own statement, not the first one's plan.
    expect(await queryRowsPrepared<{ n: number }>(db, sql`select count(*)::int as n from users where email like ${'%@demo.test'}`)).toEqual([
      { n: (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where email like ${'%@demo.test'}`))[0].n },
    ]);
  });

  it('keeps the statement prepared for the next call (listed by the server under its name)', async () => {
    const db = await getDb();
    const listed = sql`select name, statement from pg_prepared_statements where name like ${'tna_%'}`;
    await queryRowsPrepared(db, listed);
    // Sequential calls get the same connection back (the pool hands out its last idle one; PGlite has one).
    const rows = await queryRowsPrepared<{ name: string; statement: string }>(db, listed);
    expect(rows.some((r) => r.statement.includes('from pg_prepared_statements'))).toBe(true);
  });

  it('reports a failing statement as an error and keeps working after it', async () => {
    const db = await getDb();
    await expect(queryRowsPrepared(db, sql`select 1 / ${0}::int as n`)).rejects.toThrow(/division by zero/);
    expect(await queryRowsPrepared<{ n: number }>(db, sql`select ${2}::int + 1 as n`)).toEqual([{ n: 3 }]);
  });

  it('plans who-is-calling and the job list once: after its five custom plans a statement runs its generic plan', async () => {
    const db = await getDb();
    const [{ id }] = await queryRows<{ id: number }>(db, sql`select id from users where email = ${'employer@demo.test'}`);
    const actor = (await actorFromClaims(db, { userId: id } as never))!;
    for (let i = 0; i < 8; i++) {
      // A change to the user each time, so the process reads the caller again
      // instead of answering from what it remembered (lib/db/change-watch.ts).
      await db.execute(sql`update users set first_name = first_name where id = ${id}`);
      await actorFromClaims(db, { userId: id } as never);
      await actorFromClaims(db, { userId: id, sid: '00000000-0000-4000-8000-000000000000' } as never);
      changeWatch(db)?.forgetAll(); // the job list is remembered between changes too
      await searchJobs(db, actor, searchJobsSchema.parse({ limit: 10 }));
    }
    const plans = await queryRowsPrepared<{ statement: string; generic_plans: number | string }>(
      db,
      sql`select statement, generic_plans from pg_prepared_statements where statement like ${'%from users u%'} or statement like ${'%with page as%'}`,
    );
    // Three statements (the actor with and without a session id, the job list), each on its generic plan.
    expect(plans.filter((p) => Number(p.generic_plans) >= 3)).toHaveLength(3);
  });

  it('prepares statements for a handle opened by another copy of the module (each server bundle has its own)', async () => {
    const db = await getDb();
    let copy: typeof import('@/lib/db/client') | undefined;
    await jest.isolateModulesAsync(async () => {
      copy = await import('@/lib/db/client');
    });
    expect(copy!.queryRowsPrepared).not.toBe(queryRowsPrepared);
    const listed = sql`select statement as from_another_copy from pg_prepared_statements where name like ${'tna_%'}`;
    // The handle was opened through the first copy (the test setup): the second prepares its statement.
    await copy!.queryRowsPrepared(db, listed);
    const rows = await copy!.queryRowsPrepared<{ from_another_copy: string }>(db, listed);
    expect(rows.filter((r) => r.from_another_copy.includes('as from_another_copy'))).toHaveLength(1);
  });

  it('prepares a statement once whichever copy of the module sends it first', async () => {
    const db = await getDb();
    let copy: typeof import('@/lib/db/client') | undefined;
    await jest.isolateModulesAsync(async () => {
      copy = await import('@/lib/db/client');
    });
    const both = sql`select ${1}::int as both_copies`;
    for (const run of [queryRowsPrepared, copy!.queryRowsPrepared, queryRowsPrepared, copy!.queryRowsPrepared]) expect(await run(db, both)).toEqual([{ both_copies: 1 }]);
  });
});
