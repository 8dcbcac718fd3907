import sharp from 'sharp';
import { POST as uploadPost } from '@/app/api/v1.0/ads/multimedia/upload/route';
import { POST as createPost } from '@/app/api/v1.0/ads/route';
import { call, tokenFor } from '../../helpers/http';
import { tokens as jobTokens } from '../jobs/helpers';

export const adTokens = async () => ({ ...(await jobTokens()), ads: await tokenFor('adsadmin@demo.test') });
export type AdTokens = Awaited<ReturnType<typeof adTokens>>;

/** A real PNG of the given size (a gradient, so the crop has something to look at). */
export async function png(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) raw.set([(i % width) % 256, Math.floor(i / width) % 256, 120], i * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** A few bytes that start like an mp4 (an ISO BMFF 'ftyp' box). */
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(200, 7)]);

export function uploadForm(fields: Record<string, string | Buffer>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.set(k, v);
    else f.set(k, new Blob([new Uint8Array(v)]), 'file');
  }
  return f;
}

export const upload = (token: string, fields: Record<string, string | Buffer>) => call(uploadPost, { method: 'POST', token, rawBody: uploadForm(fields) });

/** Uploads an image and answers its media id. */
export async function uploadImage(token: string) {
  const res = await upload(token, { stage: 'simple', extension: 'png', file: await png(1200, 800) });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.json.data.id as string;
}

export const adPayload = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring tire sale',
  advertiser: 'Roadway Tires',
  headline: '20% off steer tires this week',
  target_url: 'https://tires.example.com/sale',
  placements: ['members_home'],
  audience: 'drivers',
  starts_at: new Date(Date.now() - 3600_000).toISOString(),
  ends_at: null,
  status: 'draft',
  weight: 1,
  ...overrides,
});

export async function createAdAs(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(createPost, { token, body: adPayload(overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json.data as { id: number; status: string; media_url: string | null };
}
