import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { storeAdImage } from '@/lib/ads/media';
import type { Database } from '@/lib/db/client';
import { ads, users } from '@/lib/db/schema';

/*
 * Two live ads for the demo, so the ADs portal's grid and the placements show something from the
 * first run: one for drivers (Drivers Portal home, news feed, job search) and one for employers
 * (Company Portal job detail). Their pictures are drawn here, shapes only (a server may have no
 * fonts), and stored as an upload would be: cropped to 587x226 webp under ads/media/.
 *
 * The app's demo seeds them (scripts/prepare-db.ts, the Vercel preview); the tests' seed does not,
 * since the ads tests count the ads they create.
 */

const W = 587 * 2;
const H = 226 * 2;

/** A road at sunset with a truck on it. */
const DRIVERS_ART = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="0.6" stop-color="#f97316"/><stop offset="1" stop-color="#fde68a"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${W * 0.74}" cy="${H * 0.42}" r="62" fill="#fef3c7"/>
  <polygon points="0,${H * 0.7} ${W * 0.25},${H * 0.52} ${W * 0.45},${H * 0.66} ${W * 0.7},${H * 0.5} ${W},${H * 0.68} ${W},${H} 0,${H}" fill="#7c2d12"/>
  <rect y="${H * 0.74}" width="${W}" height="${H * 0.26}" fill="#1f2937"/>
  <g fill="#facc15">${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 110 + 20}" y="${H * 0.86}" width="60" height="8" rx="4"/>`).join('')}</g>
  <g transform="translate(${W * 0.18} ${H * 0.5})">
    <rect width="330" height="110" rx="8" fill="#f8fafc"/>
    <rect x="340" y="30" width="120" height="80" rx="10" fill="#2563eb"/>
    <rect x="380" y="42" width="60" height="32" rx="4" fill="#bfdbfe"/>
    <circle cx="70" cy="122" r="24" fill="#0f172a"/><circle cx="170" cy="122" r="24" fill="#0f172a"/><circle cx="410" cy="122" r="24" fill="#0f172a"/>
    <circle cx="70" cy="122" r="9" fill="#94a3b8"/><circle cx="170" cy="122" r="9" fill="#94a3b8"/><circle cx="410" cy="122" r="9" fill="#94a3b8"/>
  </g>
</svg>`;

/** Cards of drivers lining up for a job: hiring, for employers. */
const EMPLOYERS_ART = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${Array.from({ length: 4 }, (_, i) => {
    const x = 90 + i * 260;
    const y = 90 + (i % 2) * 40;
    return `<g transform="translate(${x} ${y})">
      <rect width="220" height="250" rx="18" fill="#f8fafc"/>
      <circle cx="110" cy="78" r="42" fill="${['#93c5fd', '#fcd34d', '#86efac', '#f9a8d4'][i]}"/>
      <rect x="40" y="142" width="140" height="16" rx="8" fill="#334155"/>
      <rect x="60" y="172" width="100" height="12" rx="6" fill="#94a3b8"/>
      <rect x="50" y="204" width="120" height="26" rx="13" fill="${i === 1 ? '#16a34a' : '#2563eb'}"/>
    </g>`;
  }).join('')}
</svg>`;

const drawn = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

export async function seedAds(db: Database, now = new Date()) {
  const [adsAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'adsadmin@demo.test'));
  const [driversImage, employersImage] = await Promise.all([drawn(DRIVERS_ART).then(storeAdImage), drawn(EMPLOYERS_ART).then(storeAdImage)]);
  const common = { status: 'active' as const, mediaType: 'image' as const, startsAt: now, weight: 1, createdBy: adsAdmin?.id ?? null };
  await db.insert(ads).values([
    {
      ...common,
      name: 'Fuel card, drivers',
      advertiser: 'Open Road Fuel',
      headline: 'Save 25¢ a gallon at 2,000 truck stops',
      targetUrl: 'https://example.com/open-road-fuel',
      placements: ['members_home', 'news_feed', 'job_search'],
      audience: 'drivers',
      mediaFile: driversImage,
    },
    {
      ...common,
      name: 'Screening service, employers',
      advertiser: 'FleetCheck',
      headline: 'MVR and PSP reports on your applicants in minutes',
      targetUrl: 'https://example.com/fleetcheck',
      placements: ['company_job_detail'],
      audience: 'employers',
      mediaFile: employersImage,
    },
  ]);
}
