import { NextRequest } from 'next/server';
import { POST } from '@/app/api/auth/[...nextauth]/route';
import { refuseUnreadableJson } from '@/lib/api/auth-body';

/*
 * next-auth reads a JSON POST itself with req.json(), and a malformed one was an unhandled
 * SyntaxError: a 500 with an empty body on /api/auth/callback/credentials, signin, signout,
 * session, csrf and _log. Those now answer as /api/v1.0 does.
 */

const post = (body: string, type = 'application/json', path = 'callback/credentials') =>
  new NextRequest(`http://localhost:3000/api/auth/${path}`, { method: 'POST', headers: { 'content-type': type, origin: 'http://localhost:3000' }, body });

describe('the next-auth routes given a body they cannot read', () => {
  it.each(['callback/credentials', 'signout', 'session', '_log'])('answers 400 "Invalid JSON body" on /api/auth/%s, not a 500', async (path) => {
    const res = await POST(post('{bad', 'application/json', path), { params: Promise.resolve({ nextauth: path.split('/') }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ message: 'Invalid JSON body' }] });
  });

  it('refuses an empty JSON body and one past the API cap (413), as /api/v1.0 does', async () => {
    expect((await refuseUnreadableJson(post('')))?.status).toBe(400);
    expect((await refuseUnreadableJson(post(`"${'x'.repeat(1024 * 1024 + 10)}"`)))?.status).toBe(413);
  });

  // next-auth reads a form post whole (req.text()) however large, where every other route stops at the cap.
  it('refuses a form post past the API cap with 413 before next-auth reads it whole', async () => {
    const body = `email=driver%40demo.test&password=${'x'.repeat(2 * 1024 * 1024)}`;
    const res = await POST(post(body, 'application/x-www-form-urlencoded'), { params: Promise.resolve({ nextauth: ['callback', 'credentials'] }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ message: 'Request body is too large.' }] });
  });

  it('lets readable JSON and form posts through, with their body still whole for next-auth', async () => {
    const json = post('{"email":"driver@demo.test","json":"true"}');
    expect(await refuseUnreadableJson(json)).toBeNull();
    expect(await json.json()).toEqual({ email: 'driver@demo.test', json: 'true' });
    const form = post('email=driver%40demo.test', 'application/x-www-form-urlencoded');
    expect(await refuseUnreadableJson(form)).toBeNull();
    expect(await form.text()).toBe('email=driver%40demo.test');
  });
});
