import { POST as invite } from '@/app/api/v1.0/lead/invite/route';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { lastMailTo } from './helpers';

beforeAll(seed);

describe('POST /api/v1.0/lead/invite', () => {
  it('answers the invitation link and default text and queues an invitation mail', async () => {
    const token = await tokenFor('employer@demo.test');
    const res = await call(invite, { token, body: { fullName: 'Jamie Lee Fox', email: 'jamie@example.test' } });
    expect(res.status).toBe(200);
    const link = new URL(res.json.data.invitation_link);
    expect(link.pathname).toBe('/signup');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ firstName: 'Jamie', lastName: 'Lee Fox', email: 'jamie@example.test' });
    expect(link.searchParams.get('ref')).toMatch(/^\d+$/);
    expect(res.json.data.default_text).toContain('Hi Jamie,');
    expect(res.json.data.default_text).toContain(res.json.data.invitation_link);
    expect(res.json.data.default_text).toContain('Emma Recruiter');
    const mail = await lastMailTo('jamie@example.test', 'invite');
    expect(mail.subject).toBe('Emma Recruiter recommends TNA to you');
    expect(mail.text).toContain(res.json.data.invitation_link);
  });

  it.each([
    [{ email: 'a@b.co' }, 'No name provided', 'fullName'],
    [{ fullName: '', email: 'a@b.co' }, 'No name provided', 'fullName'],
    [{ fullName: 'J', email: 'a@b.co' }, 'Name should be at least two characters long', 'fullName'],
    [{ fullName: 'Jo' }, 'No email provided', 'email'],
    [{ fullName: 'Jo', email: '' }, 'No email provided', 'email'],
    [{ fullName: 'Jo', email: 'nope' }, 'Needs to be a valid email.', 'email'],
  ])('validates %j: %s', async (body, message, field) => {
    const token = await tokenFor('driver@demo.test');
    const res = await call(invite, { token, body });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message, field }]);
  });

  it('allows ten invitations an hour per user, then answers 429', async () => {
    const token = await tokenFor('driver@demo.test');
    for (let i = 0; i < 10; i++) expect((await call(invite, { token, body: { fullName: 'Friend', email: `f${i}@example.test` } })).status).toBe(200);
    const res = await call(invite, { token, body: { fullName: 'Friend', email: 'f11@example.test' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('answers 401 without a token', async () => {
    expect((await call(invite, { body: { fullName: 'Jo', email: 'a@b.co' } })).status).toBe(401);
  });
});
