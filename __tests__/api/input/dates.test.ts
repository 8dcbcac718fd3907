/**
 * Dates a client sends keep one rule (lib/validation/dates.ts): a day or an ISO date and time, a
 * real calendar day, years 1900 to 2100. Before, a year PostgreSQL refuses ('0000-01-01'), one a day
 * past JavaScript's last ('+275760-09-13') or a plain number answered 500 in the job and applicant
 * searches, and an impossible day ('2027-02-30') was quietly moved to 2 March on an ad.
 */
import { sql } from 'drizzle-orm';
import { POST as adminJobSearchPost } from '@/app/api/v1.0/admin/jobs/search/route';
import { PATCH as adPatch } from '@/app/api/v1.0/ads/[id]/route';
import { POST as adPost } from '@/app/api/v1.0/ads/route';
import { POST as applicantSearchPost } from '@/app/api/v1.0/jobs/[id]/applicants/search/route';
import { POST as jobSearchPost } from '@/app/api/v1.0/jobs/search/route';
import { AD_MESSAGES } from '@/lib/ads/schemas';
import { errorResponse } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { sqlState } from '@/lib/errors';
import { ads } from '@/lib/db/schema';
import { DATE_MESSAGE, strictDate } from '@/lib/validation/dates';
import { adPayload, adTokens, createAdAs, type AdTokens } from '../ads/helpers';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs } from '../jobs/helpers';

let t: AdTokens;
let jobId: number;
beforeAll(async () => {
  await seed();
  t = await adTokens();
  jobId = await createJobAs(t.employer);
});

/** Each of these answered 500 in a job search (a PostgreSQL datetime error or a RangeError). */
const OUT_OF_RANGE: unknown[] = ['0000-01-01', '+275760-09-13', '10000-01-01', '-000001-01-01T00:00:00Z', 8640000000000000, -8640000000000000];
/** Each of these was read as some other day. */
const NOT_A_DAY: unknown[] = ['2027-02-30', '2026-13-01', '2026-04-31', '2026-01-01T25:00:00Z', '12/01/2026', '1899-12-31', '2101-01-01', ''];

describe('the job searches refuse dates outside the rule with 422 on the field', () => {
  const searches = [
    ['POST /jobs/search', () => jobSearchPost, () => t.employer],
    ['POST /admin/jobs/search', () => adminJobSearchPost, () => t.admin],
  ] as const;
  const cases = searches.flatMap(([name, handler, token]) =>
    ['posting_date_from', 'posting_date_to'].flatMap((field) => [...OUT_OF_RANGE, ...NOT_A_DAY].map((value) => [name, field, value, handler, token] as const)),
  );

  it.each(cases)('%s %s %p', async (_name, field, value, handler, token) => {
    const res = await call(handler(), { token: token(), body: { filters: { [field]: value } } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message: DATE_MESSAGE, field: `filters.${field}` }] });
  });

  it.each(['2026-01-01', '2026-01-01T08:30:00Z', '2026-01-01T08:30:00.123-05:00', '2028-02-29', '1900-01-01', '2100-12-31'])('still takes %p', async (value) => {
    const res = await call(jobSearchPost, { token: t.employer, body: { filters: { posting_date_from: value, posting_date_to: '2100-12-31' } } });
    expect(res.status).toBe(200);
  });
});

describe('the applicants search refuses application dates outside the rule with 422 naming the filter', () => {
  const message = "The value of 'application_at' is a date (YYYY-MM-DD) or a date and time, from 1900 to 2100.";
  const cases: [string, unknown][] = [
    ...['equals', 'greater_than', 'less_than'].flatMap((operator) => ['+275760-09-13', '0000-01-01', '2100-12-32', '2027-02-30', 8640000000000000].map((value): [string, unknown] => [operator, value])),
    ['between', ['2026-01-01', '+275760-09-13']],
    ['between', ['0000-01-01', '2026-01-01']],
    ['between', { start: '2026-01-01', end: '10000-01-01' }],
  ];

  it.each(cases)('%s %p', async (operator, value) => {
    const res = await call(applicantSearchPost, { token: t.employer, params: { id: String(jobId) }, body: { filter: [{ field: 'application_at', operator, value }] } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message, field: 'filter.0.value' }] });
  });

  it('the last day of the range still works, a day past it included', async () => {
    for (const operator of ['equals', 'greater_than', 'less_than']) {
      const res = await call(applicantSearchPost, { token: t.employer, params: { id: String(jobId) }, body: { filter: [{ field: 'application_at', operator, value: '2100-12-31' }] } });
      expect(res.status).toBe(200);
    }
  });
});

describe('an ad date that the calendar lacks is refused, not moved', () => {
  const adCount = async () => (await (await getDb()).select({ id: ads.id }).from(ads)).length;

  it.each([
    ['starts_at', '2027-02-30', AD_MESSAGES.startsAt],
    ['starts_at', '2027-02-29', AD_MESSAGES.startsAt],
    ['starts_at', '12/01/2027', AD_MESSAGES.startsAt],
    ['ends_at', '2027-04-31', 'Enter a valid end date'],
  ])('POST /ads %s %p answers 422 and creates nothing', async (field, value, message) => {
    const before = await adCount();
    const res = await call(adPost, { token: t.ads, body: adPayload({ [field]: value }) });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message, field }] });
    expect(await adCount()).toBe(before);
  });

  it('PATCH /ads/{id} refuses it and leaves the ad as it was', async () => {
    const ad = await createAdAs(t.ads, { starts_at: '2027-03-01' });
    const res = await call(adPatch, { method: 'PATCH', token: t.ads, params: { id: String(ad.id) }, body: { starts_at: '2027-02-30' } });
    expect(res.status).toBe(422);
    const [row] = await (await getDb()).select({ startsAt: ads.startsAt }).from(ads).where(sql`${ads.id} = ${ad.id}`);
    expect(row.startsAt.toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('a leap day and a date and time are still taken', async () => {
    expect((await createAdAs(t.ads, { starts_at: '2028-02-29' })).id).toBeGreaterThan(0);
    expect((await createAdAs(t.ads, { starts_at: '2027-06-01T09:30:00Z' })).id).toBeGreaterThan(0);
  });
});

describe('the rule itself', () => {
  it('reads a day as midnight UTC and a date and time with its offset', () => {
    expect(strictDate('2026-12-01')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(strictDate('2026-12-01T08:30:00-05:00')?.toISOString()).toBe('2026-12-01T13:30:00.000Z');
    expect(strictDate('2026-12-01T08:30+01:00')?.toISOString()).toBe('2026-12-01T07:30:00.000Z');
    expect(strictDate('2026-12-01T08:30:00+24:00')).toBeNull();
    expect(strictDate(new Date('2030-01-01'))).toEqual(new Date('2030-01-01'));
    expect(strictDate(new Date(8.64e15))).toBeNull();
  });
});

describe('PostgreSQL datetime errors are a 422 behind the schemas (errorResponse)', () => {
  it.each([
    ["'0000-01-01'::timestamptz", '22008'],
    ["'not a date'::timestamptz", '22007'],
    ["'2026-01-01 00:00 +99:99'::timestamptz", '22009'],
  ])('%s (%s)', async (expression, state) => {
    const error = await (await getDb()).execute(sql.raw(`select ${expression}`)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe(state);
    const res = errorResponse(error, 'test');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: [{ message: 'Invalid date.' }] });
  });
});
