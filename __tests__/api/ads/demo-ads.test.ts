import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET as mediaGet } from '@/app/api/v1.0/ads/media/[file]/route';
import { GET as serveGet } from '@/app/api/v1.0/ads/serve/route';
import { POST as searchPost } from '@/app/api/v1.0/ads/search/route';
import { getDb } from '@/lib/db/client';
import { seedDemo } from '@/lib/db/seed';
import { call } from '../../helpers/http';
import { withTempStorage } from '../../helpers/storage';
import { adTokens, type AdTokens } from './helpers';

/*
 * The app's demo (npm run dev, the e2e suite, a Vercel preview) opens with two live ads: one for
 * drivers, one for employers, each on its own audience's placements, with a picture in storage.
 */

let t: AdTokens;
withTempStorage('demo-ads');
beforeAll(async () => {
  await seedDemo(await getDb(), { ads: true });
  t = await adTokens();
});

const serve = async (placement: string, token: string) => {
  const res = await call(serveGet, { token, query: { placement } });
  expect(res.status).toBe(200);
  return res.json.data.ads as { headline: string; media_url: string }[];
};

describe('the demo seed with ads', () => {
  it('lists two live ads in the ADs portal', async () => {
    const res = await call(searchPost, { token: t.ads, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data.map((a: { advertiser: string; status: string; audience: string }) => [a.advertiser, a.status, a.audience]).sort()).toEqual([
      ['FleetCheck', 'active', 'employers'],
      ['Open Road Fuel', 'active', 'drivers'],
    ]);
  });

  it("shows each to its own audience: drivers on the Drivers Portal's placements, employers on the job detail", async () => {
    for (const placement of ['members_home', 'news_feed', 'job_search']) {
      expect((await serve(placement, t.driver)).map((a) => a.headline)).toEqual(['Save 25¢ a gallon at 2,000 truck stops']);
    }
    expect((await serve('company_job_detail', t.employer)).map((a) => a.headline)).toEqual(['MVR and PSP reports on your applicants in minutes']);
    expect(await serve('members_home', t.employer)).toEqual([]);
  });

  it('serves their pictures, stored as an upload would be: 587x226 webp', async () => {
    const [ad] = await serve('members_home', t.driver);
    const file = ad.media_url.split('/').pop()!;
    const res = await mediaGet(new NextRequest(`http://localhost:3000${ad.media_url}`), { params: Promise.resolve({ file }) });
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 587, 226]);
  });
});
