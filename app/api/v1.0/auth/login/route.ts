// POST /api/v1.0/auth/login: password sign-in, answers tokens and the landing page
import { route } from '@/lib/api/route';
import { login } from '@/lib/auth/login';
import { loginSchema } from '@/lib/auth/schemas';
import { sessionOrigin } from '@/lib/auth/sessions-origin';
import { secureCookies } from '@/lib/auth/cookie-security';
import { KNOWN_DEVICE_COOKIE, knownDeviceSetCookie, rememberDevice } from '@/lib/auth/known-device';

export const POST = route({
  access: 'public',
  body: loginSchema,
  handler: async ({ db, body, ip, req }) => {
    const knownDeviceCookie = req.cookies.get(KNOWN_DEVICE_COOKIE)?.value;
    const data = await login(db, body, { ip, knownDeviceCookie, origin: sessionOrigin((name) => req.headers.get(name)) });
    // The client is remembered as a device that has signed in to this account (lib/auth/known-device.ts).
    const cookie = knownDeviceSetCookie(await rememberDevice(knownDeviceCookie, data.id), secureCookies());
    return Response.json({ data }, { headers: { 'cache-control': 'no-store', 'set-cookie': cookie } });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
