/**
 * Every {id} route of the jobs API with a second company: a company user reaches only its own
 * company's jobs (404 for another's, indistinguishable from a missing id); admins and internal
 * users reach all; anonymous callers get 401 and roles outside jobs 403.
 */
import { GET as addonsGet, PATCH as addonsPatch, POST as addonsPost } from '@/app/api/v1.0/jobs/[id]/addons/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { POST as cancelPost } from '@/app/api/v1.0/jobs/[id]/cancel/route';
import { PATCH as cancelRenewalPatch } from '@/app/api/v1.0/jobs/[id]/cancel-renewal/route';
import { POST as closePost } from '@/app/api/v1.0/jobs/[id]/close/route';
import { POST as duplicatePost } from '@/app/api/v1.0/jobs/[id]/duplicate/route';
import { GET as jobGet, PATCH as jobPatch } from '@/app/api/v1.0/jobs/[id]/route';
import { GET as statisticsGet } from '@/app/api/v1.0/jobs/[id]/statistics/route';
import { POST as tagPost } from '@/app/api/v1.0/jobs/[id]/tag/route';
import { DELETE as tagDelete } from '@/app/api/v1.0/jobs/tag/[id]/route';
import type { RouteHandler } from '@/lib/api/route';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  await seed();
  t = await tokens();
});

type Case = [name: string, handler: RouteHandler, method: string, body?: unknown];
const JOB_ROUTES: Case[] = [
  ['GET /jobs/{id}', jobGet, 'GET'],
  ['PATCH /jobs/{id}', jobPatch, 'PATCH', { title: 'Taken over' }],
  ['PATCH /jobs/{id}/addresses', addressesPatch, 'PATCH', { addresses: [{ city: 'Reno', state: 'NV' }] }],
  ['GET /jobs/{id}/addons', addonsGet, 'GET'],
  ['POST /jobs/{id}/addons', addonsPost, 'POST', [{ addon_type: 'boost' }]],
  ['PATCH /jobs/{id}/addons', addonsPatch, 'PATCH', [{ addon_type: 'boost' }]],
  ['POST /jobs/{id}/close', closePost, 'POST', {}],
  ['POST /jobs/{id}/cancel', cancelPost, 'POST', {}],
  ['PATCH /jobs/{id}/cancel-renewal', cancelRenewalPatch, 'PATCH', { renewalCancelationReason: 'x' }],
  ['POST /jobs/{id}/duplicate', duplicatePost, 'POST', {}],
  ['GET /jobs/{id}/statistics', statisticsGet, 'GET'],
  ['POST /jobs/{id}/tag', tagPost, 'POST', { tag: 'Mine now' }],
];

describe.each(JOB_ROUTES)('%s', (_name, handler, method, body) => {
  const hit = (token: string | undefined, id: number | string) => call(handler, { method, token, params: { id: String(id) }, body });

  it("answers 404 for another company's job and for a missing id, with the same body", async () => {
    const theirs = await createJobAs(t.rival);
    const other = await hit(t.employer, theirs);
    const missing = await hit(t.employer, 999999);
    expect(other.status).toBe(404);
    expect(other.json).toEqual({ errors: [{ message: 'Job not found.' }] });
    expect(missing.json).toEqual(other.json);
    expect((await hit(t.employer, 'abc')).status).toBe(404);
  });

  it('reaches its own job, and admins and internal users reach any', async () => {
    for (const token of [t.employer, t.companyAdmin, t.admin, t.internal]) {
      const id = await createJobAs(t.employer);
      const res = await hit(token, id);
      expect([200, 201]).toContain(res.status);
    }
  });

  it('answers 401 anonymous and 403 for drivers and news roles', async () => {
    const id = await createJobAs(t.employer);
    expect((await hit(undefined, id)).status).toBe(401);
    expect((await hit(t.driver, id)).status).toBe(403);
    expect((await hit(t.news, id)).status).toBe(403);
  });
});

describe('DELETE /jobs/tag/{id}', () => {
  const untag = (token: string | undefined, id: number) => call(tagDelete, { method: 'DELETE', token, params: { id: String(id) } });
  const tagOn = async (token: string) => {
    const jobId = await createJobAs(token);
    return (await call(tagPost, { token, params: { id: String(jobId) }, body: { tag: 'Owned' } })).json.data.id as number;
  };

  it("answers 404 for a tag on another company's job", async () => {
    const theirs = await tagOn(t.rival);
    expect((await untag(t.employer, theirs)).status).toBe(404);
    expect((await untag(t.rival, theirs)).status).toBe(200);
  });

  it('lets admins remove any, and refuses anonymous and other roles', async () => {
    const mine = await tagOn(t.employer);
    expect((await untag(undefined, mine)).status).toBe(401);
    expect((await untag(t.driver, mine)).status).toBe(403);
    expect((await untag(t.admin, mine)).status).toBe(200);
  });
});
