import { eq } from 'drizzle-orm';
import { searchApplicants } from '@/lib/admin/applicants';
import { actorFromClaims } from '@/lib/auth/actor';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { applications, users } from '@/lib/db/schema';
import { createJobAs } from '../jobs/helpers';
import { tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';

async function actorOf(email: string) {
  return actorFromClaims(await getDb(), (await verifyAccessToken(await tokenFor(email)))!);
}

describe('the admins’ applicants list', () => {
  it('lists every application newest first with driver, job and company, searchable; admins only', async () => {
    await seed();
    const db = await getDb();
    const jobA = await createJobAs(await tokenFor('employer@demo.test'), { title: 'Flatbed Driver Dallas' });
    const jobB = await createJobAs(await tokenFor('employer@demo.test'), { title: 'Reefer Driver Houston' });
    const [dan] = await db.select().from(users).where(eq(users.email, 'driver@demo.test'));
    await db.insert(applications).values([
      { jobId: jobA, userId: dan.id, createdAt: new Date('2026-11-01T10:00:00Z') },
      { jobId: jobB, userId: dan.id, createdAt: new Date('2026-11-02T10:00:00Z') },
    ]);
    const admin = await actorOf('admin@demo.test');
    const all = await searchApplicants(db, admin, { search: '', offset: 0, limit: 50 });
    expect(all.total).toBeGreaterThanOrEqual(2);
    const mine = all.lines.filter((l) => l.driver.email === 'driver@demo.test');
    expect(mine.map((l) => l.job.title).slice(0, 2)).toEqual(['Reefer Driver Houston', 'Flatbed Driver Dallas']);
    expect(mine[0]).toMatchObject({ driver: { name: 'Dan Driver' }, company: { name: 'Demo Freight Lines' }, stage: 'new' });
    // Other files' jobs share the database on PostgreSQL: every hit matches, and ours is among them.
    const flatbed = (await searchApplicants(db, admin, { search: 'flatbed', offset: 0, limit: 50 })).lines.map((l) => l.job.title);
    expect(flatbed).toContain('Flatbed Driver Dallas');
    expect(flatbed).not.toContain('Reefer Driver Houston');
    expect(flatbed.every((t) => /flatbed/i.test(t))).toBe(true);
    await expect(searchApplicants(db, await actorOf('employer@demo.test'), { search: '', offset: 0, limit: 50 })).rejects.toMatchObject({ status: 403 });
  });
});
