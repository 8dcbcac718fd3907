import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { POST as signupPost } from '@/app/api/v1.0/auth/signup/route';
import { GET as verifyEmailGet } from '@/app/api/v1.0/auth/verify-email/route';
import { POST as invite } from '@/app/api/v1.0/lead/invite/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, makeJob } from '../payment/fixtures';
import { lastMailTo } from './helpers';

/**
 * Links in mail and invitations start with the configured public origin (APP_URL), set after the
 * modules are loaded, as a deployment's environment is; never with the address a request came in
 * on (a forged Host would otherwise put an attacker's site in a verification mail).
 */
const ORIGIN = 'https://jobs.example.test';
const FORGED = 'http://attacker.example';
const before = process.env.APP_URL;
beforeAll(async () => {
  await seed();
  process.env.APP_URL = ORIGIN;
});
afterAll(() => {
  if (before === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = before;
});

const links = (text: string) => text.match(/https?:\/\/[^\s"<>]+/g) ?? [];

describe('links in mail use the public origin', () => {
  it('invitation link and mail', async () => {
    const res = await call(invite, { url: `${FORGED}/api/v1.0/lead/invite`, token: await tokenFor('employer@demo.test'), body: { fullName: 'Sam Origin', email: 'sam.origin@example.test' } });
    expect(res.status).toBe(200);
    expect(new URL(res.json.data.invitation_link).origin).toBe(ORIGIN);
    const mail = await lastMailTo('sam.origin@example.test', 'invite');
    expect(links(mail.text).length).toBeGreaterThan(0);
    for (const link of [...links(mail.text), ...links(mail.html ?? '')]) expect(new URL(link).origin).toBe(ORIGIN);
  });

  it('email verification link after sign-up', async () => {
    const email = 'origin.check@fleet.test';
    const res = await call(signupPost, {
      url: `${FORGED}/api/v1.0/auth/signup`,
      headers: { 'x-forwarded-for': '172.31.9.1' },
      body: { email, password: 'Haul1234!', first_name: 'Oli', last_name: 'Gin', phone: '(214)555-0177', role: 'employer' },
    });
    expect(res.status).toBe(201);
    const mail = await lastMailTo(email, 'email_verification');
    expect(links(mail.text).map((l) => new URL(l).origin)).toEqual([ORIGIN]);
  });

  it('the published-job mail', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const res = await call(chargePost, { token: await tokenFor('employer@demo.test'), body: { secret_token: job.jobsPostToken, action_type: 'new job', card_token: await cardToken(CARDS.approve) } });
    expect(res.status).toBe(200);
    const mails = (await (await getDb()).select().from(emailOutbox)).filter((m) => m.kind === 'new_job' && m.text.includes(`/company/jobs/${job.id}/`));
    expect(mails.length).toBe(1);
    expect(links(mails[0].text).map((l) => new URL(l).origin)).toEqual([ORIGIN]);
  });

  // `next start` builds a handler's request URL from its own hostname and port (http://localhost:3000
  // behind a proxy), so an answer built on the request's origin sent users there.
  it("the login's redirect and the verification link's landing page", async () => {
    const login = await call(loginPost, { url: `${FORGED}/api/v1.0/auth/login`, headers: { 'x-forwarded-for': '172.31.9.2' }, body: { email: 'employer@demo.test', password: 'Demo1234!' } });
    expect(login.status).toBe(200);
    expect(new URL(login.json.data.redirect).origin).toBe(ORIGIN);
    const landing = await call(verifyEmailGet, { url: `${FORGED}/api/v1.0/auth/verify-email?token=stale` });
    expect(landing.status).toBe(303);
    expect(landing.headers.get('location')).toBe('/email/validation/unsuccess');
  });
});
