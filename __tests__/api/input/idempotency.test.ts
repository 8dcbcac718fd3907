/**
 * Retry-safe POSTs (lib/api/idempotency.ts): an API client that loses an answer and sends the same
 * create again with its Idempotency-Key gets the first answer back, not a second job.
 */
import { and, count, eq } from 'drizzle-orm';
import { POST as createPost } from '@/app/api/v1.0/jobs/route';
import { POST as searchPost } from '@/app/api/v1.0/jobs/search/route';
import { getDb } from '@/lib/db/client';
import { companies, idempotencyKeys, jobs, users } from '@/lib/db/schema';
import { IDEMPOTENCY_MESSAGES, purgeIdempotencyKeys } from '@/lib/api/idempotency';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { jobPayload, otherCompanyUser, tokens } from '../jobs/helpers';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  await seed();
  t = await tokens();
});

const jobsTitled = async (title: string) => (await (await getDb()).select({ n: count() }).from(jobs).where(eq(jobs.title, title)))[0].n;
const create = (token: string, title: string, key?: string, extra: Record<string, unknown> = {}) =>
  call(createPost, { token, body: jobPayload({ title, ...extra }), headers: key === undefined ? {} : { 'Idempotency-Key': key } });

describe('Idempotency-Key on POST', () => {
  it('makes one job of a create sent twice with the same key; the retry gets the first answer, marked replayed', async () => {
    const first = await create(t.employer, 'Retried Create', 'ats-7f3a-0001');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(t.employer, 'Retried Create', 'ats-7f3a-0001');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await jobsTitled('Retried Create')).toBe(1);
  });

  it('still makes a job per request without the header', async () => {
    expect((await create(t.employer, 'Keyless Create')).status).toBe(201);
    expect((await create(t.employer, 'Keyless Create')).status).toBe(201);
    expect(await jobsTitled('Keyless Create')).toBe(2);
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    expect((await create(t.employer, 'Keyed Once', 'ats-7f3a-0002')).status).toBe(201);
    const other = await create(t.employer, 'Something Else', 'ats-7f3a-0002');
    expect(other.status).toBe(422);
    expect(other.json).toEqual({ errors: [{ message: IDEMPOTENCY_MESSAGES.reused, field: 'Idempotency-Key' }] });
    expect(await jobsTitled('Something Else')).toBe(0);
  });

  it("keeps keys per caller: another company's user with the same key gets a job of its own", async () => {
    const rival = await otherCompanyUser('idem-rival@other.test');
    expect((await create(t.employer, 'Shared Key Mine', 'ats-shared-key')).status).toBe(201);
    const theirs = await create(rival, 'Shared Key Theirs', 'ats-shared-key');
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await jobsTitled('Shared Key Theirs')).toBe(1);
  });

  it("never replays one company's answer to its caller after they moved to another company (422)", async () => {
    // The key is the caller's, but the answer was the company's: a job list (or a created job) of
    // company A replayed for 24 h to someone who had since left it.
    const email = 'idem-mover@other.test';
    await otherCompanyUser(email);
    const search = (token: string) => call(searchPost, { token, body: {}, headers: { 'Idempotency-Key': 'ats-mover-1' } });
    const before = await search(await tokenFor(email));
    expect(before.status).toBe(200);
    const db = await getDb();
    const [b] = await db.insert(companies).values({ companyName: 'Mover Freight B', city: 'Boise', state: 'ID' }).returning();
    await db.update(users).set({ companyId: b.id }).where(eq(users.email, email));
    const after = await search(await tokenFor(email));
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect(after.status).toBe(422);
  });

  it('keeps no refused answer: a create refused for bad input can be sent again, fixed, with the same key', async () => {
    const bad = await create(t.employer, 'Fixed On Retry', 'ats-7f3a-0003', { expected_pay: -5 });
    expect(bad.status).toBe(422);
    const fixed = await create(t.employer, 'Fixed On Retry', 'ats-7f3a-0003');
    expect(fixed.status).toBe(201);
    expect(await jobsTitled('Fixed On Retry')).toBe(1);
  });

  it('answers 400 to a key that cannot be one, and 409 while the first request still runs', async () => {
    for (const key of ['', 'has space', 'x'.repeat(256), 'tab\there']) {
      const res = await create(t.employer, 'Bad Key', key);
      expect([key, res.status, res.json?.errors?.[0]]).toEqual([key, 400, { message: IDEMPOTENCY_MESSAGES.invalid, field: 'Idempotency-Key' }]);
    }
    expect(await jobsTitled('Bad Key')).toBe(0);

    const db = await getDb();
    const first = await create(t.employer, 'In Flight', 'ats-in-flight');
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'ats-in-flight'));
    // The first request's claim, as it stands while it runs:
    await db.update(idempotencyKeys).set({ status: null, body: null }).where(and(eq(idempotencyKeys.userId, row.userId), eq(idempotencyKeys.key, 'ats-in-flight')));
    const during = await create(t.employer, 'In Flight', 'ats-in-flight');
    expect(during.status).toBe(409);
    expect(during.json.errors[0].message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
    expect(first.status).toBe(201);
    // A claim left unfinished for over five minutes (the server stopped) is taken for lost: the retry runs.
    await db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 6 * 60_000) }).where(eq(idempotencyKeys.key, 'ats-in-flight'));
    expect((await create(t.employer, 'In Flight', 'ats-in-flight')).status).toBe(201);
  });

  it('forgets keys after 24 hours: the tick removes them and the key makes a new job', async () => {
    const db = await getDb();
    expect((await create(t.employer, 'Day Old Key', 'ats-day-old')).status).toBe(201);
    await db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(idempotencyKeys.key, 'ats-day-old'));
    const purged = await purgeIdempotencyKeys(db, new Date());
    expect(purged.removed).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'ats-day-old'))).toEqual([]);
    expect((await create(t.employer, 'Day Old Key', 'ats-day-old')).headers.get('idempotent-replayed')).toBeNull();
    expect(await jobsTitled('Day Old Key')).toBe(2);
  });
});
