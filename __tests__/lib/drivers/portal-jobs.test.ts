import { PATCH as patchMe } from '@/app/api/v1.0/members/me/route';
import { getDb } from '@/lib/db/client';
import { bestMatchingJobs, portalJob, searchPortalJobs } from '@/lib/drivers/jobs';
import { SEARCH_MESSAGES, driverJobSearchSchema } from '@/lib/drivers/schemas';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { queryRows } from '@/lib/db/client';
import { sql } from 'drizzle-orm';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs } from '../../api/jobs/helpers';
import { makeDriver } from '../../api/drivers/helpers';
import { tokenFor } from '../../helpers/http';

let driverId: number;
const ids: Record<string, number> = {};
const search = async (input: Record<string, unknown>) => searchPortalJobs(await getDb(), driverId, driverJobSearchSchema.parse(input));

beforeAll(async () => {
  await seed();
  const employer = await tokenFor('employer@demo.test');
  const db = await getDb();
  const make = async (key: string, overrides: Parameters<typeof createJobAs>[1]) => {
    ids[key] = await createJobAs(employer, { title: `Portal ${key}`, ...overrides });
    await publishPaidJob(db, ids[key]);
  };
  // Fort Worth driver: Class A, tanker experience, home weekly, 100 miles.
  await make('TankerNear', { job_type: 'tanker', home_time: 'HW', required_experience: 'Y1', expected_pay: 1800, addresses: [{ city: 'Arlington', state: 'TX', postal_code: '76010', country: 'US' }] });
  await make('TankerFar', { job_type: 'tanker', home_time: 'HW', required_experience: 'Y1', expected_pay: 2500, addresses: [{ city: 'Houston', state: 'TX', postal_code: '77002', country: 'US' }] });
  await make('BusNear', { job_type: 'bus', home_time: 'O', required_experience: 'Y2', expected_pay: 900, endorsements: ['P'], addresses: [{ city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }] });
  await createJobAs(employer, { title: 'Portal Unpaid', addresses: [{ city: 'Fort Worth', state: 'TX', postal_code: '76102', country: 'US' }] });
  const token = await makeDriver('portal@drivers.test');
  const body = { cdl_status: 'A', years_of_experience: 3, experience: 'Y2', work_experiences: ['tanker'], home_time: 'HW', zip_code: '76102', travel_distance: 100 };
  expect((await call(patchMe, { method: 'PATCH', token, body })).status).toBe(200);
  [{ id: driverId }] = await queryRows<{ id: number }>(db, sql`select id from users where email = 'portal@drivers.test'`);
});

describe('Drivers Portal jobs', () => {
  it('searches public jobs only, by keywords, job type, home time and minimum weekly pay', async () => {
    const all = await search({ q: 'Portal' });
    expect(all.items.map((j) => j.title).sort()).toEqual(['Portal BusNear', 'Portal TankerFar', 'Portal TankerNear']);
    expect((await search({ q: 'portal', job_type: 'bus' })).items.map((j) => j.title)).toEqual(['Portal BusNear']);
    expect((await search({ q: 'Portal', home_time: 'O' })).items.map((j) => j.title)).toEqual(['Portal BusNear']);
    expect((await search({ q: 'Portal', min_pay: 2000 })).items.map((j) => j.title)).toEqual(['Portal TankerFar']);
  });

  it("refuses a job type or home time not in the list with the filter's own words", () => {
    const issues = (input: Record<string, unknown>) => driverJobSearchSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ job_type: 'bogus' })).toEqual([['job_type', SEARCH_MESSAGES.jobType]]);
    expect(issues({ home_time: 'never' })).toEqual([['home_time', SEARCH_MESSAGES.homeTime]]);
    expect(SEARCH_MESSAGES.jobType).toBe('Choose a job type from the list to filter by.');
  });

  it('a radius keeps jobs near home, nearest first, each with its distance and match', async () => {
    const near = await search({ q: 'Portal', radius: 50 });
    expect(near.items.map((j) => j.title)).toEqual(['Portal TankerNear', 'Portal BusNear']);
    expect(near.items[0].distance).toBeLessThan(near.items[1].distance!);
    expect(near.items[0].match?.matching).toBe(1);
    expect(near.pagination.total).toBe(2);
  });

  it('pages of 10 with an exact total', async () => {
    const page = await search({ limit: 2, offset: 0 });
    expect(page.items).toHaveLength(2);
    expect(page.pagination.total).toBeGreaterThanOrEqual(3);
  });

  it('best matches rank by the match points, nearest first among equals; jobs within the travel distance first', async () => {
    const best = await bestMatchingJobs(await getDb(), driverId);
    const within = best.items.map((j) => j.match!.factors.find((f) => f.key === 'distance')!.met);
    expect([...within].sort((a, b) => Number(b) - Number(a))).toEqual(within);
    for (const part of [true, false]) {
      const points = best.items.filter((_, i) => within[i] === part).map((j) => j.match!.points);
      expect([...points].sort((a, b) => b - a)).toEqual(points);
    }
    expect(best.items[0].title).toBe('Portal TankerNear');
    const tankerFar = best.items.find((j) => j.title === 'Portal TankerFar');
    expect(tankerFar?.match?.factors.find((f) => f.key === 'distance')?.met).toBe(false);
  });

  it('a boost puts a job first in the search and first among equal matches, labelled Featured; a paid promote labels it Promoted', async () => {
    const db = await getDb();
    const byTitle = (items: { title: string }[]) => items.map((j) => j.title);
    // Boost the two oldest: they now lead the default search (newest first among them), not a search by distance.
    await db.execute(sql`update jobs set boost_active = true, boost_ends_at = now() + interval '7 days' where id = ${ids.TankerNear}`);
    await db.execute(sql`update jobs set boost_active = true, boost_ends_at = now() + interval '7 days' where id = ${ids.TankerFar}`);
    try {
      const found = await search({ q: 'Portal' });
      expect(byTitle(found.items)).toEqual(['Portal TankerFar', 'Portal TankerNear', 'Portal BusNear']);
      expect(found.items.map((j) => j.featured)).toEqual([true, true, false]);
      expect(byTitle((await search({ q: 'Portal', radius: 50 })).items)).toEqual(['Portal TankerNear', 'Portal BusNear']);
      // Among matches a boost never lifts a worse match over a better one: TankerFar misses the distance.
      const best = byTitle((await bestMatchingJobs(db, driverId)).items);
      expect(best.indexOf('Portal TankerNear')).toBeLessThan(best.indexOf('Portal TankerFar'));
      expect(best[0]).toBe('Portal TankerNear');

      // Promote counts only while subscribed and paid for the job's current period.
      const promote = (jobId: number, subscribed: boolean, paid: boolean) =>
        db.execute(sql`insert into job_addons (job_id, addon_type, subscribed, cost_cents, paid_through)
          select id, 'promote', ${subscribed}, 10000, ${paid ? sql`expiration_date` : sql`null`} from jobs where id = ${jobId}`);
      await promote(ids.BusNear, true, true);
      await promote(ids.TankerNear, true, false);
      await promote(ids.TankerFar, false, true);
      const promoted = Object.fromEntries((await search({ q: 'Portal' })).items.map((j) => [j.title, j.promoted]));
      expect(promoted).toEqual({ 'Portal BusNear': true, 'Portal TankerNear': false, 'Portal TankerFar': false });

      // A boost that ended a moment ago, before the tick cleared it, is no longer labelled Featured.
      await db.execute(sql`update jobs set boost_ends_at = now() - interval '1 minute' where id = ${ids.TankerFar}`);
      const featured = Object.fromEntries((await search({ q: 'Portal' })).items.map((j) => [j.title, j.featured]));
      expect(featured).toEqual({ 'Portal TankerFar': false, 'Portal TankerNear': true, 'Portal BusNear': false });
    } finally {
      await db.execute(sql`update jobs set boost_active = false, boost_ends_at = null where id in (${ids.TankerNear}, ${ids.TankerFar})`);
      await db.execute(sql`delete from job_addons where addon_type = 'promote' and job_id in (${ids.TankerNear}, ${ids.TankerFar}, ${ids.BusNear})`);
    }
  });

  it('the portal job page answers the factors, the distance and whether the driver applied; not for unpaid jobs', async () => {
    const page = await portalJob(await getDb(), driverId, ids.BusNear);
    expect(page?.distance).toBeGreaterThan(25);
    expect(page?.match?.factors.filter((f) => !f.met).map((f) => f.key)).toEqual(['endorsements', 'home_time', 'job_type']);
    expect(page?.application).toBeNull();
    expect(await portalJob(await getDb(), driverId, 999_999)).toBeNull();
  });

  it('a card names the address its distance is measured to: the nearest to home, not the first of the list', async () => {
    const db = await getDb();
    const id = await createJobAs(await tokenFor('employer@demo.test'), {
      title: 'Multi-stop hauler',
      addresses: [
        { city: 'Houston', state: 'TX', postal_code: '77002', country: 'US' },
        { city: 'Arlington', state: 'TX', postal_code: '76010', country: 'US' },
      ],
    });
    await publishPaidJob(db, id);
    const [card] = (await search({ q: 'Multi-stop' })).items;
    // Fort Worth to Arlington is about 13 miles; to Houston about 240.
    expect([card.city, card.state]).toEqual(['Arlington', 'TX']);
    expect(card.distance).toBeLessThan(30);
    const best = (await bestMatchingJobs(db, driverId)).items.find((j) => j.id === id);
    expect(best?.city).toBe('Arlington');
  });
});
