import { GET as outbox } from '@/app/api/v1.0/admin/outbox/route';
import { getDb } from '@/lib/db/client';
import { enqueueMail, enqueueTemplate } from '@/lib/mail/outbox';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';

beforeAll(async () => {
  await seed();
  const db = await getDb();
  await enqueueMail(db, { to: 'reader@example.test', subject: 'First', text: 'one', kind: 'test' });
  await enqueueTemplate(db, 'reader@example.test', 'renew_job', { firstName: 'Rita', jobTitle: 'CDL-A <Driver>', expiresAt: '2026-12-01', jobUrl: 'http://x/j/1' });
  await enqueueMail(db, { to: 'other@example.test', subject: 'Other', text: 'other', kind: 'test' });
});

describe('GET /api/v1.0/admin/outbox', () => {
  it('lists mail for one recipient, newest first, with its parts', async () => {
    const token = await tokenFor('admin@demo.test');
    const res = await call(outbox, { token, query: { to: 'Reader@example.test' } });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ offset: 0, limit: 10, total: 2 });
    const [newest, oldest] = res.json.data;
    expect(newest).toMatchObject({ to: 'reader@example.test', kind: 'renew_job', subject: '"CDL-A <Driver>" expires on 2026-12-01', status: 'pending' });
    expect(newest.html).toContain('CDL-A &lt;Driver&gt;');
    expect(newest.text).toContain('Hi Rita,');
    expect(typeof newest.created_at).toBe('string');
    expect(oldest.subject).toBe('First');
  });

  it('paginates', async () => {
    const token = await tokenFor('superadmin@demo.test');
    const res = await call(outbox, { token, query: { limit: 1, offset: 1 } });
    expect(res.json.data).toHaveLength(1);
    expect(res.json.pagination).toMatchObject({ offset: 1, limit: 1 });
    expect(res.json.pagination.total).toBeGreaterThanOrEqual(3);
    expect((await call(outbox, { token, query: { limit: 500 } })).status).toBe(422);
  });

  it.each(['employer@demo.test', 'driver@demo.test', 'internal@demo.test', 'newsadmin@demo.test'])('refuses %s with 403', async (email) => {
    expect((await call(outbox, { token: await tokenFor(email) })).status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await call(outbox)).status).toBe(401);
  });
});
