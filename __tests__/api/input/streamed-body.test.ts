/**
 * A body sent with Transfer-Encoding: chunked has no Content-Length, so the size check before
 * reading never saw it: `req.text()` and `req.formData()` read 600 MB into memory and answered 500
 * (a string over V8's limit). The body is now counted as it arrives and refused with 413 as soon as
 * it passes the route's cap, on the public JSON routes and on the image uploads alike.
 */
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { PUT as picturePut } from '@/app/api/v1.0/account/picture/route';
import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { POST as signupPost } from '@/app/api/v1.0/auth/signup/route';
import { PUT as logoPut } from '@/app/api/v1.0/companies/[id]/logo/route';
import { POST as newsUploadPost } from '@/app/api/v1.0/news/channels/[id]/upload-image/route';
import { POST as channelPost } from '@/app/api/v1.0/news/channels/route';
import { POST as jobVideoPost } from '@/app/api/v1.0/jobs/multimedia/upload/route';
import { POST as adMediaPost } from '@/app/api/v1.0/ads/multimedia/upload/route';
import { CHUNK_MAX_BYTES, VIDEO_MESSAGES } from '@/lib/storage/video-upload';
import { PICTURE_TOO_LARGE } from '@/lib/accounts/preference-rules';
import { BODY_TOO_LARGE } from '@/lib/api/body';
import { MAX_JSON_BYTES } from '@/lib/api/route';
import { LOGO_TOO_LARGE } from '@/lib/companies/logo-rules';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { DEMO_PASSWORD } from '@/lib/db/seed/accounts';
import { IMAGE_MAX_BYTES } from '@/lib/news/images';
import { IMAGE_UPLOAD_FAILED } from '@/lib/news/schemas';
import type { RouteHandler } from '@/lib/api/route';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';

withTempStorage('streamed-body');

const MB = 1024 * 1024;
const PIECE = 64 * 1024;
const BOUNDARY = 'streamedboundary';

let tokens: Record<'driver' | 'companyAdmin' | 'news' | 'ads', string>;
let companyId: number;
let channelId: number;
beforeAll(async () => {
  await seed();
  tokens = { driver: await tokenFor('driver@demo.test'), companyAdmin: await tokenFor('companyadmin@demo.test'), news: await tokenFor('newsadmin@demo.test'), ads: await tokenFor('adsadmin@demo.test') };
  const [admin] = await (await getDb()).select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
  companyId = admin.companyId!;
  channelId = (await call(channelPost, { token: tokens.news, body: { name: 'Streamed', channel_type: 'general' } })).json.data.id;
});

/**
 * A body of `total` bytes that the server pulls 64 KB at a time, with no Content-Length (as a
 * chunked request arrives); `pulled` counts what the server asked for.
 */
function streamed(head: string, total: number) {
  const counter = { pulled: 0 };
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const piece = first ? Buffer.concat([Buffer.from(head), Buffer.alloc(PIECE - head.length, 0x61)]) : Buffer.alloc(PIECE, 0x61);
      first = false;
      counter.pulled += piece.length;
      controller.enqueue(new Uint8Array(piece));
    },
  });
  return { stream, counter };
}

const jsonHead = '{"email":"driver@demo.test","password":"';
const multipartHead = (field: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
const chunkHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="stage"\r\n\r\nchunk\r\n${multipartHead('file')}`;

async function send(handler: RouteHandler, stream: ReadableStream<Uint8Array>, o: { method: string; contentType: string; token?: string; params?: Record<string, string>; headers?: Record<string, string> }) {
  const headers = new Headers({ 'content-type': o.contentType, ...o.headers });
  if (o.token) headers.set('authorization', `Bearer ${o.token}`);
  const req = new NextRequest('http://localhost:3000/api/v1.0/test', { method: o.method, headers, body: stream, duplex: 'half' } as ConstructorParameters<typeof NextRequest>[1]);
  const res = await handler(req, { params: Promise.resolve(o.params ?? {}) });
  return { status: res.status, json: await res.json() };
}

describe('a streamed body with no Content-Length is cut off at the route cap with 413', () => {
  const json = 'application/json';
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  const cases: [string, () => [RouteHandler, { method: string; contentType: string; token?: string; params?: Record<string, string> }], number, string, { message: string; field?: string }][] = [
    ['POST /auth/login (public, JSON)', () => [loginPost, { method: 'POST', contentType: json }], MAX_JSON_BYTES, jsonHead, { message: BODY_TOO_LARGE }],
    ['POST /auth/signup (public, JSON)', () => [signupPost, { method: 'POST', contentType: json }], MAX_JSON_BYTES, '{"email":"', { message: BODY_TOO_LARGE }],
    ['PUT /account/picture (multipart)', () => [picturePut, { method: 'PUT', contentType: multipart, token: tokens.driver }], 5 * MB, multipartHead('picture'), { message: PICTURE_TOO_LARGE, field: 'picture' }],
    ['PUT /companies/{id}/logo (multipart)', () => [logoPut, { method: 'PUT', contentType: multipart, token: tokens.companyAdmin, params: { id: String(companyId) } }], 5 * MB, multipartHead('logo'), { message: LOGO_TOO_LARGE, field: 'logo' }],
    // Video parts: the largest body the API takes (a 25 MB chunk), no more.
    ['POST /jobs/multimedia/upload (a video part)', () => [jobVideoPost, { method: 'POST', contentType: multipart, token: tokens.companyAdmin }], CHUNK_MAX_BYTES, chunkHead, { message: VIDEO_MESSAGES.tooLarge, field: 'file' }],
    ['POST /ads/multimedia/upload (a media part)', () => [adMediaPost, { method: 'POST', contentType: multipart, token: tokens.ads }], CHUNK_MAX_BYTES, chunkHead, { message: VIDEO_MESSAGES.tooLarge, field: 'file' }],
    ['POST /news/channels/{id}/upload-image (multipart)', () => [newsUploadPost, { method: 'POST', contentType: multipart, token: tokens.news, params: { id: String(channelId) } }], IMAGE_MAX_BYTES, multipartHead('image'), { message: IMAGE_UPLOAD_FAILED, field: 'image' }],
  ];

  it.each(cases)('%s', async (_name, target, cap, head, error) => {
    const [handler, options] = target();
    const { stream, counter } = streamed(head, cap * 4);
    const res = await send(handler, stream, options);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ errors: [error] });
    // Reading stopped just past the cap (64 KB of room for a multipart body's boundaries), not at the body's end.
    expect(counter.pulled).toBeGreaterThan(cap);
    expect(counter.pulled).toBeLessThanOrEqual(cap + 64 * 1024 + 2 * PIECE);
  });

  it('a Content-Length that understates the body does not lift the cap', async () => {
    const { stream, counter } = streamed(jsonHead, 4 * MAX_JSON_BYTES);
    const res = await send(loginPost, stream, { method: 'POST', contentType: json, headers: { 'content-length': '100' } });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * PIECE);
  });

  it('a streamed body under the cap is read whole as before', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ email: 'driver@demo.test', password: DEMO_PASSWORD }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // In two pieces, as a chunked request may arrive.
        controller.enqueue(body.slice(0, 10));
        controller.enqueue(body.slice(10));
        controller.close();
      },
    });
    const res = await send(loginPost, stream, { method: 'POST', contentType: json, headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(res.status).toBe(200);
    expect(res.json.data.accessToken).toBeTruthy();
  });
});
