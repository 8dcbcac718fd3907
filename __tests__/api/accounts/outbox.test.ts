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
  await enqueueTemplate(db, 'victim@example.test', 'password_reset_code', { firstName: 'Vic', code: '482913', minutes: 15 });
  await enqueueTemplate(db, 'victim@example.test', 'email_verification', { firstName: 'Vic', link: 'http://localhost:3000/api/v1.0/auth/verify-email?token=SECRET.TOKEN.VALUE', hours: 24 });
  await enqueueTemplate(db, 'superadmin@demo.test', 'password_reset_code', { firstName: 'Sue', code: '771204', minutes: 15 });
});

afterEach(() => {
  delete process.env.SMTP_URL;
});

describe('GET /api/v1.0/admin/outbox', () => {
  it('lists mail for one recipient, newest first, with its parts', async () => {
    const token = await tokenFor('superadmin@demo.test');
    const res = await call(outbox, { token, query: { to: 'Reader@example.test' } });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ offset: 0, limit: 10, total: 2, total_is_lower_bound: false });
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

  it('masks the codes and links of other people’s mail, in text and html', async () => {
    const token = await tokenFor('superadmin@demo.test');
    const res = await call(outbox, { token, query: { to: 'victim@example.test' } });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(2);
    const whole = JSON.stringify(res.json.data);
    expect(whole).not.toContain('482913');
    expect(whole).not.toContain('SECRET.TOKEN.VALUE');
    expect(whole).not.toContain('verify-email');
    const [verification, reset] = res.json.data;
    expect(reset.subject).toBe('Your TNA password reset code');
    expect(reset.text).toContain('Hi Vic,');
    expect(verification.text).toContain('[link hidden]');
  });

  it('shows a super admin their own mail as it is (a demo can read its own code)', async () => {
    const token = await tokenFor('superadmin@demo.test');
    const res = await call(outbox, { token, query: { to: 'superadmin@demo.test' } });
    expect(res.json.data[0].text).toContain('771204');
    expect(res.json.data[0].html).toContain('771204');
  });

  it.each(['admin@demo.test', 'employer@demo.test', 'driver@demo.test', 'internal@demo.test', 'newsadmin@demo.test'])('refuses %s with 403', async (email) => {
    expect((await call(outbox, { token: await tokenFor(email) })).status).toBe(403);
  });

  it('does not exist once a mail server is configured', async () => {
    process.env.SMTP_URL = 'smtp://mail.example.test:587';
    const res = await call(outbox, { token: await tokenFor('superadmin@demo.test') });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].message).toBe('The outbox is not available: mail is delivered by the mail server.');
  });

  it('answers 401 without a token', async () => {
    expect((await call(outbox)).status).toBe(401);
  });
});
