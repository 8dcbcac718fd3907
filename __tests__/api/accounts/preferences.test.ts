import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { NextRequest } from 'next/server';
import { GET as prefsGet, PATCH as prefsPatch } from '@/app/api/v1.0/account/preferences/route';
import { GET as pictureGet, PUT as picturePut, DELETE as pictureDelete } from '@/app/api/v1.0/account/picture/route';
import { DiskStorage, setStorage } from '@/lib/storage';
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
