/**
 * Tags on the applicants screen are the JOB's company's: staff (admins, internal users: no company
 * of their own, or another one) name it with company_id, both to list and to create tags; a
 * company user always gets their own company, whatever company_id they send.
 */
import { eq } from 'drizzle-orm';
import { GET as companyTagsGet } from '@/app/api/v1.0/companies/tags/route';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { POST as tagPost } from '@/app/api/v1.0/jobs/applicants/tag/route';
import { ROLES } from '@/lib/access';
import { getDb } from '@/lib/db/client';
import { companyTags, jobs, users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, otherCompanyUser, tokens } from '../jobs/helpers';
import { addApplicant } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let staffWithCompany: string;
let jobId: number;
let jobCompany: number;
let applicantId: number;

beforeAll(async () => {
  await seed();
  t = await tokens();
  // An internal user who belongs to a company (not the job's).
  staffWithCompany = await otherCompanyUser('staff-with-company@other.test', ROLES.INTERNAL_USER);
  jobId = await createJobAs(t.employer);
  jobCompany = (await (await getDb()).select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, jobId)))[0].companyId;
  applicantId = await addApplicant(jobId, { firstName: 'Stan', lastName: 'Staffed' });
});

const companyOfTag = async (id: number) => (await (await getDb()).select({ companyId: companyTags.companyId }).from(companyTags).where(eq(companyTags.id, id)))[0].companyId;

describe("staff tag applicants in the job's company", () => {
  it('without a company_id, staff without a company are asked for one (what the screen sent before)', async () => {
    const res = await call(companyTagPost, { token: t.admin, body: { tag: 'Nameless' } });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toBe('Choose a company.');
    expect((await call(companyTagsGet, { token: t.internal })).status).toBe(422);
  });

  it.each([
    ['an admin', () => t.admin, 'Admin pick'],
    ['an internal user', () => t.internal, 'Internal pick'],
    ['an internal user of another company', () => staffWithCompany, 'Staff pick'],
  ])("%s creates the tag in the job's company, lists it there and tags the applicant with it", async (_, token, text) => {
    const created = await call(companyTagPost, { token: token(), body: { tag: text, company_id: jobCompany } });
    expect(created.status).toBe(201);
    expect(await companyOfTag(created.json.data.id)).toBe(jobCompany);
    const listed = await call(companyTagsGet, { token: token(), query: { company_id: jobCompany } });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toContainEqual({ id: created.json.data.id, tag: text });
    const tagged = await call(tagPost, { token: token(), body: { jobId, applicantId, tagId: created.json.data.id } });
    expect(tagged.status).toBe(201);
    expect(tagged.json.data.tags).toContainEqual({ id: created.json.data.id, tag: text });
  });

  it('a company user gets their own company whatever company_id they send', async () => {
    const theirs = await call(companyTagPost, { token: t.rival, body: { tag: 'Not yours', company_id: jobCompany } });
    expect([200, 201]).toContain(theirs.status);
    const [rival] = await (await getDb()).select({ companyId: users.companyId }).from(users).where(eq(users.email, 'rival@other.test'));
    expect(await companyOfTag(theirs.json.data.id)).toBe(rival.companyId);
    const listed = await call(companyTagsGet, { token: t.rival, query: { company_id: jobCompany } });
    expect(listed.json.data.map((tag: { tag: string }) => tag.tag)).toEqual(['Not yours']);
    // The employer of the job sends the job's company (as the screen does): their own, so it works.
    const own = await call(companyTagPost, { token: t.employer, body: { tag: 'Own pick', company_id: jobCompany } });
    expect(await companyOfTag(own.json.data.id)).toBe(jobCompany);
    expect((await call(tagPost, { token: t.employer, body: { jobId, applicantId, tagId: own.json.data.id } })).status).toBe(201);
    // And the rival's tag cannot tag the job's applicant.
    expect((await call(tagPost, { token: t.employer, body: { jobId, applicantId, tagId: theirs.json.data.id } })).status).toBe(404);
  });
});
