import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { NextRequest } from 'next/server';
import { GET as prefsGet, PATCH as prefsPatch } from '@/app/api/v1.0/account/preferences/route';
import { GET as pictureGet, PUT as picturePut, DELETE as pictureDelete } from '@/app/api/v1.0/account/picture/route';
import { DiskStorage, setStorage } from '@/lib/storage';
import { eq } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { uploadPicture } from '@/lib/accounts/preferences';
import { IMAGE_UPLOADS_PER_HOUR } from '@/lib/accounts/image-upload';
import { PUT as logoPut } from '@/app/api/v1.0/companies/[id]/logo/route';
import { tokenFor } from '../../helpers/http';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { makeUser, signIn } from './helpers';

let uploads: string;
beforeAll(async () => {
  await seed();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-pictures-'));
  setStorage(new DiskStorage(uploads));
});
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(uploads, { recursive: true, force: true });
});

const put = (token: string, blob: Blob) => {
  const form = new FormData();
  form.append('picture', blob, 'me.png');
  return call(picturePut, { method: 'PUT', token, rawBody: form });
};

describe('a picture sent while the account is being deleted', () => {
  it('is refused and its file removed: nothing is stored on the erased account', async () => {
    const db = await getDb();
    const user = await makeUser();
    // The request began before the deletion (its actor read then); the deletion commits first.
    const actor = { userId: user.id, email: user.email, firstName: 'Pat', lastName: 'Tester', roles: [ROLES.DRIVER], companyId: null };
    await db.update(users).set({ firstName: 'Deleted', lastName: 'Deleted', active: false, deletedAt: new Date(), profilePicture: null }).where(eq(users.id, user.id));
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1f57d0' } }).png().toBuffer();
    await expect(uploadPicture(db, actor, png)).rejects.toMatchObject({ status: 401 });
    const [row] = await db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, user.id));
    expect(row.picture).toBeNull();
    expect(fs.existsSync(path.join(uploads, 'users', String(user.id))) ? fs.readdirSync(path.join(uploads, 'users', String(user.id))) : []).toEqual([]);
  });
});

describe('members settings: time zone and profile picture', () => {
  it('keeps one of the four US time zones and refuses any other', async () => {
    const { accessToken } = await signIn((await makeUser()).email);
    expect((await call(prefsGet, { token: accessToken })).json.data).toEqual({ timezone: 'US/Eastern', profile_picture: null });
    const res = await call(prefsPatch, { method: 'PATCH', token: accessToken, body: { timezone: 'US/Mountain' } });
    expect(res.status).toBe(200);
    expect(res.json.data.timezone).toBe('US/Mountain');
    const bad = await call(prefsPatch, { method: 'PATCH', token: accessToken, body: { timezone: 'Europe/Paris' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toEqual({ message: 'Choose one of the four US time zones.', field: 'timezone' });
    expect((await call(prefsGet, { token: accessToken })).json.data.timezone).toBe('US/Mountain');
  });

  it('stores the picture as a 256 px square, serves it to its owner only, and removes it', async () => {
    const { accessToken } = await signIn((await makeUser()).email);
    const other = await signIn((await makeUser()).email);
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#1f57d0' } }).png().toBuffer();
    const res = await put(accessToken, new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect(res.status).toBe(200);
    expect(res.json.data.profile_picture).toMatch(/^\/api\/v1.0\/account\/picture\?v=/);
    const served = await pictureGet(new NextRequest('http://localhost/api/v1.0/account/picture', { headers: { authorization: `Bearer ${accessToken}` } }), { params: Promise.resolve({}) });
    expect(served.headers.get('cache-control')).toContain('private');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 256, format: 'webp' });
    expect((await call(pictureGet, { token: other.accessToken })).status).toBe(404);
    const text = await put(accessToken, new Blob(['not an image'], { type: 'image/png' }));
    expect(text.status).toBe(422);
    expect(text.json.errors[0].message).toBe('The picture must be a PNG, JPEG, WebP or GIF image.');
    expect((await call(pictureDelete, { method: 'DELETE', token: accessToken })).json.data.profile_picture).toBeNull();
    expect((await call(pictureGet, { token: accessToken })).status).toBe(404);
  });
});

describe('images one account may send', () => {
  it(`at most ${IMAGE_UPLOADS_PER_HOUR} pictures and logos an hour together (each is decoded and resized), then 429 with the wait; another account goes on`, async () => {
    const db = await getDb();
    const email = 'employer@demo.test';
    const token = await tokenFor(email);
    const [me] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, email));
    const png = new Blob([new Uint8Array(await sharp({ create: { width: 40, height: 40, channels: 3, background: '#1f57d0' } }).png().toBuffer())], { type: 'image/png' });
    for (let i = 0; i < IMAGE_UPLOADS_PER_HOUR; i++) expect((await put(token, png)).status).toBe(200);
    const [kept] = await db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, me.id));
    const refused = await put(token, png);
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0].message).toMatch(/^You have sent many images in a short time\. Please try again in (1 hour|\d+ minutes)\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const logo = new FormData();
    logo.append('logo', png, 'logo.png');
    expect((await call(logoPut, { method: 'PUT', token, params: { id: String(me.companyId) }, rawBody: logo })).status).toBe(429);
    const [after] = await db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, me.id));
    expect(after.picture).toBe(kept.picture);
    const other = await signIn((await makeUser()).email);
    expect((await put(other.accessToken, png)).status).toBe(200);
  });
});
