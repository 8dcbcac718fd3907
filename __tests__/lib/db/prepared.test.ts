/**
 * Issue 16: the statements every request sends run as named prepared statements on PostgreSQL
 * (lib/db/client.ts queryRowsPrepared). They answer what queryRows answers, a different text gets a
 * statement of its own, and on PGlite (this suite's default) they are plain queries.
 */
import { sql } from 'drizzle-orm';
import { getDb, queryRows, queryRowsPrepared } from '@/lib/db/client';
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
});
