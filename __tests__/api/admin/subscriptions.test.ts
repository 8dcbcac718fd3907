import { eq } from 'drizzle-orm';
import { POST as searchPost } from '@/app/api/v1.0/payment/driver/subscriptions/search/route';
import { PATCH as cancelPatch } from '@/app/api/v1.0/payment/driver/subscriptions/[id]/cancel/route';
import { getDb } from '@/lib/db/client';
import { auditLog, driverSubscriptions, users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { adminCallTokens } from './helpers';

let t: Awaited<ReturnType<typeof adminCallTokens>>;
const URL_SEARCH = 'http://localhost:3000/api/v1.0/payment/driver/subscriptions/search';

beforeAll(async () => {
  await seed();
  t = await adminCallTokens();
});

type Driver = { email: string; billingCustomerId: string; subscriptions: { id: number; subscription: string; renewalCanceledAt: string | null; expirationDate: string; renewalCancellationReason: string | null }[] };
const search = async (token: string, body: unknown = {}, query: Record<string, string | number> = {}) => call(searchPost, { token, url: URL_SEARCH, body, query });
const cancel = (token: string, id: number, body: unknown) => call(cancelPatch, { method: 'PATCH', token, params: { id: String(id) }, body });

async function subscription(email: string, kind: string) {
  const res = await search(t.allowed.admin, { search: email });
  const driver = (res.json.data as Driver[]).find((d) => d.email === email)!;
  return driver.subscriptions.find((s) => s.subscription === kind)!;
}

describe('POST /payment/driver/subscriptions/search (the Admin Driver List)', () => {
  it('lists the seeded drivers with their subscriptions (real rows) and pagination', async () => {
    const res = await search(t.allowed.admin);
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ offset: 0, limit: 50, total: 3, total_is_lower_bound: false });
    const dan = (res.json.data as Driver[]).find((d) => d.email === 'driver@demo.test')!;
    expect(dan).toMatchObject({ firstName: 'Dan', lastName: 'Driver', billingCustomerId: 'cus_demo_dan', phone: '2145550123' });
    expect(dan.subscriptions.map((s) => s.subscription).sort()).toEqual(['healthcare', 'road_assistance']);
    expect(dan.subscriptions[0]).toEqual({
      id: expect.any(Number),
      subscription: 'healthcare',
      subscriptionType: 'open',
      tier: 'individual',
      subscriptionDate: expect.any(String),
      expirationDate: expect.any(String),
      renewalCanceledAt: null,
      renewalCancellationReason: null,
    });
    expect((await search(t.allowed.superAdmin, {}, { offset: 2, limit: 2 })).json.data).toHaveLength(1);
    expect((await search(t.allowed.superAdmin, { search: 'lopez' })).json.data.map((d: Driver) => d.email)).toEqual(['maria.lopez@demo.test']);
  });

  it('is for super admins and admins only', async () => {
    for (const token of Object.values(t.refused)) expect((await search(token)).status).toBe(403);
    expect((await call(searchPost, { url: URL_SEARCH, body: {} })).status).toBe(401);
  });
});

describe('PATCH /payment/driver/subscriptions/{id}/cancel', () => {
  it("cancels with 'Other' and its text cut to 250 characters; the audit log names the admin", async () => {
    const healthRx = await subscription('driver@demo.test', 'healthcare');
    const long = 'x'.repeat(300);
    const res = await cancel(t.allowed.admin, healthRx.id, { reason_code: 6, renewal_cancellation_reason: `  ${long}  ` });
    expect(res.status).toBe(200);
    expect(res.json.data.renewalCanceledAt).toEqual(expect.any(String));
    expect(res.json.data.renewalCancellationReason).toBe('x'.repeat(250));
    const db = await getDb();
    const [row] = await db.select().from(driverSubscriptions).where(eq(driverSubscriptions.id, healthRx.id));
    expect(row.renewalCancellationCode).toBe(6);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'subscription.cancel'));
    expect(audit).toMatchObject({ entity: 'driver_subscription', entityId: String(healthRx.id), data: expect.objectContaining({ reason_code: 6 }) });
  });

  it('keeps the label of a listed reason, and requires a reason and the text for Other', async () => {
    const roadside = await subscription('driver@demo.test', 'road_assistance');
    const none = await cancel(t.allowed.admin, roadside.id, {});
    expect(none.status).toBe(422);
    expect(none.json.errors[0].message).toBe('Choose a reason.');
    const blank = await cancel(t.allowed.admin, roadside.id, { reason_code: 6, renewal_cancellation_reason: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.json.errors[0].message).toBe('Tell us the reason.');
    expect((await cancel(t.allowed.admin, roadside.id, { reason_code: 3 })).status).toBe(422);
    const ok = await cancel(t.allowed.superAdmin, roadside.id, { reason_code: 0 });
    expect(ok.status).toBe(200);
    expect(ok.json.data.renewalCancellationReason).toBe('No longer want the service');
  });

  it('refuses a cancelled or an expired subscription (409), a missing one (404), and every other role (403)', async () => {
    const cancelled = await subscription('maria.lopez@demo.test', 'road_assistance');
    const again = await cancel(t.allowed.admin, cancelled.id, { reason_code: 1 });
    expect(again.status).toBe(409);
    expect(again.json.errors[0].message).toBe('This subscription is already cancelled.');
    const expired = await subscription('jake.turner@demo.test', 'healthcare');
    const late = await cancel(t.allowed.admin, expired.id, { reason_code: 1 });
    expect(late.status).toBe(409);
    expect(late.json.errors[0].message).toBe('This subscription has expired and cannot be cancelled.');
    expect((await cancel(t.allowed.admin, 999999, { reason_code: 1 })).status).toBe(404);
    const open = await subscription('maria.lopez@demo.test', 'healthcare');
    for (const token of Object.values(t.refused)) expect((await cancel(token, open.id, { reason_code: 1 })).status).toBe(403);
    expect((await subscription('maria.lopez@demo.test', 'healthcare')).renewalCanceledAt).toBeNull();
  });

  it("cuts the 'Other' text on a whole character: an emoji across the 250th character is left out, not halved (a 400 'Invalid value.' before)", async () => {
    const db = await getDb();
    const [jake] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'jake.turner@demo.test'));
    const [open] = await db
      .insert(driverSubscriptions)
      .values({ userId: jake.id, subscription: 'road_assistance', subscriptionType: 'open', tier: 'individual', subscriptionDate: new Date(), expirationDate: new Date(Date.now() + 30 * 86_400_000) })
      .returning();
    // 249 characters, then an emoji (two UTF-16 units: the 250th and the 251st).
    const text = `${'y'.repeat(249)}\u{1F69A} and more`;
    const res = await cancel(t.allowed.admin, open.id, { reason_code: 6, renewal_cancellation_reason: text });
    expect(res.status).toBe(200);
    expect(res.json.data.renewalCancellationReason).toBe('y'.repeat(249));
    const [row] = await db.select().from(driverSubscriptions).where(eq(driverSubscriptions.id, open.id));
    expect(row.renewalCancellationReason).toBe('y'.repeat(249));
  });
});
