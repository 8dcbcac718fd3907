import { sql } from 'drizzle-orm';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { getDb } from '@/lib/db/client';
import { readiness } from '@/lib/ops/readiness';

describe('health and readiness', () => {
  it('GET /api/health answers while the process runs', async () => {
    const res = health();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /api/ready is 200 on a migrated database', async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.migrations.applied).toBe(body.data.migrations.expected);
    expect(body.data.migrations.expected).toBeGreaterThan(5);
  });

  it('is not ready when a migration is missing, or when the database does not answer', async () => {
    const db = await getDb();
    await db.execute(sql`create temporary table hidden_migrations as select * from drizzle.__drizzle_migrations`);
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    try {
      const state = await readiness(getDb);
      expect(state).toMatchObject({ ready: false, database: 'ok' });
      const res = await ready();
      expect(res.status).toBe(503);
      expect((await res.json()).errors[0].message).toMatch(/run npm run db:migrate/);
    } finally {
      await db.execute(sql`delete from drizzle.__drizzle_migrations`);
      await db.execute(sql`insert into drizzle.__drizzle_migrations select * from hidden_migrations`);
    }
    const down = await readiness(() => Promise.reject(new Error('connection refused')));
    expect(down).toMatchObject({ ready: false, database: 'unreachable' });
  });
});
