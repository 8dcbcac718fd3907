/**
 * The miles a Drivers Portal card and job page print beside the match never read the other way from
 * the match's distance factor and its words (lib/drivers/match-details.ts): 50.4 miles from a
 * driver who travels 50 printed "50 miles" beside "✗ Distance from home: 51 mi from home; travels
 * up to 50 mi".
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { sql } from 'drizzle-orm';
import { PATCH as patchMe } from '@/app/api/v1.0/members/me/route';
import { PortalJobCard } from '@/components/drivers/job-card';
import { formatMiles } from '@/components/drivers/format';
import { getDb, queryRows } from '@/lib/db/client';
import { METERS_PER_MILE } from '@/lib/drivers/distance';
import { portalJob, searchPortalJobs } from '@/lib/drivers/jobs';
import { driverJobSearchSchema } from '@/lib/drivers/schemas';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs } from '../../api/jobs/helpers';
import { makeDriver } from '../../api/drivers/helpers';
import { tokenFor } from '../../helpers/http';

/** earthdistance's sphere (earth()): a step north along a meridian of exactly `miles`. */
const degreesNorth = (miles: number) => ((miles * METERS_PER_MILE) / 6378168) * (180 / Math.PI);

let driverId: number;
let jobId: number;

beforeAll(async () => {
  await seed();
  const db = await getDb();
  const token = await makeDriver('words@drivers.test');
  const body = { cdl_status: 'A', years_of_experience: 3, experience: 'Y2', work_experiences: ['dry_van'], home_time: 'HW', zip_code: '76102', travel_distance: 50 };
  expect((await call(patchMe, { method: 'PATCH', token, body })).status).toBe(200);
  const [me] = await queryRows<{ id: number; lat: number; lng: number }>(
    db,
    sql`select u.id, dp.latitude as lat, dp.longitude as lng from users u join driver_profiles dp on dp.user_id = u.id where u.email = 'words@drivers.test'`,
  );
  driverId = me.id;
  jobId = await createJobAs(await tokenFor('employer@demo.test'), { title: 'Wordsworth Fifty Point Four', job_type: 'dry_van', home_time: 'HW', required_experience: 'Y1' });
  await publishPaidJob(db, jobId);
  // The job's one address 50.4 miles due north of the driver's home.
  await db.execute(sql`update job_addresses set latitude = ${Number(me.lat) + degreesNorth(50.4)}, longitude = ${Number(me.lng)} where job_id = ${jobId}`);
});

const shownMiles = (html: string) => /data-testid="job-distance">([^<]*)</.exec(html)?.[1];

describe('the miles beside a match', () => {
  it('a card reads the figure the distance words read: beyond the travel distance, never rounded down onto it', async () => {
    const found = await searchPortalJobs(await getDb(), driverId, driverJobSearchSchema.parse({ q: 'Wordsworth' }));
    const [job] = found.items;
    expect(job.distance).toBeCloseTo(50.4, 3);
    expect(job.match?.factors.find((f) => f.key === 'distance')?.met).toBe(false);
    expect(shownMiles(renderToStaticMarkup(createElement(PortalJobCard, { job })))).toBe('51 miles');
  });

  it('the job page says the same figure in its header and in the distance words', async () => {
    const page = await portalJob(await getDb(), driverId, jobId);
    expect(page?.matchDetails?.distance).toBe('51 mi from home; travels up to 50 mi');
    expect(formatMiles(page!.distance, page!.distanceShown)).toBe('51 miles');
  });
});
