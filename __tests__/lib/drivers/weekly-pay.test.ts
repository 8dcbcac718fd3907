import { sql } from 'drizzle-orm';
import { PATCH as patchMe } from '@/app/api/v1.0/members/me/route';
import { getDb, queryRows } from '@/lib/db/client';
import { searchPortalJobs } from '@/lib/drivers/jobs';
import { driverJobSearchSchema } from '@/lib/drivers/schemas';
import { WEEKLY_PAY_HINT, minPayCentsByType, weeklyEstimateCents } from '@/lib/drivers/weekly-pay';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs } from '../../api/jobs/helpers';
import { makeDriver } from '../../api/drivers/helpers';

/*
 * "Minimum weekly pay" compares every pay period as a weekly estimate (40 hours, 2,500 miles, 52
 * weeks a year): a $1,000 minimum hid $28/hour (≈ $1,120 a week) and $0.72/mile (≈ $1,800).
 */

describe('weekly estimates', () => {
  it('are 40 hours, 2,500 miles, 12/52 of a month and 1/52 of a year', () => {
    expect(weeklyEstimateCents('hourly', 2_800)).toBe(112_000);
    expect(weeklyEstimateCents('per_mile', 72)).toBe(180_000);
    expect(weeklyEstimateCents('yearly', 5_200_000)).toBe(100_000);
    expect(weeklyEstimateCents('monthly', 520_000)).toBe(120_000);
    expect(Object.fromEntries(minPayCentsByType(100_000))).toEqual({ weekly: 100_000, hourly: 2_500, per_mile: 40, monthly: 433_334, yearly: 5_200_000 });
    expect(WEEKLY_PAY_HINT).toContain('40 hours, 2,500 miles');
  });
});

describe('the Drivers Portal search by minimum weekly pay', () => {
  let driverId: number;
  beforeAll(async () => {
    await seed();
    const employer = await tokenFor('employer@demo.test');
    const db = await getDb();
    const make = async (title: string, salary_type: string, expected_pay: number) =>
      publishPaidJob(db, await createJobAs(employer, { title: `Paycheck ${title}`, salary_type, expected_pay } as Parameters<typeof createJobAs>[1]));
    await make('Weekly 1200', 'weekly', 1200);
    await make('Weekly 900', 'weekly', 900);
    await make('Hourly 28', 'hourly', 28);
    await make('Hourly 20', 'hourly', 20);
    await make('Mile 0.72', 'per_mile', 0.72);
    await make('Mile 0.30', 'per_mile', 0.3);
    await make('Monthly 5000', 'monthly', 5000);
    await make('Monthly 4000', 'monthly', 4000);
    await make('Yearly 60000', 'yearly', 60000);
    await make('Yearly 45000', 'yearly', 45000);
    const token = await makeDriver('paycheck@drivers.test');
    expect((await call(patchMe, { method: 'PATCH', token, body: { cdl_status: 'A', years_of_experience: 3, experience: 'Y2', zip_code: '76102' } })).status).toBe(200);
    [{ id: driverId }] = await queryRows<{ id: number }>(db, sql`select id from users where email = 'paycheck@drivers.test'`);
  });

  it('keeps jobs of every salary type whose weekly estimate reaches the minimum', async () => {
    const found = await searchPortalJobs(await getDb(), driverId, driverJobSearchSchema.parse({ q: 'Paycheck', min_pay: 1000 }));
    expect(found.items.map((j) => j.title).sort()).toEqual(['Paycheck Hourly 28', 'Paycheck Mile 0.72', 'Paycheck Monthly 5000', 'Paycheck Weekly 1200', 'Paycheck Yearly 60000']);
    expect(found.pagination.total).toBe(5);
    expect(found.order).toBe('boosted');
  });
});
