/**
 * A row naming another that does not exist used to reach PostgreSQL's foreign key and answer 500:
 * POST /companies/tag with a company_id no company has (super admins may name any company). The
 * service answers 404 now; behind it, any foreign key refusal (SQLSTATE 23503) is a plain 4xx.
 */
import { eq } from 'drizzle-orm';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { errorResponse } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { sqlState } from '@/lib/errors';
import { companyTags, newsChannels, newsPosts, users } from '@/lib/db/schema';
import { COMPANY_NOT_FOUND } from '@/lib/jobs/tags';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { tokens } from '../jobs/helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let companyId: number;
beforeAll(async () => {
  await seed();
  t = await tokens();
  const [admin] = await (await getDb()).select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
  companyId = admin.companyId!;
});

const tagCount = async () => (await (await getDb()).select({ id: companyTags.id }).from(companyTags)).length;

describe('POST /companies/tag for a company that does not exist', () => {
  it.each([
    ['a super admin', () => t.superAdmin],
    ['an admin', () => t.admin],
  ])('answers 404 to %s and creates nothing', async (_role, token) => {
    const before = await tagCount();
    const res = await call(companyTagPost, { token: token(), body: { tag: 'x', company_id: 999999 } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ errors: [{ message: COMPANY_NOT_FOUND }] });
    expect(await tagCount()).toBe(before);
  });

  it('still tags a company that exists, named or one’s own', async () => {
    expect((await call(companyTagPost, { token: t.superAdmin, body: { tag: 'Named by staff', company_id: companyId } })).status).toBe(201);
    expect((await call(companyTagPost, { token: t.companyAdmin, body: { tag: 'Our own' } })).status).toBe(201);
  });
});

describe('a foreign key refusal behind the services (errorResponse)', () => {
  const refusal = async (work: () => Promise<unknown>) => {
    const error = await work().then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe('23503');
    const res = errorResponse(error, 'test');
    return { status: res.status, json: await res.json() };
  };

  it('naming a row that does not exist is 422', async () => {
    const res = await refusal(async () => (await getDb()).insert(companyTags).values({ companyId: 999999, tag: 'orphan' }));
    expect(res).toEqual({ status: 422, json: { errors: [{ message: 'It refers to something that does not exist.' }] } });
  });

  it('removing a row still named is 409', async () => {
    const db = await getDb();
    const [channel] = await db.insert(newsChannels).values({ channelType: 'general', name: 'Still named' }).returning();
    await db.insert(newsPosts).values({ channelId: channel.id, title: 'Names its channel' });
    const res = await refusal(async () => db.delete(newsChannels).where(eq(newsChannels.id, channel.id)));
    expect(res).toEqual({ status: 409, json: { errors: [{ message: 'It is still in use.' }] } });
  });
});
