/**
 * Reviewing applicants (issue 10): tags on applicants (company tags only, applicants of the job
 * only), pipeline stages with their dates, private notes with author and time, and ownership of
 * every new {id} route with a second company.
 */
import { eq } from 'drizzle-orm';
import { GET as listGet } from '@/app/api/v1.0/jobs/[id]/applicants/route';
import { POST as searchPost } from '@/app/api/v1.0/jobs/[id]/applicants/search/route';
import { POST as deleteTagsPost } from '@/app/api/v1.0/jobs/[id]/applicants/delete-tags/route';
import { GET as detailGet } from '@/app/api/v1.0/jobs/[id]/applicants/[applicantId]/route';
import { PATCH as stagePatch } from '@/app/api/v1.0/jobs/[id]/applicants/[applicantId]/stage/route';
import { GET as notesGet, POST as notesPost } from '@/app/api/v1.0/jobs/[id]/applicants/[applicantId]/notes/route';
import { POST as tagPost } from '@/app/api/v1.0/jobs/applicants/tag/route';
import { POST as applyPost } from '@/app/api/v1.0/jobs/[id]/apply/route';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { DELETE as deleteMe, PATCH as patchMe } from '@/app/api/v1.0/members/me/route';
import type { RouteHandler } from '@/lib/api/route';
import { hashPassword } from '@/lib/auth/passwords';
import { getDb } from '@/lib/db/client';
import { applicationStageEvents, applications, driverProfiles, users } from '@/lib/db/schema';
import { DRIVER_STATUS_OF_STAGE } from '@/lib/drivers/codes';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../jobs/helpers';
import { addApplicant, addApplication } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let jobId: number;
let otherJobId: number;
let driverId: number;
let strangerId: number;
let tagId: number;
let rivalTagId: number;

beforeAll(async () => {
  await seed();
  t = await tokens();
  jobId = await createJobAs(t.employer);
  otherJobId = await createJobAs(t.employer, { title: 'Second job' });
  driverId = await addApplicant(jobId, { firstName: 'Tess', lastName: 'Tagged' }, { distanceMiles: 12 });
  strangerId = await addApplicant(otherJobId, { firstName: 'Sam', lastName: 'Elsewhere' });
  tagId = (await call(companyTagPost, { token: t.employer, body: { tag: 'Shortlist' } })).json.data.id;
  rivalTagId = (await call(companyTagPost, { token: t.rival, body: { tag: 'Theirs' } })).json.data.id;
});

const tag = (body: unknown, token = t.employer) => call(tagPost, { token, body });
const untag = (body: unknown, token = t.employer, id = jobId) => call(deleteTagsPost, { token, params: { id: String(id) }, body });
const tagsOfDriver = async () => (await call(detailGet, { token: t.employer, params: { id: String(jobId), applicantId: String(driverId) } })).json.data.tags;

describe('applicant tags', () => {
  it('tags an applicant with a company tag (201), twice is harmless, and the list shows it', async () => {
    const res = await tag({ jobId, applicantId: driverId, tagId });
    expect(res.status).toBe(201);
    expect(res.json.data.tags).toEqual([{ id: tagId, tag: 'Shortlist' }]);
    expect((await tag({ jobId, applicantId: driverId, tagId })).json.data.tags).toHaveLength(1);
    const list = await call(listGet, { token: t.employer, params: { id: String(jobId) } });
    expect(list.json.data[0].tags).toEqual([{ id: tagId, tag: 'Shortlist' }]);
  });

  it("another company's tag, another job's applicant, another company's job answer 404", async () => {
    const theirs = await tag({ jobId, applicantId: driverId, tagId: rivalTagId });
    expect(theirs.status).toBe(404);
    expect(theirs.json.errors[0].message).toBe('Tag not found.');
    const stranger = await tag({ jobId, applicantId: strangerId, tagId });
    expect(stranger.status).toBe(404);
    expect(stranger.json.errors[0].message).toBe('Applicant not found.');
    expect((await tag({ jobId, applicantId: driverId, tagId }, t.rival)).status).toBe(404);
    expect((await tag({ jobId: 999999, applicantId: driverId, tagId })).status).toBe(404);
    expect((await untag({ applicantId: driverId, tagId: rivalTagId })).status).toBe(404);
    expect((await untag({ applicantId: strangerId, tagId })).status).toBe(404);
    expect((await untag({ applicantId: driverId, tagId }, t.rival)).status).toBe(404);
    expect(await tagsOfDriver()).toEqual([{ id: tagId, tag: 'Shortlist' }]);
  });

  it('refuses bad bodies with 422 and a driver with 403', async () => {
    expect((await tag({ jobId, applicantId: driverId })).status).toBe(422);
    expect((await tag({ jobId: 'x', applicantId: driverId, tagId })).status).toBe(422);
    expect((await untag({ applicantId: driverId })).status).toBe(422);
    expect((await tag({ jobId, applicantId: driverId, tagId }, t.driver)).status).toBe(403);
  });

  it('removes one tag, then all tags with cleanAll', async () => {
    const second = (await call(companyTagPost, { token: t.employer, body: { tag: 'Veteran' } })).json.data.id;
    await tag({ job_id: jobId, applicant_id: driverId, tag_id: second });
    expect(await tagsOfDriver()).toHaveLength(2);
    const one = await untag({ applicantId: driverId, tagId: second });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({ removed: 1, tags: [{ id: tagId, tag: 'Shortlist' }] });
    expect((await untag({ applicantId: driverId, tagId: second })).status).toBe(404);
    await tag({ jobId, applicantId: driverId, tagId: second });
    const all = await untag({ applicant_id: driverId, clean_all: true });
    expect(all.json.data).toMatchObject({ removed: 2, tags: [] });
    expect(await tagsOfDriver()).toEqual([]);
  });
});

describe('the applicant\'s match with the job', () => {
  it('explains the match factor by factor, with what the job asks and what the profile says', async () => {
    // The job: dry van, home weekly, 1-2 years (tests' jobPayload); the driver: Class B, 20 mi away.
    const matched = await addApplicant(
      jobId,
      { firstName: 'Mia', lastName: 'Match', cdlStatus: 'B', experience: 'Y2', workExperiences: ['dry_van'], homeTime: 'HD', travelDistance: 30 },
      { distanceMiles: 20 },
    );
    const res = await call(detailGet, { token: t.employer, params: { id: String(jobId), applicantId: String(matched) } });
    expect(res.status).toBe(200);
    const { match } = res.json.data;
    expect(match.factors.map((f: { key: string; met: boolean }) => [f.key, f.met])).toEqual([
      ['cdl', false],
      ['endorsements', true],
      ['experience', true],
      ['distance', true],
      ['home_time', false],
      ['job_type', true],
    ]);
    expect(match.matching).toBe(0.65);
    // The list's Match column says the same, from SQL (the same rules: lib/drivers/match.ts).
    expect(res.json.data.matchPercent).toBe(65);
    const list = await call(listGet, { token: t.employer, params: { id: String(jobId) }, query: { limit: 50 } });
    expect(list.json.data.find((a: { id: number }) => a.id === matched).matchPercent).toBe(65);
    expect(match.details).toMatchObject({
      cdl: 'Job needs Class A; profile: Class B',
      distance: '20 mi from home; travels up to 30 mi',
      home_time: 'Job: Home weekly; profile wants: Home daily',
    });
  });

  it("says Within range as its distance factor does, in the panel, the list's filter and its Match, after the driver narrows their travel distance", async () => {
    const db = await getDb();
    const rangeJob = await createJobAs(t.employer, { title: 'Range Dallas' });
    await publishPaidJob(db, rangeJob);
    // Fort Worth, about 30 miles from the Dallas job: within a 100-mile travel distance when applying.
    await call(patchMe, { method: 'PATCH', token: t.driver, body: { zip_code: '76102', travel_distance: 100 } });
    expect((await call(applyPost, { token: t.driver, params: { id: String(rangeJob) }, body: {} })).status).toBe(201);
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver@demo.test'));
    const seen = async () => {
      const panel = (await call(detailGet, { token: t.employer, params: { id: String(rangeJob), applicantId: String(demo.id) } })).json.data;
      const inRange = await call(searchPost, { token: t.employer, params: { id: String(rangeJob) }, body: { filter: [{ field: 'within_range', operator: 'equals', value: 'Yes' }] } });
      return {
        withinRange: panel.withinRange,
        distanceFactorMet: panel.match.factors.find((f: { key: string }) => f.key === 'distance').met,
        listedAsInRange: inRange.json.data.map((a: { id: number }) => a.id).includes(demo.id),
        matchPercentAgrees: panel.matchPercent === panel.match.points,
      };
    };
    expect(await seen()).toEqual({ withinRange: 'Yes', distanceFactorMet: true, listedAsInRange: true, matchPercentAgrees: true });
    // Narrowed to 20 miles, the driver no longer travels that far: every reading says so at once.
    await call(patchMe, { method: 'PATCH', token: t.driver, body: { travel_distance: 20 } });
    expect(await seen()).toEqual({ withinRange: 'No', distanceFactorMet: false, listedAsInRange: false, matchPercentAgrees: true });
  });

  it('is null for a driver without a profile', async () => {
    const db = await getDb();
    const bare = await addApplicant(jobId, { firstName: 'No', lastName: 'Profile' });
    await db.delete(driverProfiles).where(eq(driverProfiles.userId, bare));
    const res = await call(detailGet, { token: t.employer, params: { id: String(jobId), applicantId: String(bare) } });
    expect(res.status).toBe(200);
    expect(res.json.data.match).toBeNull();
    expect(res.json.data.matchPercent).toBeNull();
  });
});

describe('pipeline stages', () => {
  const move = (stage: unknown, token = t.employer, applicant = driverId, job = jobId) =>
    call(stagePatch, { method: 'PATCH', token, params: { id: String(job), applicantId: String(applicant) }, body: { stage } });

  it('moves an application through stages with the date of each change and who made it', async () => {
    const reviewed = await move('reviewed');
    expect(reviewed.status).toBe(200);
    const interview = await move('interview');
    expect(interview.json.data).toMatchObject({ stage: 'interview', stageLabel: 'Interview', driverStatus: 'In review' });
    const history = interview.json.data.stageHistory;
    expect(history.map((h: { label: string }) => h.label)).toEqual(['Applied', 'Reviewed', 'Interview']);
    expect(typeof history[2].by).toBe('string');
    expect(Date.parse(history[2].at)).toBeGreaterThan(Date.now() - 60_000);
    // The same stage again changes nothing.
    await move('interview');
    const db = await getDb();
    const [app] = await db.select().from(applications).where(eq(applications.userId, driverId));
    expect(await db.select().from(applicationStageEvents).where(eq(applicationStageEvents.applicationId, app.id))).toHaveLength(2);
    const filtered = await call(searchPost, { token: t.employer, params: { id: String(jobId) }, body: { filter: [{ field: 'stage', operator: 'equals', value: 'Interview' }] } });
    expect(filtered.json.data.map((a: { id: number }) => a.id)).toEqual([driverId]);
  });

  it('an application made by applying starts its history with one Applied line, not Applied and New', async () => {
    const db = await getDb();
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver@demo.test'));
    await publishPaidJob(db, otherJobId);
    expect((await call(applyPost, { token: t.driver, params: { id: String(otherJobId) }, body: { message: 'Hi' } })).status).toBe(201);
    const moved = await move('reviewed', t.employer, demo.id, otherJobId);
    expect(moved.json.data.stageHistory.map((h: { label: string }) => h.label)).toEqual(['Applied', 'Reviewed']);
  });

  it('the driver sees only Applied, In review or Closed', () => {
    expect(new Set(Object.values(DRIVER_STATUS_OF_STAGE))).toEqual(new Set(['Applied', 'In review', 'Closed']));
  });

  it('refuses an unknown stage (422), a rival (404), a driver (403)', async () => {
    expect((await move('promoted')).status).toBe(422);
    expect((await move('hired', t.rival)).status).toBe(404);
    expect((await move('hired', t.driver)).status).toBe(403);
    expect((await move('hired', t.employer, strangerId)).status).toBe(404);
  });
});

describe('private notes', () => {
  const note = (body: unknown, token = t.employer) => call(notesPost, { token, params: { id: String(jobId), applicantId: String(driverId) }, body });
  it('keeps notes with author and time, newest first, paginated', async () => {
    const first = await note({ body: 'Called, left a message.' });
    expect(first.status).toBe(201);
    expect(first.json.data).toMatchObject({ body: 'Called, left a message.' });
    expect(first.json.data.author).toMatch(/\S+ \S+/);
    await note({ body: 'Interview set for Monday.' }, t.companyAdmin);
    const list = await call(notesGet, { token: t.employer, params: { id: String(jobId), applicantId: String(driverId) }, query: { limit: 1 } });
    expect(list.json.pagination).toEqual({ offset: 0, limit: 1, total: 2, total_is_lower_bound: false });
    expect(list.json.data[0].body).toBe('Interview set for Monday.');
    const detail = await call(detailGet, { token: t.employer, params: { id: String(jobId), applicantId: String(driverId) } });
    expect(detail.json.data.notes.map((n: { body: string }) => n.body)).toEqual(['Interview set for Monday.', 'Called, left a message.']);
  });
  it('refuses an empty note (422) and a rival (404)', async () => {
    expect((await note({ body: '   ' })).status).toBe(422);
    expect((await note({ body: 'x'.repeat(2001) })).status).toBe(422);
    expect((await note({ body: 'Mine' }, t.rival)).status).toBe(404);
  });
});

describe('an applicant who deleted their account', () => {
  it('shows nothing personal: no birth date, home, licence or experience, no note or distance; the application and its stage stay', async () => {
    const db = await getDb();
    const email = `leaving-${Date.now()}@drivers.test`;
    const leaver = await addApplicant(
      jobId,
      {
        firstName: 'Lena',
        lastName: 'Leaving',
        email,
        phone: '+12145550142',
        cdlStatus: 'A',
        endorsements: ['H', 'T'],
        yearsOfExperience: 9,
        experience: 'Y2',
        workExperiences: ['tanker'],
        ownerOperator: true,
        street1: '12 Elm St',
        street2: 'Apt 4',
        zipCode: '75201',
        city: 'Dallas',
        state: 'TX',
        latitude: 32.78,
        longitude: -96.8,
        birthDate: '1984-03-12',
      },
      { distanceMiles: 14.5, withinRange: true, message: 'Call me at 214 555 0142' },
    );
    await db.update(users).set({ passwordHash: await hashPassword('Leave1234!') }).where(eq(users.id, leaver));
    const detail = () => call(detailGet, { token: t.employer, params: { id: String(jobId), applicantId: String(leaver) } });
    // The phone as every answer gives it: ten digits, without the stored +1 (docs/api.md).
    expect((await detail()).json.data).toMatchObject({ birthDate: '1984-03-12', city: 'Dallas', phone: '2145550142' });
    await call(stagePatch, { method: 'PATCH', token: t.employer, params: { id: String(jobId), applicantId: String(leaver) }, body: { stage: 'reviewed' } });

    expect((await call(deleteMe, { method: 'DELETE', token: await tokenFor(email, 'Leave1234!') })).status).toBe(200);

    const res = await detail();
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: leaver,
      firstName: 'Deleted',
      lastName: 'Deleted',
      phone: 'n/a',
      birthDate: 'n/a',
      zipCode: 'n/a',
      street1: 'n/a',
      street2: 'n/a',
      city: 'n/a',
      state: 'n/a',
      cdlStatus: 'No CDL.',
      endorsements: 'n/a',
      yearsOfExperience: 'n/a',
      workExperiences: 'n/a',
      ownerOperator: 'n/a',
      distance: 'Not available',
      withinRange: 'n/a',
      message: '',
      stage: 'reviewed',
    });
    expect(res.json.data.match).toBeNull();
    expect(JSON.stringify(res.json.data)).not.toMatch(/Lena|Leaving|1984|75201|Elm|214 555/);
    const list = await call(listGet, { token: t.employer, params: { id: String(jobId) } });
    expect(list.json.data.find((a: { id: number }) => a.id === leaver)).toMatchObject({ firstName: 'Deleted', birthDate: 'n/a', city: 'n/a' });
    expect(await db.select().from(driverProfiles).where(eq(driverProfiles.userId, leaver))).toHaveLength(0);
  });
});

type Case = [name: string, handler: RouteHandler, method: string, body?: unknown];
const ROUTES: Case[] = [
  ['GET /jobs/{id}/applicants', listGet, 'GET'],
  ['POST /jobs/{id}/applicants/search', searchPost, 'POST', {}],
  ['POST /jobs/{id}/applicants/delete-tags', deleteTagsPost, 'POST', { applicantId: 1, cleanAll: true }],
  ['GET /jobs/{id}/applicants/{applicantId}', detailGet, 'GET'],
  ['PATCH /jobs/{id}/applicants/{applicantId}/stage', stagePatch, 'PATCH', { stage: 'reviewed' }],
  ['GET /jobs/{id}/applicants/{applicantId}/notes', notesGet, 'GET'],
  ['POST /jobs/{id}/applicants/{applicantId}/notes', notesPost, 'POST', { body: 'x' }],
];

describe.each(ROUTES)('ownership of %s', (_name, handler, method, body) => {
  it("answers 404 for another company's job and its applicant, like a missing id; staff reach any", async () => {
    const theirJob = await createJobAs(t.rival);
    const theirDriver = await addApplicant(theirJob, { firstName: 'Rae', lastName: 'Rivalside' });
    const hit = (token: string, id: number | string) =>
      call(handler, { method, token, params: { id: String(id), applicantId: String(theirDriver) }, body: body && { ...(body as object), applicantId: theirDriver } });
    const other = await hit(t.employer, theirJob);
    expect(other.status).toBe(404);
    expect(other.json).toEqual({ errors: [{ message: 'Job not found.' }] });
    expect((await hit(t.employer, 999999)).json).toEqual(other.json);
    for (const token of [t.rival, t.admin, t.internal]) expect([200, 201]).toContain((await hit(token, theirJob)).status);
    expect((await hit(t.driver, theirJob)).status).toBe(403);
    await addApplication(jobId, theirDriver);
    // The same driver applied to our job too: reachable there, still not through theirs.
    expect((await hit(t.employer, theirJob)).status).toBe(404);
  });
});
