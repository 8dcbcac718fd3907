import { desc, eq } from 'drizzle-orm';
import { GET as getMe, PATCH as patchMe } from '@/app/api/v1.0/members/me/route';
import { getDb } from '@/lib/db/client';
import { auditLog, driverProfiles } from '@/lib/db/schema';
import { NAME_REQUIRED } from '@/lib/accounts/schemas';
import { PROFILE_MESSAGES } from '@/lib/drivers/schemas';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { tokens } from '../jobs/helpers';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  await seed();
  t = await tokens();
});

const patch = (body: unknown, token = t.driver) => call(patchMe, { method: 'PATCH', token, body });
const firstError = (res: { json: { errors: { message: string }[] } }) => res.json.errors[0].message;

describe('PATCH /api/v1.0/members/me (driver profile)', () => {
  it('saves every field, locates the home ZIP and answers the profile with its completeness', async () => {
    const res = await patch({
      first_name: 'Dana',
      last_name: 'Wheeler',
      phone: '(214)555-0142',
      cdl_status: 'A',
      endorsements: ['H', 'N', 'H'],
      years_of_experience: 4,
      experience: 'Y2',
      work_experiences: ['dry_van', 'tanker'],
      owner_operator: true,
      home_time: 'HW',
      zip_code: '75201',
      travel_distance: 150,
      birth_date: '1985-06-15',
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      first_name: 'Dana',
      last_name: 'Wheeler',
      phone: '2145550142',
      cdl_status: 'A',
      endorsements: ['H', 'N'],
      years_of_experience: 4,
      experience: 'Y2',
      work_experiences: ['dry_van', 'tanker'],
      owner_operator: true,
      home_time: 'HW',
      zip_code: '75201',
      city: 'Dallas',
      state: 'TX',
      travel_distance: 150,
      birth_date: '1985-06-15',
      profile_completeness: { percent: 100, missing: [] },
    });
    const [row] = await (await getDb()).select().from(driverProfiles);
    expect(row.latitude).toBeCloseTo(32.79, 1);
    const me = await call(getMe, { token: t.driver });
    expect(me.json.data).toMatchObject({ firstName: 'Dana', cdl_status: 'A', city: 'Dallas', roles: ['Driver'] });
  });

  it('changes only what is sent and clears an answer with null', async () => {
    const res = await patch({ home_time: null, travel_distance: '' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ home_time: null, travel_distance: null, cdl_status: 'A', zip_code: '75201' });
    expect(res.json.data.profile_completeness.missing).toEqual(['Preferred home time', 'Travel distance']);
    expect(res.json.data.profile_completeness.percent).toBe(78);
  });

  it('audits the fields a save really changes (the form sends them all), and nothing for a save that changes nothing', async () => {
    const db = await getDb();
    const entries = async () => (await db.select().from(auditLog).where(eq(auditLog.action, 'driver_profile.update')).orderBy(desc(auditLog.id))).map((e) => e.data);
    const before = (await entries()).length;
    const { json } = await call(getMe, { token: t.driver });
    const form = {
      first_name: json.data.first_name,
      last_name: json.data.last_name,
      phone: json.data.phone,
      cdl_status: json.data.cdl_status,
      endorsements: json.data.endorsements,
      years_of_experience: json.data.years_of_experience,
      experience: json.data.experience,
      work_experiences: json.data.work_experiences,
      owner_operator: json.data.owner_operator,
      zip_code: json.data.zip_code,
      birth_date: json.data.birth_date,
    };
    expect((await patch(form)).status).toBe(200);
    expect(await entries()).toHaveLength(before);
    expect((await patch({ ...form, endorsements: ['H'], zip_code: '73301' })).status).toBe(200);
    expect((await entries())[0]).toEqual({ fields: ['endorsements', 'zip_code'] });
  });

  it.each([
    [{ cdl_status: 'D' }, PROFILE_MESSAGES.cdl],
    [{ endorsements: ['Z'] }, PROFILE_MESSAGES.endorsement],
    [{ years_of_experience: 2.5 }, PROFILE_MESSAGES.years],
    [{ years_of_experience: -1 }, PROFILE_MESSAGES.years],
    [{ experience: 'Y9' }, PROFILE_MESSAGES.experience],
    [{ work_experiences: ['spaceship'] }, PROFILE_MESSAGES.workExperience],
    [{ home_time: 'never' }, PROFILE_MESSAGES.homeTime],
    [{ zip_code: '7520' }, PROFILE_MESSAGES.zip],
    [{ travel_distance: 0 }, PROFILE_MESSAGES.travel],
    [{ birth_date: '1990-02-30' }, PROFILE_MESSAGES.birthDate],
    [{ birth_date: new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10) }, PROFILE_MESSAGES.birthAge],
    [{ phone: '555' }, 'Phone numbers should have 10 digits'],
  ])('refuses %j with a clear message and changes nothing', async (body, message) => {
    const before = (await call(getMe, { token: t.driver })).json.data;
    const res = await patch(body);
    expect(res.status).toBe(422);
    expect(firstError(res)).toBe(message);
    expect((await call(getMe, { token: t.driver })).json.data).toEqual(before);
  });

  it('answers 422 for a ZIP code the gazetteer does not know, with the other fields\' errors in the same answer', async () => {
    const before = (await call(getMe, { token: t.driver })).json.data;
    const res = await patch({ zip_code: '00000' });
    expect(res.status).toBe(422);
    expect(firstError(res)).toBe(PROFILE_MESSAGES.zipUnknown);
    const both = await patch({ years_of_experience: 99, zip_code: '00000' });
    expect(both.status).toBe(422);
    expect(both.json.errors).toEqual(
      expect.arrayContaining([
        { message: PROFILE_MESSAGES.years, field: 'years_of_experience' },
        { message: PROFILE_MESSAGES.zipUnknown, field: 'zip_code' },
      ]),
    );
    // A ZIP of the wrong form says so once, not also "could not find".
    const form = await patch({ zip_code: '1234' });
    expect(form.json.errors).toEqual([{ message: PROFILE_MESSAGES.zip, field: 'zip_code' }]);
    expect((await call(getMe, { token: t.driver })).json.data).toEqual(before);
    expect((await patch({ zip_code: '38103' })).status).toBe(200);
  });

  it('a field of the wrong type says what is expected, not that it is missing or too long', async () => {
    const before = (await call(getMe, { token: t.driver })).json.data;
    for (const [field, label] of [
      ['first_name', 'First name'],
      ['last_name', 'Last name'],
      ['phone', 'Phone'],
      ['street1', 'Street1'],
      ['zip_code', 'Zip code'],
      ['birth_date', 'Birth date'],
    ]) {
      const res = await patch({ [field]: 5 });
      expect([res.status, res.json.errors]).toEqual([422, [{ message: `${label} must be text.`, field }]]);
    }
    // The messages for a missing or badly written value are unchanged.
    expect((await patch({ first_name: '' })).json.errors).toEqual([{ message: NAME_REQUIRED, field: 'first_name' }]);
    expect((await patch({ first_name: null })).json.errors).toEqual([{ message: NAME_REQUIRED, field: 'first_name' }]);
    expect((await patch({ street1: 'x'.repeat(201) })).json.errors).toEqual([{ message: PROFILE_MESSAGES.street, field: 'street1' }]);
    expect((await call(getMe, { token: t.driver })).json.data).toEqual(before);
  });

  it('refuses unknown fields and is for drivers only', async () => {
    expect((await patch({ email: 'x@y.test' })).status).toBe(422);
    expect((await patch({ cdl_status: 'A' }, t.employer)).status).toBe(403);
    expect((await patch({ cdl_status: 'A' }, t.admin)).status).toBe(403);
    expect((await call(patchMe, { method: 'PATCH', body: {} })).status).toBe(401);
    // A company user's own GET has no driver fields.
    const employer = await call(getMe, { token: t.employer });
    expect(employer.json.data).not.toHaveProperty('cdl_status');
    const rows = await (await getDb()).select().from(driverProfiles).where(eq(driverProfiles.zipCode, '00000'));
    expect(rows).toEqual([]);
  });
});

describe('two tabs: a save over a newer profile (If-Match)', () => {
  it("refuses with 412 a save made from a profile another tab saved since, and keeps that tab's change", async () => {
    const opened = (await call(getMe, { token: t.driver })).json.data;
    expect(opened.updated_at).toEqual(expect.any(String));
    const ifMatch = { 'if-match': `"${opened.updated_at}"` };
    // Tab A saves a new home.
    const a = await call(patchMe, { method: 'PATCH', token: t.driver, body: { zip_code: '77002' }, headers: ifMatch });
    expect(a.status).toBe(200);
    expect(a.json.data.updated_at).not.toBe(opened.updated_at);
    // Tab B, opened before, saves its years with the old version.
    const b = await call(patchMe, { method: 'PATCH', token: t.driver, body: { zip_code: '75201', years_of_experience: 6 }, headers: ifMatch });
    expect(b.status).toBe(412);
    expect(firstError(b)).toMatch(/^This profile was changed somewhere else .* Reload the page to see the changes, then make yours again\.$/);
    const now = (await call(getMe, { token: t.driver })).json.data;
    expect(now).toMatchObject({ zip_code: '77002', city: 'Houston' });
    expect(now.years_of_experience).not.toBe(6);
    // With the version it now shows, B's save goes through; without any, the last write wins as before.
    expect((await call(patchMe, { method: 'PATCH', token: t.driver, body: { years_of_experience: 6 }, headers: { 'if-match': `"${now.updated_at}"` } })).status).toBe(200);
    expect((await patch({ years_of_experience: 7 })).status).toBe(200);
  });
});
