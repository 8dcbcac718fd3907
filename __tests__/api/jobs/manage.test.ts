import { and, asc, eq, like } from 'drizzle-orm';
import { GET as addonsGet, PATCH as addonsPatch, POST as addonsPost } from '@/app/api/v1.0/jobs/[id]/addons/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { POST as createPost } from '@/app/api/v1.0/jobs/route';
import { POST as cancelPost } from '@/app/api/v1.0/jobs/[id]/cancel/route';
import { PATCH as cancelRenewalPatch } from '@/app/api/v1.0/jobs/[id]/cancel-renewal/route';
import { POST as closePost } from '@/app/api/v1.0/jobs/[id]/close/route';
import { POST as duplicatePost } from '@/app/api/v1.0/jobs/[id]/duplicate/route';
import { GET as jobGet, PATCH as jobPatch } from '@/app/api/v1.0/jobs/[id]/route';
import { GET as statisticsGet } from '@/app/api/v1.0/jobs/[id]/statistics/route';
import { POST as tagPost } from '@/app/api/v1.0/jobs/[id]/tag/route';
import { DELETE as tagDelete } from '@/app/api/v1.0/jobs/tag/[id]/route';
import { GET as companyTagsGet } from '@/app/api/v1.0/companies/tags/route';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { PATCH as suspendPatch } from '@/app/api/v1.0/admin/jobs/[id]/suspend/route';
import { PEER_HEADER } from '@/lib/api/client-address';
import { auditTrail } from '@/lib/audit';
import { getDb } from '@/lib/db/client';
import { companies, emailOutbox, jobs, users } from '@/lib/db/schema';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { MESSAGES } from '@/lib/jobs/schemas';
import { DUPLICATE_ADDRESS } from '@/components/jobs/wizard/address-step';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, jobPayload, tokens } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  await seed();
  t = await tokens();
});

const p = (id: number) => ({ id: String(id) });

describe('job detail and edits', () => {
  it('answers every detail field, the first address as `address`, add-ons and tags', async () => {
    const id = await createJobAs(t.employer, {
      benefits: ['health_coverage', 'health_coverage'],
      endorsements: ['H', 'TWIC'],
      video_url: 'https://videos.example.com/a.mp4',
      addons: [{ addon_type: 'promote' }],
    });
    const res = await call(jobGet, { token: t.employer, params: p(id) });
    expect(res.status).toBe(200);
    const d = res.json.data;
    for (const field of ['id', 'title', 'job_type', 'additional_experience', 'home_time', 'required_experience', 'job_description', 'driver_unload', 'expected_pay', 'salary_type', 'signon_bonus', 'starting_bonus', 'benefits', 'endorsements', 'address', 'cost', 'addons', 'video_url', 'status', 'posting_date', 'next_billing_date', 'expiration_date', 'renewable', 'auto_renew', 'boost_active', 'boost_remaining_days', 'renewal_canceled_at', 'renewal_cancellation_reason', 'tags', 'employer_id']) {
      expect(d).toHaveProperty(field);
    }
    expect(d.benefits).toEqual(['health_coverage']);
    expect(d.address).toMatchObject({ street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US', cost: 150 });
    expect(d.addons).toEqual([expect.objectContaining({ addon_type: 'promote', subscribed: true, cost: 100, job_hyperlink: null })]);
    expect(d.cost).toBe(250);
  });

  it('edits content without resetting fields it was not given', async () => {
    const id = await createJobAs(t.employer, { signon_bonus: 500 });
    const res = await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { title: 'New title', salary_type: 'hourly', unknown: 1 } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ title: 'New title', salary_type: 'hourly', signon_bonus: 500, expected_pay: 1500 });
    const bad = await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { expected_pay: '1.234' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ message: 'Enter an amount with up to 8 digits and 2 decimals', field: 'expected_pay' }]);
    const cleared = await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { signon_bonus: '' } });
    expect(cleared.json.data.signon_bonus).toBe(0);
  });

  it('replaces the addresses and recomputes the cost, with the US rules', async () => {
    const id = await createJobAs(t.employer);
    const res = await call(addressesPatch, {
      method: 'PATCH',
      token: t.employer,
      params: p(id),
      body: { addresses: [{ city: 'Reno', state: 'NV', postal_code: '89501' }, { city: 'Boise', state: 'ID', postal_code: '83702' }, { city: 'Tulsa', state: 'OK' }] },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.addresses.map((a: { city: string }) => a.city)).toEqual(['Reno', 'Boise', 'Tulsa']);
    expect(res.json.data.cost).toBe(450);
    // A new order keeps the rows (what was paid stays paid) and moves only the ones that changed place.
    const ids = Object.fromEntries(res.json.data.addresses.map((a: { city: string; id: number }) => [a.city, a.id]));
    const moved = await call(addressesPatch, {
      method: 'PATCH',
      token: t.employer,
      params: p(id),
      body: { addresses: [{ city: 'Tulsa', state: 'OK' }, { city: 'Boise', state: 'ID', postal_code: '83702' }, { city: 'Reno', state: 'NV', postal_code: '89501' }] },
    });
    expect(moved.json.data.addresses.map((a: { city: string; id: number }) => [a.city, a.id])).toEqual([
      ['Tulsa', ids.Tulsa],
      ['Boise', ids.Boise],
      ['Reno', ids.Reno],
    ]);
    expect(moved.json.data.cost).toBe(450);
    const bad = await call(addressesPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { addresses: [{ city: 'Paris', country: 'France' }] } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ message: 'Addresses should be from the US', field: 'addresses.0.country' }]);
  });

  it('refuses the same place twice however it is spelled (each address is charged), and changes nothing', async () => {
    const id = await createJobAs(t.employer);
    const before = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    const dallas = { city: 'Dallas', state: 'TX', postal_code: '75201' };
    const res = await call(addressesPatch, {
      method: 'PATCH',
      token: t.employer,
      params: p(id),
      body: { addresses: [dallas, { city: 'Reno', state: 'NV' }, { city: ' dallas ', state: 'Texas', postal_code: '75201' }] },
    });
    expect([res.status, res.json.errors]).toEqual([422, [{ message: DUPLICATE_ADDRESS, field: 'addresses.2.address' }]]);
    const after = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    expect([after.addresses, after.cost]).toEqual([before.addresses, before.cost]);
    // The wizard's own message is the server's.
    expect(DUPLICATE_ADDRESS).toBe(MESSAGES.duplicateAddress);
  });

  it('refuses the same place given once in full and once as its ZIP code alone (the map fills the city in), on a new job and on a paid one', async () => {
    const dallas = { city: 'Dallas', state: 'TX', postal_code: '75201' };
    // A new job: it used to be created with two "Dallas, TX 75201" lines, $300 for one place.
    const created = await call(createPost, { token: t.employer, body: jobPayload({ addresses: [dallas, { postal_code: '75201' }] }) });
    expect([created.status, created.json.errors]).toEqual([422, [{ message: MESSAGES.duplicateAddress, field: 'addresses.1.address' }]]);
    // A paid job whose Dallas is paid: the bare ZIP was saved as a new unpaid line, charged again.
    const id = await createJobAs(t.employer, { addresses: [dallas] });
    await publishPaidJob(await getDb(), id);
    const before = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    const res = await call(addressesPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { addresses: [dallas, { postal_code: '75201' }] } });
    expect([res.status, res.json.errors]).toEqual([422, [{ message: MESSAGES.duplicateAddress, field: 'addresses.1.address' }]]);
    const after = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    expect([after.addresses, after.cost]).toEqual([before.addresses, before.cost]);
  });

  it('lists, adds and updates add-ons; a hyperlink needs an http(s) URL', async () => {
    const id = await createJobAs(t.employer);
    expect((await call(addonsGet, { token: t.employer, params: p(id) })).json.data).toEqual([]);
    const added = await call(addonsPost, { token: t.employer, params: p(id), body: [{ addon_type: 'boost', subscribed: true }] });
    expect(added.status).toBe(201);
    expect(added.json.data).toEqual([expect.objectContaining({ addon_type: 'boost', subscribed: true, cost: 200 })]);
    const bad = await call(addonsPatch, { method: 'PATCH', token: t.employer, params: p(id), body: [{ addon_type: 'hyperlink', subscribed: true, external_url: 'www.example.com' }] });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ message: 'Enter a valid URL starting with http:// or https://', field: 'addons.0.external_url' }]);
    const patched = await call(addonsPatch, {
      method: 'PATCH',
      token: t.employer,
      params: p(id),
      body: [
        { addon_type: 'boost', subscribed: false },
        { addon_type: 'hyperlink', subscribed: true, external_url: 'https://careers.example.com/1' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toEqual([
      expect.objectContaining({ addon_type: 'boost', subscribed: false }),
      expect.objectContaining({ addon_type: 'hyperlink', subscribed: true, external_url: 'https://careers.example.com/1' }),
    ]);
    expect((await call(jobGet, { token: t.employer, params: p(id) })).json.data.cost).toBe(250);
  });

  it('closes and cancels once; both end renewal and the boost', async () => {
    const closeId = await createJobAs(t.employer, { auto_renew: true });
    await publishPaidJob(await getDb(), closeId);
    const closed = await call(closePost, { token: t.employer, params: p(closeId) });
    expect(closed.status).toBe(200);
    expect(closed.json.data).toMatchObject({ status: 'canceled', active: false, auto_renew: false, next_billing_date: null });
    expect(closed.json.data.closed_at).toBeTruthy();
    const again = await call(closePost, { token: t.employer, params: p(closeId) });
    expect(again.status).toBe(409);
    expect(again.json.errors).toEqual([{ message: 'This job is already closed.' }]);

    const cancelId = await createJobAs(t.employer);
    const cancelled = await call(cancelPost, { token: t.employer, params: p(cancelId) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data.cancelled_at).toBeTruthy();
    expect((await call(cancelPost, { token: t.employer, params: p(cancelId) })).json.errors).toEqual([{ message: 'This job is already cancelled.' }]);
  });

  it('cancels renewal with a reason: auto-renew off at once', async () => {
    const id = await createJobAs(t.employer, { auto_renew: true });
    await publishPaidJob(await getDb(), id);
    expect((await call(jobGet, { token: t.employer, params: p(id) })).json.data.next_billing_date).toBeTruthy();
    const missing = await call(cancelRenewalPatch, { method: 'PATCH', token: t.employer, params: p(id), body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([{ message: 'Tell us why you are cancelling the renewal', field: 'renewalCancelationReason' }]);
    const res = await call(cancelRenewalPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { renewalCancelationReason: 'Position filled' } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ auto_renew: false, next_billing_date: null, renewal_cancellation_reason: 'Position filled', status: 'active' });
    expect(res.json.data.renewal_canceled_at).toBeTruthy();
  });

  it("duplicates on the server: ' Copy', unpublished, hyperlink cleared when that add-on is off", async () => {
    const id = await createJobAs(t.employer, {
      title: 'Flatbed Driver',
      addons: [{ addon_type: 'hyperlink', subscribed: false, external_url: 'https://old.example.com' }, { addon_type: 'boost' }],
      addresses: [{ city: 'Reno', state: 'NV' }, { city: 'Boise', state: 'ID' }],
    });
    await publishPaidJob(await getDb(), id);
    await call(tagPost, { token: t.employer, params: p(id), body: { tag: 'Urgent' } });
    const res = await call(duplicatePost, { token: t.employer, params: p(id) });
    expect(res.status).toBe(201);
    const copyId = res.json.data.jobs[0].id;
    expect(copyId).not.toBe(id);
    expect(res.json.data.jobs_post_token).toBeTruthy();
    const copy = (await call(jobGet, { token: t.employer, params: p(copyId) })).json.data;
    expect(copy).toMatchObject({ title: 'Flatbed Driver Copy', status: 'inactive', payment_status: 'pending', posting_date: null, cost: 500 });
    expect(copy.addresses.map((a: { city: string }) => a.city)).toEqual(['Reno', 'Boise']);
    expect(copy.addons.find((a: { addon_type: string }) => a.addon_type === 'hyperlink')).toMatchObject({ subscribed: false, external_url: null });
    expect(copy.tags.map((x: { tag: string }) => x.tag)).toEqual(['Urgent']);
  });

  it('duplicates a job whose title is at the limit into a copy whose title the server accepts', async () => {
    // 150 characters: ' Copy' would make 155. The second title ends its first 145 code units
    // inside a surrogate pair (the truck emoji), which is dropped whole, never halved.
    for (const [title, expected] of [
      ['T'.repeat(150), `${'T'.repeat(145)} Copy`],
      [`${'x'.repeat(144)}\u{1F69A}yyyy`, `${'x'.repeat(144)} Copy`],
    ]) {
      const id = await createJobAs(t.employer, { title });
      const res = await call(duplicatePost, { token: t.employer, params: p(id) });
      expect(res.status).toBe(201);
      const copyId = res.json.data.jobs[0].id;
      const copy = (await call(jobGet, { token: t.employer, params: p(copyId) })).json.data;
      expect(copy.title).toBe(expected);
      expect(copy.title.length).toBeLessThanOrEqual(150);
      // The copy's own title saved back as it is: accepted, as the wizard's Save would send it.
      const saved = await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(copyId), body: { title: copy.title } });
      expect([saved.status, saved.json.errors]).toEqual([200, undefined]);
    }
  });

  it('answers simple statistics', async () => {
    const id = await createJobAs(t.employer);
    const res = await call(statisticsGet, { token: t.employer, params: p(id) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ job_id: id, total_applicants: 0, today_applicants: 0, addresses: 1, days_remaining: 0 });
    // Drivers seeded by other files may live near this address (PostgreSQL shares the database); the
    // candidates themselves are tested in __tests__/api/applicants/candidates.test.ts.
    expect(Number.isInteger(res.json.data.total_candidates)).toBe(true);
  });
});

describe('tags', () => {
  it('tags a job, lists company tags without duplicates, and removes a job tag', async () => {
    const id = await createJobAs(t.employer);
    const first = await call(tagPost, { token: t.employer, params: p(id), body: { tag: 'Night shift' } });
    expect(first.status).toBe(201);
    expect(first.json.data).toMatchObject({ tag: 'Night shift', job_id: id });
    const same = await call(tagPost, { token: t.employer, params: p(id), body: { tag: 'night SHIFT' } });
    expect(same.json.data.id).toBe(first.json.data.id);
    const created = await call(companyTagPost, { token: t.companyAdmin, body: { tag: 'Team' } });
    expect(created.status).toBe(201);
    expect((await call(companyTagPost, { token: t.companyAdmin, body: { tag: 'team' } })).status).toBe(200);
    const list = await call(companyTagsGet, { token: t.employer });
    expect(list.json.data.map((x: { tag: string }) => x.tag)).toEqual(expect.arrayContaining(['Night shift', 'Team']));
    expect(list.json.data.filter((x: { tag: string }) => x.tag.toLowerCase() === 'team')).toHaveLength(1);
    const bad = await call(tagPost, { token: t.employer, params: p(id), body: { tag: '' } });
    expect(bad.json.errors).toEqual([{ message: 'Enter a tag of 1 to 50 characters', field: 'tag' }]);
    expect((await call(tagDelete, { method: 'DELETE', token: t.employer, params: { id: String(first.json.data.id) } })).status).toBe(200);
    expect((await call(jobGet, { token: t.employer, params: p(id) })).json.data.tags).toEqual([]);
    expect((await call(tagDelete, { method: 'DELETE', token: t.employer, params: { id: String(first.json.data.id) } })).status).toBe(404);
  });

  it('keeps company tags apart', async () => {
    await call(companyTagPost, { token: t.rival, body: { tag: 'Rival only' } });
    const mine = await call(companyTagsGet, { token: t.employer });
    expect(mine.json.data.map((x: { tag: string }) => x.tag)).not.toContain('Rival only');
  });
});

describe('two tabs: a save over a newer job (If-Match)', () => {
  it("refuses with 412 an edit made from a job another tab saved since, and keeps that tab's change", async () => {
    const id = await createJobAs(t.employer, { title: 'Edited In Two Tabs' });
    const opened = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    const ifMatch = { 'if-match': `"${opened.updated_at}"` };
    const a = await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { title: 'Edited In Tab A' }, headers: ifMatch });
    expect(a.status).toBe(200);
    const b = await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { title: 'Edited In Two Tabs', expected_pay: 1600 }, headers: ifMatch });
    expect(b.status).toBe(412);
    expect(b.json.errors[0].message).toMatch(/^This job was changed somewhere else/);
    const now = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    expect(now).toMatchObject({ title: 'Edited In Tab A', expected_pay: 1500 });
    // A weak tag or W/ prefix names the same version; `*` and no header keep last-write-wins for API clients.
    expect((await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { expected_pay: 1600 }, headers: { 'if-match': `W/"${now.updated_at}"` } })).status).toBe(200);
    expect((await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { expected_pay: 1700 }, headers: { 'if-match': '*' } })).status).toBe(200);
    expect((await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { expected_pay: 1800 } })).status).toBe(200);
  });
});

describe('admin suspension', () => {
  it('lets admins suspend a job (inactive) and refuses company users', async () => {
    const id = await createJobAs(t.employer);
    await publishPaidJob(await getDb(), id);
    expect((await call(suspendPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { suspended: true } })).status).toBe(403);
    const res = await call(suspendPatch, { method: 'PATCH', token: t.admin, params: p(id), body: { suspended: true } });
    expect(res.status).toBe(200);
    expect(res.json.data.status).toBe('inactive');
    const [row] = await (await getDb()).select().from(jobs).where(eq(jobs.id, id));
    expect(row.suspended).toBe(true);
  });

  it("tells the company, not the employer who posted the job, once that employer is deactivated or out of the company", async () => {
    const db = await getDb();
    const id = await createJobAs(t.employer, { title: 'Posted By A Leaver' });
    await publishPaidJob(db, id);
    const [job] = await db.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, id));
    const [company] = await db.select({ email: companies.email }).from(companies).where(eq(companies.id, job.companyId));
    const mails = () => db.select().from(emailOutbox).where(like(emailOutbox.subject, '%"Posted By A Leaver"%')).orderBy(asc(emailOutbox.id));
    const [leaver] = await db.insert(users).values({ email: 'leaver@demo-freight.test', firstName: 'Lee', lastName: 'Leaver', companyId: job.companyId, active: false }).returning();
    await db.update(jobs).set({ employerId: leaver.id }).where(eq(jobs.id, id));
    await call(suspendPatch, { method: 'PATCH', token: t.admin, params: p(id), body: { suspended: true } });
    // Out of the company (active again, in no company): still not them.
    await db.update(users).set({ active: true, companyId: null }).where(eq(users.id, leaver.id));
    await call(suspendPatch, { method: 'PATCH', token: t.admin, params: p(id), body: { suspended: false } });
    expect((await mails()).map((m) => [m.kind, m.toAddress])).toEqual([
      ['job_suspended', company.email],
      ['job_released', company.email],
    ]);
  });

  it('tells the employer of a hold and of its end, once each, and promises no billing date while held', async () => {
    const db = await getDb();
    const id = await createJobAs(t.employer, { title: 'Held Then Released', auto_renew: true });
    await publishPaidJob(db, id);
    expect((await call(jobGet, { token: t.employer, params: p(id) })).json.data.next_billing_date).toBeTruthy();
    const mails = () => db.select().from(emailOutbox).where(like(emailOutbox.subject, '%"Held Then Released"%')).orderBy(asc(emailOutbox.id));
    const hold = (suspended: boolean) => call(suspendPatch, { method: 'PATCH', token: t.admin, params: p(id), body: { suspended } });

    const held = await hold(true);
    expect(held.json.data).toMatchObject({ suspended: true, auto_renew: true, next_billing_date: null });
    await hold(true); // the same hold again: no second mail
    let sent = await mails();
    expect(sent.map((m) => [m.kind, m.toAddress])).toEqual([['job_suspended', 'employer@demo.test']]);
    expect(sent[0].subject).toBe('"Held Then Released" was suspended');
    expect(sent[0].text).toMatch(/Drivers no longer see it, and it is not renewed or charged while it is suspended\. If the suspension is still in place on \d\d\/\d\d\/\d{4}, the job expires that day\./);

    const released = await hold(false);
    expect(released.json.data.next_billing_date).toBeTruthy();
    sent = await mails();
    expect(sent.map((m) => m.kind)).toEqual(['job_suspended', 'job_released']);
    expect(sent[1].text).toMatch(/Drivers see it again, and it runs until \d\d\/\d\d\/\d{4}\./);
  });

  it('says a job that ended while held is not live when the hold is lifted', async () => {
    const db = await getDb();
    const id = await createJobAs(t.employer, { title: 'Ended While Held' });
    await publishPaidJob(db, id);
    await call(suspendPatch, { method: 'PATCH', token: t.admin, params: p(id), body: { suspended: true } });
    await db.update(jobs).set({ approved: false, active: false, expiredAt: new Date() }).where(eq(jobs.id, id));
    await call(suspendPatch, { method: 'PATCH', token: t.admin, params: p(id), body: { suspended: false } });
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'job_released'), like(emailOutbox.subject, '%"Ended While Held"%')));
    expect(mail.text).toContain('It reached its end date while it was suspended, so it is not live: renew it to post it again.');
  });
});

describe("staff acting on a customer's job (only suspension was audited)", () => {
  const staffEntries = async (jobId: number) => (await auditTrail(await getDb(), 'job', jobId)).filter((e) => e.action.startsWith('job.staff_'));
  const userId = async (email: string) => (await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

  it("records who, the job, its company and the values when an admin or internal user changes a customer's paid job", async () => {
    const db = await getDb();
    const [admin, internal] = [await userId('admin@demo.test'), await userId('internal@demo.test')];
    const [{ companyId }] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'employer@demo.test'));

    // Renewal turned on by an admin: the tick will charge the company's saved card.
    const renewId = await createJobAs(t.employer, { title: 'Renewal By Admin', auto_renew: false });
    await publishPaidJob(db, renewId);
    // With the address the request came from (instrumentation.ts stamps the socket's on every request).
    const stamped = globalThis as { __tnaPeerStamp?: boolean };
    stamped.__tnaPeerStamp = true;
    const renewed = await call(jobPatch, { method: 'PATCH', token: t.admin, params: p(renewId), body: { auto_renew: true, title: 'Renewal By Admin' }, headers: { [PEER_HEADER]: '203.0.113.7' } }).finally(() => {
      stamped.__tnaPeerStamp = false;
    });
    expect(renewed.status).toBe(200);
    expect(renewed.json.data.next_billing_date).toBeTruthy();
    expect(await staffEntries(renewId)).toEqual([
      expect.objectContaining({ action: 'job.staff_update', actorId: admin, entity: 'job', entityId: String(renewId), companyId, ip: '203.0.113.7', data: { title: 'Renewal By Admin', fields: ['auto_renew'], auto_renew: { from: false, to: true } } }),
    ]);

    // A paid job cancelled by an internal user: irreversible, no refund.
    const cancelId = await createJobAs(t.employer, { title: 'Cancelled By Internal' });
    await publishPaidJob(db, cancelId);
    expect((await call(cancelPost, { token: t.internal, params: p(cancelId) })).status).toBe(200);
    expect(await staffEntries(cancelId)).toEqual([
      expect.objectContaining({ action: 'job.staff_cancel', actorId: internal, entityId: String(cancelId), companyId, ip: null, data: { title: 'Cancelled By Internal', payment_status: 'paid' } }),
    ]);

    // The other calls staff reach: close, renewal cancelled, addresses and add-ons.
    const otherId = await createJobAs(t.employer, { title: 'Changed By Staff', auto_renew: true });
    await publishPaidJob(db, otherId);
    const addresses = [{ street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201' }, { city: 'Reno', state: 'NV', postal_code: '89501' }];
    expect((await call(addressesPatch, { method: 'PATCH', token: t.internal, params: p(otherId), body: { addresses } })).status).toBe(200);
    expect((await call(addonsPatch, { method: 'PATCH', token: t.admin, params: p(otherId), body: [{ addon_type: 'promote', subscribed: true }] })).status).toBe(200);
    expect((await call(cancelRenewalPatch, { method: 'PATCH', token: t.admin, params: p(otherId), body: { renewalCancelationReason: 'Asked by phone' } })).status).toBe(200);
    expect((await call(closePost, { token: t.internal, params: p(otherId) })).status).toBe(200);
    const other = await staffEntries(otherId);
    expect(other.map((e) => [e.action, e.actorId, e.companyId]).sort()).toEqual(
      [
        ['job.staff_addons', admin, companyId],
        ['job.staff_addresses', internal, companyId],
        ['job.staff_cancel_renewal', admin, companyId],
        ['job.staff_close', internal, companyId],
      ].sort(),
    );
    expect(other.find((e) => e.action === 'job.staff_addresses')!.data).toMatchObject({ added: ['|reno|nv|89501'], removed: [] });
    expect(other.find((e) => e.action === 'job.staff_addons')!.data).toMatchObject({ addons: [{ addon_type: 'promote', subscribed: true }] });
    expect(other.find((e) => e.action === 'job.staff_cancel_renewal')!.data).toMatchObject({ reason: 'Asked by phone', auto_renew: { from: true, to: false } });
  });

  it('records nothing of the kind for a company user acting on its own job', async () => {
    const id = await createJobAs(t.employer, { title: 'Own Job', auto_renew: false });
    await publishPaidJob(await getDb(), id);
    expect((await call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { auto_renew: true } })).status).toBe(200);
    expect((await call(addonsPatch, { method: 'PATCH', token: t.companyAdmin, params: p(id), body: [{ addon_type: 'promote', subscribed: true }] })).status).toBe(200);
    expect((await call(cancelPost, { token: t.companyAdmin, params: p(id) })).status).toBe(200);
    expect(await staffEntries(id)).toEqual([]);
  });
});
