/**
 * The employer's applicants list (jobs spec §3 Applicant, §7 applicants, issue 10): every field
 * and every operator of the search, the display rules of the payload, sorting, pagination with an
 * exact total, and 422 for a field with an operator it cannot take.
 */
import { GET as listGet } from '@/app/api/v1.0/jobs/[id]/applicants/route';
import { POST as searchPost } from '@/app/api/v1.0/jobs/[id]/applicants/search/route';
import { POST as tagPost } from '@/app/api/v1.0/jobs/applicants/tag/route';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../jobs/helpers';
import { addApplicant } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let jobId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  await seed();
  t = await tokens();
  jobId = await createJobAs(t.employer);
  const day = (d: string) => new Date(`2026-11-${d}T12:00:00Z`);
  ids.ann = await addApplicant(
    jobId,
    { firstName: 'Ann', lastName: 'Able', phone: '214-555-0101', cdlStatus: 'A', yearsOfExperience: 5, endorsements: ['H', 'N'], workExperiences: ['dry_van', 'reefer'], ownerOperator: true, city: 'Dallas', state: 'TX', zipCode: '75201', street1: '1 Elm St', birthDate: '1980-02-03' },
    { distanceMiles: 4.2, withinRange: true, createdAt: day('01') },
  );
  ids.bob = await addApplicant(
    jobId,
    { firstName: 'Bob', lastName: 'Baker', cdlStatus: 'B', yearsOfExperience: 2, endorsements: ['T'], workExperiences: ['flat_bed'], ownerOperator: false, city: 'Austin', state: 'TX' },
    { distanceMiles: 182.456, withinRange: false, createdAt: day('05') },
  );
  ids.cy = await addApplicant(jobId, { firstName: 'Cy', lastName: 'Clark' }, { distanceMiles: null, withinRange: null, createdAt: day('10') });
  ids.dee = await addApplicant(
    jobId,
    { firstName: 'Dee', lastName: 'Dunn', email: 'dee@haul.test', cdlStatus: 'none', yearsOfExperience: 10, workExperiences: ['dry_van'], ownerOperator: false },
    { distanceMiles: 25, withinRange: true, createdAt: day('15') },
  );
});

const search = (body: unknown, token = t.employer, id: number | string = jobId) => call(searchPost, { token, params: { id: String(id) }, body });
const names = (res: { status: number; text: string; json: { data: { firstName: string }[] } }) => (res.json.data ?? thrown(res.text)).map((a) => a.firstName).sort();
const thrown = (text: string): never => {
  throw new Error(text);
};
const only = async (field: string, operator: string, value: unknown) => names(await search({ filter: [{ field, operator, value }] }));

describe('the applicant payload', () => {
  it('carries the spec fields with n/a, No CDL. and the distance texts', async () => {
    const res = await call(listGet, { token: t.employer, params: { id: String(jobId) }, query: { offset: 0, limit: 10 } });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ offset: 0, limit: 10, total: 4, total_is_lower_bound: false });
    const by = Object.fromEntries(res.json.data.map((a: { firstName: string }) => [a.firstName, a]));
    expect(by.Ann).toMatchObject({
      id: ids.ann,
      firstName: 'Ann',
      lastName: 'Able',
      phone: '214-555-0101',
      yearsOfExperience: 5,
      distance: 'Less than 10 miles',
      cdlStatus: 'Class A',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      street1: '1 Elm St',
      street2: 'n/a',
      birthDate: '1980-02-03',
      withinRange: 'Yes',
      ownerOperator: 'Yes',
      tags: [],
      applicationAt: '2026-11-01T12:00:00.000Z',
    });
    expect(by.Ann.workExperiences).toMatch(/Dry Van.*Reefer/i);
    expect(by.Ann.endorsements.split(', ')).toHaveLength(2);
    expect(by.Bob.distance).toBe('182.46 miles');
    expect(by.Cy).toMatchObject({ distance: 'Not available', cdlStatus: 'No CDL.', phone: 'n/a', yearsOfExperience: 'n/a', city: 'n/a', withinRange: 'n/a', workExperiences: 'n/a', endorsements: 'n/a' });
    expect(by.Dee).toMatchObject({ distance: '25.00 miles', cdlStatus: 'No CDL.' });
  });

  it('pages with an exact total', async () => {
    const first = await search({ limit: 3, sort: [{ field: 'applicant', direction: 'asc' }] });
    const second = await search({ limit: 3, offset: 3, sort: [{ field: 'applicant', direction: 'asc' }] });
    expect(first.json.data.map((a: { firstName: string }) => a.firstName)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(second.json.data.map((a: { firstName: string }) => a.firstName)).toEqual(['Dee']);
    expect(second.json.pagination.total).toBe(4);
  });
});

describe('each filter field and operator', () => {
  it('applicant: ilike, not_ilike, equals, not_equals on name, email or phone', async () => {
    expect(await only('applicant', 'ilike', 'ann ab')).toEqual(['Ann']);
    expect(await only('applicant', 'ilike', '555-0101')).toEqual(['Ann']);
    // The phone as the list shows it, as the API answers it, and spaced: the digits are compared.
    expect(await only('applicant', 'ilike', '(214)555-0101')).toEqual(['Ann']);
    expect(await only('applicant', 'ilike', '214 555 0101')).toEqual(['Ann']);
    expect(await only('applicant', 'equals', '2145550101')).toEqual(['Ann']);
    expect(await only('applicant', 'equals', '+1 (214) 555-0101')).toEqual(['Ann']);
    expect(await only('applicant', 'equals', '555-0101')).toEqual([]);
    // Stored as the app stores it (E.164), found as the list shows it.
    const db = await getDb();
    await db.update(users).set({ phone: '+12145550177' }).where(eq(users.id, ids.bob));
    expect(await only('applicant', 'ilike', '(214)555-0177')).toEqual(['Bob']);
    expect(await only('applicant', 'equals', '2145550177')).toEqual(['Bob']);
    await db.update(users).set({ phone: null }).where(eq(users.id, ids.bob));
    expect(await only('applicant', 'ilike', 'haul.test')).toEqual(['Dee']);
    expect(await only('applicant', 'not_ilike', 'nn')).toEqual(['Bob', 'Cy']);
    expect(await only('applicant', 'equals', 'bob baker')).toEqual(['Bob']);
    expect(await only('applicant', 'not_equals', 'bob baker')).toEqual(['Ann', 'Cy', 'Dee']);
    expect(await only('applicant', 'ilike', '%')).toEqual([]);
  });

  it('application_at: between (start/end and [low, high]), greater_than, less_than, equals', async () => {
    expect(await only('application_at', 'between', { start: '2026-11-05', end: '2026-11-10' })).toEqual(['Bob', 'Cy']);
    expect(await only('application_at', 'between', ['2026-11-01', '2026-11-01'])).toEqual(['Ann']);
    expect(await only('application_at', 'greater_than', '2026-11-10')).toEqual(['Dee']);
    expect(await only('application_at', 'less_than', '2026-11-05')).toEqual(['Ann']);
    expect(await only('application_at', 'equals', '2026-11-15')).toEqual(['Dee']);
  });

  it('distance: greater_than, less_than, between, equals', async () => {
    expect(await only('distance', 'less_than', 10)).toEqual(['Ann']);
    expect(await only('distance', 'greater_than', 20)).toEqual(['Bob', 'Dee']);
    expect(await only('distance', 'between', [20, 30])).toEqual(['Dee']);
    expect(await only('distance', 'equals', 25)).toEqual(['Dee']);
    // Equals the figure the list shows (182.46 miles for 182.456), not the stored double.
    expect(await only('distance', 'equals', 182.46)).toEqual(['Bob']);
    expect(await only('distance', 'equals', '182.46')).toEqual(['Bob']);
  });

  it('years_of_experience: equals, not_equals, greater_than, less_than, between, in', async () => {
    expect(await only('years_of_experience', 'equals', 5)).toEqual(['Ann']);
    expect(await only('years_of_experience', 'not_equals', 5)).toEqual(['Bob', 'Cy', 'Dee']);
    expect(await only('years_of_experience', 'greater_than', 4)).toEqual(['Ann', 'Dee']);
    expect(await only('years_of_experience', 'less_than', 3)).toEqual(['Bob']);
    expect(await only('years_of_experience', 'between', { start: 2, end: 5 })).toEqual(['Ann', 'Bob']);
    expect(await only('years_of_experience', 'in', [2, 10])).toEqual(['Bob', 'Dee']);
    // Past what the column holds: 422 naming the filter, not a failed statement.
    const tooMany = await search({ filter: [{ field: 'years_of_experience', operator: 'greater_than', value: 40000 }] });
    expect([tooMany.status, tooMany.json.errors]).toEqual([422, [{ message: "The value of 'years_of_experience' is a whole number from 0 to 100.", field: 'filter.0.value' }]]);
  });

  it("within_range and owner_operator: 'Yes' means true", async () => {
    expect(await only('within_range', 'equals', 'Yes')).toEqual(['Ann', 'Dee']);
    expect(await only('within_range', 'equals', false)).toEqual(['Bob']);
    expect(await only('within_range', 'not_equals', 'Yes')).toEqual(['Bob', 'Cy']);
    expect(await only('owner_operator', 'equals', 'Yes')).toEqual(['Ann']);
    expect(await only('owner_operator', 'equals', 'No')).toEqual(['Bob', 'Cy', 'Dee']);
  });

  it('job_type and endorsements: equals, not_equals, in (by code or label)', async () => {
    expect(await only('job_type', 'equals', 'dry_van')).toEqual(['Ann', 'Dee']);
    expect(await only('job_type', 'in', ['flat_bed', 'reefer'])).toEqual(['Ann', 'Bob']);
    expect(await only('job_type', 'not_equals', 'dry_van')).toEqual(['Bob', 'Cy']);
    expect(await only('endorsements', 'equals', 'H')).toEqual(['Ann']);
    expect(await only('endorsements', 'in', ['T', 'N'])).toEqual(['Ann', 'Bob']);
    expect(await only('endorsements', 'not_equals', 'H')).toEqual(['Bob', 'Cy', 'Dee']);
  });

  it('tag: equals (id or text), not_equals, ilike, not_ilike, in', async () => {
    const tag = await call(companyTagPost, { token: t.employer, body: { tag: 'Call back' } });
    const other = await call(companyTagPost, { token: t.employer, body: { tag: 'Night shift' } });
    const tagId = tag.json.data.id;
    await call(tagPost, { token: t.employer, body: { jobId, applicantId: ids.bob, tagId } });
    await call(tagPost, { token: t.employer, body: { job_id: jobId, applicant_id: ids.cy, tag_id: other.json.data.id } });
    expect(await only('tag', 'equals', tagId)).toEqual(['Bob']);
    expect(await only('tag', 'equals', 'call back')).toEqual(['Bob']);
    expect(await only('tag', 'not_equals', tagId)).toEqual(['Ann', 'Cy', 'Dee']);
    expect(await only('tag', 'ilike', 'night')).toEqual(['Cy']);
    expect(await only('tag', 'not_ilike', 'night')).toEqual(['Ann', 'Bob', 'Dee']);
    expect(await only('tag', 'in', [tagId, 'Night shift'])).toEqual(['Bob', 'Cy']);
    // A text is a tag's name even when it is digits: the tag named after Call back's id is not Call back.
    const digits = await call(companyTagPost, { token: t.employer, body: { tag: String(tagId) } });
    await call(tagPost, { token: t.employer, body: { jobId, applicantId: ids.dee, tagId: digits.json.data.id } });
    expect(await only('tag', 'equals', String(tagId))).toEqual(['Dee']);
    expect(await only('tag', 'equals', tagId)).toEqual(['Bob']);
    // Numbers no tag id can be are names that match nothing, not a failed statement.
    expect(await only('tag', 'equals', '99999999999')).toEqual([]);
    expect(await only('tag', 'in', [2147483648, tagId])).toEqual(['Bob']);
  });

  it('stage: equals, in', async () => {
    expect(await only('stage', 'equals', 'new')).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
    expect(await only('stage', 'in', ['hired', 'Interview'])).toEqual([]);
  });

  it('several filters combine with and', async () => {
    const res = await search({ filter: [{ field: 'job_type', operator: 'equals', value: 'dry_van' }, { field: 'years_of_experience', operator: 'greater_than', value: 6 }] });
    expect(names(res)).toEqual(['Dee']);
    expect(res.json.pagination.total).toBe(1);
  });
});

describe('sorting', () => {
  const order = async (field: string, direction: string) =>
    (await search({ sort: [{ field, direction }] })).json.data.map((a: { firstName: string }) => a.firstName);
  it('sorts by each sort field, missing values last', async () => {
    expect(await order('distance', 'asc')).toEqual(['Ann', 'Dee', 'Bob', 'Cy']);
    expect(await order('distance', 'desc')).toEqual(['Bob', 'Dee', 'Ann', 'Cy']);
    expect(await order('years_of_experience', 'desc')).toEqual(['Dee', 'Ann', 'Bob', 'Cy']);
    expect(await order('application_at', 'asc')).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
    expect(await order('applicant', 'desc')).toEqual(['Dee', 'Cy', 'Bob', 'Ann']);
    expect((await order('owner_operator', 'desc'))[0]).toBe('Ann');
    expect((await order('within_range', 'asc'))[0]).toBe('Bob');
    expect(await order('stage', 'asc')).toHaveLength(4);
  });
  it('defaults to the newest application first', async () => {
    expect((await search({})).json.data.map((a: { firstName: string }) => a.firstName)).toEqual(['Dee', 'Cy', 'Bob', 'Ann']);
  });
});

describe('bad input answers 422 and names what is wrong', () => {
  it('a field with an operator it cannot take names both', async () => {
    const res = await search({ filter: [{ field: 'distance', operator: 'ilike', value: 'x' }] });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toContain("'distance'");
    expect(res.json.errors[0].message).toContain("'ilike'");
    expect(res.json.errors[0].field).toBe('filter.0.operator');
    const owner = await search({ filter: [{ field: 'owner_operator', operator: 'greater_than', value: 'Yes' }] });
    expect(owner.status).toBe(422);
    expect(owner.json.errors[0].message).toMatch(/owner_operator.*greater_than/);
  });
  it.each([
    [{ field: 'nope', operator: 'equals', value: 1 }, 'filter.0.field'],
    [{ field: 'distance', operator: 'like', value: 1 }, 'filter.0.operator'],
    [{ field: 'distance', operator: 'greater_than', value: 'far' }, 'filter.0.value'],
    [{ field: 'distance', operator: 'between', value: [1] }, 'filter.0.value'],
    [{ field: 'years_of_experience', operator: 'equals', value: 2.5 }, 'filter.0.value'],
    [{ field: 'application_at', operator: 'between', value: { start: 'yesterday', end: '2026-01-01' } }, 'filter.0.value'],
    [{ field: 'job_type', operator: 'equals', value: 'spaceship' }, 'filter.0.value'],
    [{ field: 'within_range', operator: 'equals', value: 'maybe' }, 'filter.0.value'],
    [{ field: 'tag', operator: 'in', value: [] }, 'filter.0.value'],
  ])('%j', async (filter, field) => {
    const res = await search({ filter: [filter] });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].field).toBe(field);
  });
  it('a bad sort field or direction', async () => {
    expect((await search({ sort: [{ field: 'salary', direction: 'asc' }] })).status).toBe(422);
    expect((await search({ sort: [{ field: 'distance', direction: 'up' }] })).status).toBe(422);
  });
});

describe('who may search', () => {
  it("another company's job answers 404, a driver 403, anonymous 401", async () => {
    expect((await search({}, t.rival)).status).toBe(404);
    expect((await search({}, t.driver)).status).toBe(403);
    expect((await call(searchPost, { params: { id: String(jobId) }, body: {} })).status).toBe(401);
    const admin = await search({}, t.admin);
    expect(admin.json.pagination.total).toBe(4);
  });
});
