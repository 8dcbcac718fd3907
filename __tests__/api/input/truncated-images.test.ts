/**
 * An image whose header is whole but whose data stops short (`head -c 20000 photo.jpg`) passes the
 * format check, which reads only the header; sharp finds the fault when it decodes the pixels, and
 * that decode was not guarded: 500 'VipsJpeg: premature end of JPEG image'. Each upload now answers
 * its own 422 and stores nothing.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { PUT as picturePut } from '@/app/api/v1.0/account/picture/route';
import { PUT as logoPut } from '@/app/api/v1.0/companies/[id]/logo/route';
import { POST as newsUploadPost } from '@/app/api/v1.0/news/channels/[id]/upload-image/route';
import { POST as channelPost } from '@/app/api/v1.0/news/channels/route';
import { PICTURE_BAD_TYPE } from '@/lib/accounts/preference-rules';
import { LOGO_BAD_TYPE } from '@/lib/companies/logo-rules';
import { getDb } from '@/lib/db/client';
import { companies, users } from '@/lib/db/schema';
import { IMAGE_UPLOAD_FAILED } from '@/lib/news/schemas';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';

const dir = withTempStorage('truncated');

let tokens: Record<'driver' | 'companyAdmin' | 'news', string>;
let companyId: number;
let channelId: number;
beforeAll(async () => {
  await seed();
  tokens = { driver: await tokenFor('driver@demo.test'), companyAdmin: await tokenFor('companyadmin@demo.test'), news: await tokenFor('newsadmin@demo.test') };
  const [admin] = await (await getDb()).select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
  companyId = admin.companyId!;
  channelId = (await call(channelPost, { token: tokens.news, body: { name: 'Truncated', channel_type: 'general' } })).json.data.id;
});

/** A photo-like image (noise compresses poorly, so there is data to cut), encoded as `format`. */
async function photo(format: 'jpeg' | 'png') {
  const raw = Buffer.alloc(600 * 400 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width: 600, height: 400, channels: 3 } }).toFormat(format).toBuffer();
}

const form = (field: string, bytes: Buffer, name: string) => {
  const f = new FormData();
  f.set(field, new Blob([new Uint8Array(bytes)]), name);
  return f;
};

const storedFiles = () => fs.readdirSync(dir, { recursive: true }).filter((p) => fs.statSync(`${dir}/${p}`).isFile()).length;

const uploads = [
  ['PUT /account/picture', (f: FormData) => call(picturePut, { method: 'PUT', token: tokens.driver, rawBody: f }), 'picture', PICTURE_BAD_TYPE],
  ['PUT /companies/{id}/logo', (f: FormData) => call(logoPut, { method: 'PUT', token: tokens.companyAdmin, params: { id: String(companyId) }, rawBody: f }), 'logo', LOGO_BAD_TYPE],
  ['POST /news/channels/{id}/upload-image', (f: FormData) => call(newsUploadPost, { method: 'POST', token: tokens.news, params: { id: String(channelId) }, rawBody: f }), 'image', IMAGE_UPLOAD_FAILED],
] as const;

describe('a truncated image answers 422 with the route message and stores nothing', () => {
  const cases = uploads.flatMap(([name, send, field, message]) => (['jpeg', 'png'] as const).map((format) => [name, format, send, field, message] as const));

  it.each(cases)('%s (%s)', async (_name, format, send, field, message) => {
    const whole = await photo(format);
    const cut = whole.subarray(0, Math.floor(whole.length / 3));
    expect((await sharp(cut).metadata()).format).toBe(format);
    const before = storedFiles();
    const res = await send(form(field, cut, `cut.${format}`));
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message, field }] });
    expect(storedFiles()).toBe(before);
    const [company] = await (await getDb()).select({ logo: companies.logo }).from(companies).where(eq(companies.id, companyId));
    expect(company.logo).toBeNull();
  });

  it.each(uploads)('%s still takes the whole image', async (_name, send, field) => {
    const res = await send(form(field, await photo('jpeg'), 'whole.jpg'));
    expect(res.status).toBe(200);
  });
});
