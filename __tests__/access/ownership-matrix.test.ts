/**
 * Issue 17 "Access and ownership": every route with an object in its path that a company role (or
 * any signed-in user) may call is tried by a SECOND company's admin on the FIRST company's object.
 * It must be refused (403 or 404), and nothing of the first company may change (its company row,
 * people, sessions, jobs, applicants, notes, tags and files are read before and after). The same
 * call by the object's owner must then get past the ownership check, so a fixture cannot pass by
 * pointing at nothing.
 *
 * The cases come from the route manifest: a new route whose policy lets a company role or any
 * signed-in user in, with a parameter in its path, fails "has a fixture" until FIXTURES (or EXEMPT,
 * with the reason) names it. Staff-only and public routes have no tenant to cross; the role matrix
 * (api-matrix.test.ts) covers them.
 */
import { eq, sql } from 'drizzle-orm';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { POST as applicantTagPost } from '@/app/api/v1.0/jobs/applicants/tag/route';
import { POST as jobTagPost } from '@/app/api/v1.0/jobs/[id]/tag/route';
import { POST as jobVideoPost } from '@/app/api/v1.0/jobs/multimedia/upload/route';
import { API_ACCESS, ROLES, type Role } from '@/lib/access';
import type { RouteHandler } from '@/lib/api/route';
import { ROUTE_MODULES } from '@/lib/api/routes.generated';
import { hashPassword } from '@/lib/auth/passwords';
import { getDb, queryRows } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { storage } from '@/lib/storage';
import { call, tokenFor } from '../helpers/http';
import { seed } from '../helpers/seed';
import { addApplicant, addApplication } from '../api/applicants/helpers';
import { makeDriver } from '../api/drivers/helpers';
import { createJobAs, otherCompanyUser } from '../api/jobs/helpers';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const TENANT_ROLES: Role[] = [ROLES.COMPANY_ADMIN, ROLES.EMPLOYER, ROLES.DRIVER];

type Attempt = { params: Record<string, string>; body?: unknown; owner?: string };
type Fixture = (w: World) => Promise<Attempt>;
type World = { owner: string; employer: string; companyId: number };

/** A fresh job of the first company (a fixture's call may close, cancel or change it). */
const job = async (w: World) => String(await createJobAs(w.employer));
/** A job of the first company with one applicant: [jobId, driver's user id]. */
async function applicant(w: World) {
  const jobId = await createJobAs(w.employer);
  return [String(jobId), String(await addApplicant(jobId, { firstName: 'Owned', lastName: 'Applicant' }))] as const;
}
let people = 0;
/** The first company's stored files the fixtures made (their presence is part of the state compared). */
const ownedFiles: string[] = [];
/** A new employee of the first company (a fixture's call may deactivate them). */
async function employee(w: World) {
  const db = await getDb();
  const [u] = await db
    .insert(users)
    .values({ email: `owned-${++people}-${Date.now()}@demo-freight.test`, firstName: 'Owned', lastName: 'Employee', passwordHash: await hashPassword('Haul1234!'), emailVerifiedAt: new Date(), termsAcceptedAt: new Date(), companyId: w.companyId })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: u.id, role: ROLES.EMPLOYER });
  return String(u.id);
}

const jobOnly = (body?: unknown): Fixture => async (w) => ({ params: { id: await job(w) }, body });
const onApplicant = (body?: unknown): Fixture => async (w) => {
  const [id, applicantId] = await applicant(w);
  return { params: { id, applicantId }, body };
};
const company = (body?: unknown): Fixture => async (w) => ({ params: { id: String(w.companyId) }, body });

/** How to make the first company's object for each route, and a body its owner's call would pass. */
const FIXTURES: Record<string, Fixture> = {
  'GET /api/v1.0/companies/{id}': company(),
  'PATCH /api/v1.0/companies/{id}': company({ company_name: 'Taken Over Freight' }),
  'GET /api/v1.0/companies/logo/{id}': company(),
  'PUT /api/v1.0/companies/{id}/logo': company(),
  'DELETE /api/v1.0/companies/{id}/logo': company(),
  'GET /api/v1.0/companies/{id}/employers': company(),
  'POST /api/v1.0/companies/{id}/employers': company({ first_name: 'Mole', last_name: 'Planted', email: `mole-${Date.now()}@other.test`, password: 'Haul1234!', phone: '(214)555-0177' }),
  'PATCH /api/v1.0/companies/{id}/employers/{userId}': async (w) => ({ params: { id: String(w.companyId), userId: await employee(w) }, body: { active: false } }),
  'POST /api/v1.0/companies/{id}/employers/{userId}/password-reset': async (w) => ({ params: { id: String(w.companyId), userId: await employee(w) } }),
  'GET /api/v1.0/jobs/{id}': jobOnly(),
  'PATCH /api/v1.0/jobs/{id}': jobOnly({ title: 'Taken over' }),
  'PATCH /api/v1.0/jobs/{id}/addresses': jobOnly({ addresses: [{ city: 'Reno', state: 'NV' }] }),
  'GET /api/v1.0/jobs/{id}/addons': jobOnly(),
  'POST /api/v1.0/jobs/{id}/addons': jobOnly([{ addon_type: 'boost' }]),
  'PATCH /api/v1.0/jobs/{id}/addons': jobOnly([{ addon_type: 'boost' }]),
  'POST /api/v1.0/jobs/{id}/close': jobOnly({}),
  'POST /api/v1.0/jobs/{id}/cancel': jobOnly({}),
  'PATCH /api/v1.0/jobs/{id}/cancel-renewal': jobOnly({ renewalCancelationReason: 'x' }),
  'POST /api/v1.0/jobs/{id}/duplicate': jobOnly({}),
  'GET /api/v1.0/jobs/{id}/statistics': jobOnly(),
  'POST /api/v1.0/jobs/{id}/tag': jobOnly({ tag: 'Mine now' }),
  'GET /api/v1.0/jobs/{id}/candidates': jobOnly(),
  'GET /api/v1.0/jobs/{id}/applicants': jobOnly(),
  'POST /api/v1.0/jobs/{id}/applicants/search': jobOnly({}),
  'DELETE /api/v1.0/jobs/tag/{id}': async (w) => {
    const jobId = await job(w);
    const tagged = await call(jobTagPost, { token: w.employer, params: { id: jobId }, body: { tag: 'Owned' } });
    return { params: { id: String(tagged.json.data.id) } };
  },
  'POST /api/v1.0/jobs/{id}/applicants/delete-tags': async (w) => {
    const [jobId, applicantId] = await applicant(w);
    const tag = await call(companyTagPost, { token: w.employer, body: { tag: `Owned ${Date.now()}` } });
    await call(applicantTagPost, { token: w.employer, body: { jobId: Number(jobId), applicantId: Number(applicantId), tagId: tag.json.data.id } });
    return { params: { id: jobId }, body: { applicantId: Number(applicantId), tagId: tag.json.data.id } };
  },
  'GET /api/v1.0/jobs/{id}/applicants/{applicantId}': onApplicant(),
  'PATCH /api/v1.0/jobs/{id}/applicants/{applicantId}/stage': onApplicant({ stage: 'hired' }),
  'GET /api/v1.0/jobs/{id}/applicants/{applicantId}/notes': onApplicant(),
  'POST /api/v1.0/jobs/{id}/applicants/{applicantId}/notes': onApplicant({ body: 'Planted note' }),
  'GET /api/v1.0/user/{id}/driver-score': async (w) => ({ params: { id: (await applicant(w))[1] } }),
  'DELETE /api/v1.0/jobs/multimedia/delete/{owner}/{file}': async (w) => {
    const file = `${Date.now().toString(36).padStart(24, 'a').slice(-24)}.mp4`;
    const key = `jobs/videos/c${w.companyId}/${file}`;
    await storage().put(key, Buffer.from('owned video'), 'video/mp4');
    ownedFiles.push(key);
    return { params: { owner: `c${w.companyId}`, file } };
  },
  'DELETE /api/v1.0/jobs/multimedia/upload/{uploadId}': async (w) => {
    // An unfinished chunked upload of the first company: its record is part of the state compared.
    const form = new FormData();
    form.set('stage', 'start');
    form.set('extension', 'mp4');
    const started = await call(jobVideoPost, { method: 'POST', token: w.employer, rawBody: form });
    const uploadId = started.json.data.upload_id as string;
    ownedFiles.push(`jobs/uploads/c${w.companyId}/${uploadId}/meta.json`);
    return { params: { uploadId } };
  },
  'DELETE /api/v1.0/auth/sessions/{id}': async (w) => {
    // The first company's employee signs in on another device; the attacker names that session.
    const email = (await queryRows<{ email: string }>(await getDb(), sql`select email from users where id = ${Number(await employee(w))}`))[0].email;
    const token = await tokenFor(email, 'Haul1234!');
    const [row] = await queryRows<{ family_id: string }>(await getDb(), sql`select t.family_id::text as family_id from refresh_tokens t join users u on u.id = t.user_id where u.email = ${email} and t.revoked_at is null limit 1`);
    return { params: { id: row.family_id }, owner: token };
  },
  'DELETE /api/v1.0/members/applications/{id}': async (w) => {
    // A driver's application to the first company's job: the company sees it, only the driver may withdraw it.
    const email = `owned-driver-${++people}-${Date.now()}@drivers.test`;
    const token = await makeDriver(email);
    const [driver] = await queryRows<{ id: number }>(await getDb(), sql`select id from users where email = ${email}`);
    const application = await addApplication(Number(await job(w)), driver.id);
    return { params: { id: String(application.id) }, owner: token };
  },
};

/** Routes a tenant role may call with an object in the path that belongs to no company, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/v1.0/jobs/{id}/apply': 'a driver applies to any active job: the job is not theirs to own',
  'GET /api/v1.0/members/news/{id}': "published news is for every driver; unpublished posts answer 404 (news tests)",
};

type Case = { key: string; handler: RouteHandler; method: string; path: string };
const tenantRoutes: Case[] = ROUTE_MODULES.flatMap(({ path, module }) =>
  METHODS.flatMap((method) => {
    const handler = (module as Record<string, RouteHandler | undefined>)[method];
    if (typeof handler !== 'function' || !handler.access || !/\{\w+\}/.test(path)) return [];
    const guard = API_ACCESS[handler.access];
    const tenant = guard === 'authenticated' || (Array.isArray(guard) && guard.some((r) => TENANT_ROLES.includes(r as Role)));
    return tenant ? [{ key: `${method} ${path}`, handler, method, path }] : [];
  }),
);
const crossed = tenantRoutes.filter((c) => !(c.key in EXEMPT));

/** Everything of the first company an attacker could read out or change, as one comparable value. */
async function firstCompanyState(companyId: number) {
  const db = await getDb();
  const q = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  const jobIds = sql`(select id from jobs where company_id = ${companyId})`;
  const apps = sql`(select id from applications where job_id in ${jobIds})`;
  const people = sql`(select id from users where company_id = ${companyId})`;
  const files = await Promise.all(ownedFiles.map(async (key) => [key, await storage().stat(key)]));
  return JSON.stringify({
    company: await q(sql`select * from companies where id = ${companyId}`),
    users: await q(sql`select * from users where company_id = ${companyId} order by id`),
    roles: await q(sql`select * from user_roles where user_id in ${people} order by user_id, role`),
    sessions: await q(sql`select id, revoked_at from refresh_tokens where user_id in ${people} order by id`),
    codes: await q(sql`select count(*)::int as n from one_time_codes where user_id in ${people}`),
    mail: await q(sql`select count(*)::int as n from email_outbox where to_address in (select email from users where company_id = ${companyId})`),
    jobs: await q(sql`select * from jobs where company_id = ${companyId} order by id`),
    addresses: await q(sql`select * from job_addresses where job_id in ${jobIds} order by id`),
    addons: await q(sql`select * from job_addons where job_id in ${jobIds} order by id`),
    companyTags: await q(sql`select * from company_tags where company_id = ${companyId} order by id`),
    jobTags: await q(sql`select * from job_tags where job_id in ${jobIds} order by id`),
    applications: await q(sql`select * from applications where id in ${apps} order by id`),
    stages: await q(sql`select * from application_stage_events where application_id in ${apps} order by id`),
    notes: await q(sql`select * from application_notes where application_id in ${apps} order by id`),
    applicantTags: await q(sql`select * from application_tags where application_id in ${apps} order by application_id, tag_id`),
    files,
  });
}

let world: World;
let attacker: string;
beforeAll(async () => {
  await seed();
  const db = await getDb();
  const [admin] = await db.select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
  world = { owner: await tokenFor('companyadmin@demo.test'), employer: await tokenFor('employer@demo.test'), companyId: admin.companyId! };
  // The strongest outsider: the admin of another company.
  attacker = await otherCompanyUser('owner-matrix-rival@other.test', ROLES.COMPANY_ADMIN);
});

describe('ownership matrix: a second company on the first company’s objects', () => {
  it('has a fixture (or a stated exemption) for every tenant route with an object in its path', () => {
    const missing = tenantRoutes.filter((c) => !(c.key in FIXTURES) && !(c.key in EXEMPT)).map((c) => c.key);
    if (missing.length) throw new Error(`Add these to FIXTURES (how to make the first company's object) or EXEMPT (why no tenant owns it) in ${__filename}:\n${missing.join('\n')}`);
    const stale = [...Object.keys(FIXTURES), ...Object.keys(EXEMPT)].filter((k) => !tenantRoutes.some((c) => c.key === k));
    expect(stale).toEqual([]);
    console.log(`ownership matrix: ${crossed.length} routes crossed by a second company (${tenantRoutes.length - crossed.length} exempt with reasons) out of ${ROUTE_MODULES.length} route files`);
  });

  it.each(crossed.map((c) => [c.key, c] as const))('%s', async (_key, { method, path, handler }) => {
    const attempt = await FIXTURES[`${method} ${path}`](world);
    const hit = (token: string) =>
      call(handler, {
        method,
        token,
        url: `http://localhost:3000${path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(attempt.params[n]))}`,
        params: attempt.params,
        ...(attempt.body === undefined ? {} : { body: attempt.body }),
      });

    const before = await firstCompanyState(world.companyId);
    const theirs = await hit(attacker);
    expect([403, 404]).toContain(theirs.status);
    expect(theirs.json?.errors?.[0]?.message).toEqual(expect.any(String));
    expect(await firstCompanyState(world.companyId)).toBe(before);

    // The owner gets past the same check: the fixture named a real object of the first company.
    const own = await hit(attempt.owner ?? world.owner);
    expect([401, 403, 404]).not.toContain(own.status);
  });
});
