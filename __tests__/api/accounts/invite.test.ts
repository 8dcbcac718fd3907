import { POST as signupPost } from '@/app/api/v1.0/auth/signup/route';
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

  it("invites a driver's friend to the drivers' sign-up, an employer's friend to the employers'", async () => {
    // A driver of its own (the demo driver's ten invitations an hour are another test's).
    const signup = await call(signupPost, { body: { email: 'rec-driver@example.test', password: 'Haul1234!', first_name: 'Rec', last_name: 'Driver', phone: '(469)555-0199', role: 'member' }, headers: { 'x-forwarded-for': '10.61.0.1' } });
    expect(signup.status).toBe(201);
    const fromDriver = await call(invite, { token: await tokenFor('rec-driver@example.test', 'Haul1234!'), body: { fullName: 'Rita Road', email: 'rita@example.test' } });
    expect(fromDriver.status).toBe(200);
    const driverLink = new URL(fromDriver.json.data.invitation_link);
    expect(driverLink.pathname).toBe('/signup');
    expect(driverLink.searchParams.get('role')).toBe('driver');
    expect(fromDriver.json.data.default_text).toContain('find trucking jobs');

    const fromEmployer = await call(invite, { token: await tokenFor('companyadmin@demo.test'), body: { fullName: 'Hank Hire', email: 'hank@example.test' } });
    expect(new URL(fromEmployer.json.data.invitation_link).searchParams.get('role')).toBeNull();
  });
});
