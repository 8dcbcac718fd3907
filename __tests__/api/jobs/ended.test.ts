import { eq } from 'drizzle-orm';
import { PATCH as addonsPatch, POST as addonsPost } from '@/app/api/v1.0/jobs/[id]/addons/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { POST as cancelPost } from '@/app/api/v1.0/jobs/[id]/cancel/route';
import { PATCH as cancelRenewalPatch } from '@/app/api/v1.0/jobs/[id]/cancel-renewal/route';
import { POST as closePost } from '@/app/api/v1.0/jobs/[id]/close/route';
import { POST as duplicatePost } from '@/app/api/v1.0/jobs/[id]/duplicate/route';
import { GET as jobGet, PATCH as jobPatch } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as payAddonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { getDb } from '@/lib/db/client';
import { jobs } from '@/lib/db/schema';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  await seed();
  t = await tokens();
});

const p = (id: number) => ({ id: String(id) });

/** A paid job ended one of three ways: closed, cancelled (through the API) or expired (as the tick leaves it). */
async function endedJob(how: 'closed' | 'cancelled' | 'expired') {
  const id = await createJobAs(t.employer, { title: `Ended ${how}`, auto_renew: false });
  const db = await getDb();
  await publishPaidJob(db, id);
  if (how === 'closed') expect((await call(closePost, { token: t.employer, params: p(id) })).status).toBe(200);
  if (how === 'cancelled') expect((await call(cancelPost, { token: t.employer, params: p(id) })).status).toBe(200);
  if (how === 'expired') await db.update(jobs).set({ approved: false, active: false, expiredAt: new Date() }).where(eq(jobs.id, id));
  return id;
}

const MESSAGES = {
  closed: 'This job is closed and can no longer be changed.',
  cancelled: 'This job is cancelled and can no longer be changed.',
  expired: 'This job has expired and can no longer be changed. Renew it or post a copy.',
};

describe('a job that has ended (closed, cancelled, expired)', () => {
  it.each(['closed', 'cancelled', 'expired'] as const)('%s: every change answers 409 and changes nothing; duplicate still works', async (how) => {
    const id = await endedJob(how);
    const before = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    const changes = [
      () => call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { auto_renew: true } }),
      () => call(jobPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { title: 'Sneaky edit' } }),
      () => call(addressesPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { addresses: [{ city: 'Reno', state: 'NV' }] } }),
      () => call(addonsPost, { token: t.employer, params: p(id), body: [{ addon_type: 'hyperlink', subscribed: true, external_url: 'https://careers.example.com' }] }),
      () => call(addonsPatch, { method: 'PATCH', token: t.employer, params: p(id), body: [{ addon_type: 'boost', subscribed: true }] }),
      () => call(cancelRenewalPatch, { method: 'PATCH', token: t.employer, params: p(id), body: { renewalCancelationReason: 'No longer needed' } }),
      () => call(payAddonsPost, { token: t.employer, body: { job_id: id } }),
    ];
    for (const change of changes) {
      const res = await change();
      expect(res.status).toBe(409);
      expect(res.json.errors).toEqual([{ message: MESSAGES[how] }]);
    }
    // Admins are held to the same rule (the service decides, not the screen).
    const admin = await call(jobPatch, { method: 'PATCH', token: t.admin, params: p(id), body: { auto_renew: true } });
    expect(admin.status).toBe(409);

    const after = (await call(jobGet, { token: t.employer, params: p(id) })).json.data;
    expect(after).toEqual({ ...before, updated_at: after.updated_at });
    expect(after.updated_at).toBe(before.updated_at);

    const copy = await call(duplicatePost, { token: t.employer, params: p(id) });
    expect(copy.status).toBe(201);
  });

  it('an expired job cannot be closed or cancelled either; closing twice keeps its own message', async () => {
    const id = await endedJob('expired');
    for (const action of [closePost, cancelPost]) {
      const res = await call(action, { token: t.employer, params: p(id) });
      expect(res.status).toBe(409);
      expect(res.json.errors).toEqual([{ message: MESSAGES.expired }]);
    }
    const closed = await endedJob('closed');
    expect((await call(closePost, { token: t.employer, params: p(closed) })).json.errors).toEqual([{ message: 'This job is already closed.' }]);
    expect((await call(cancelPost, { token: t.employer, params: p(closed) })).json.errors).toEqual([{ message: MESSAGES.closed }]);
  });
});
