import { eq } from 'drizzle-orm';
import sitemap from '@/app/sitemap';
import robots from '@/app/robots';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { jobAddresses, jobs, users } from '@/lib/db/schema';
import { addDays, expireJobs, publishPaidJob } from '@/lib/jobs/lifecycle';
import { employmentTypeOf, getPublicJob, jobPostingJsonLd, jsonLdScript } from '@/lib/jobs/public';
import { createJobSchema } from '@/lib/jobs/schemas';
import { cancelJob, closeJob, createJob, setSuspended } from '@/lib/jobs/services';
import { logoUrl } from '@/lib/companies/view';
import { imageUrl } from '@/lib/news/images';
import { newsArticleJsonLd } from '@/lib/news/public';
import { seed } from '../../helpers/seed';
import { jobPayload } from '../../api/jobs/helpers';

let db: Database;
let actor: Actor;
let admin: Actor;

beforeAll(async () => {
  await seed();
  db = await getDb();
  const who = async (email: string, role: Actor['roles'][number]) => {
    const [u] = await db.select().from(users).where(eq(users.email, email));
    return { userId: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, roles: [role], companyId: u.companyId };
  };
  actor = await who('employer@demo.test', ROLES.EMPLOYER);
  admin = await who('admin@demo.test', ROLES.ADMIN);
});

async function job(overrides: Parameters<typeof jobPayload>[0] = {}, publish = true) {
  const { jobs: [{ id }] } = await createJob(db, actor, createJobSchema.parse(jobPayload(overrides)));
  if (publish) await publishPaidJob(db, id);
  return id;
}

describe('JobPosting JSON-LD', () => {
  it('carries every field Google for Jobs requires, and parses back from the script text', async () => {
    const id = await job({
      title: 'Regional <Reefer> Driver',
      addresses: [
        { street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201' },
        { city: 'Tulsa', state: 'OK' },
      ],
    });
    const pub = (await getPublicJob(db, id))!;
    const script = jsonLdScript(jobPostingJsonLd(pub, 'https://jobs.example.com'));
    expect(script).not.toContain('<');
    const ld = JSON.parse(script);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Regional <Reefer> Driver',
      employmentType: 'FULL_TIME',
      directApply: false,
      url: `https://jobs.example.com/jobs/${id}`,
      hiringOrganization: { '@type': 'Organization', name: 'Demo Freight Lines' },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', value: 1500, unitText: 'WEEK' } },
    });
    expect(ld.description).toContain('<strong>home weekly</strong>');
    // A job stored without its HTML falls back to its text, escaped so "<" stays text in Google's HTML.
    const textOnly = { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Loads < 40,000 lb & <b>no</b> touch' }] }] } };
    const fallback = jobPostingJsonLd({ ...pub, job: { ...pub.job, jobDescriptionHtml: '', jobDescription: textOnly } })!;
    expect(fallback.description).toBe('<p>Loads &lt; 40,000 lb &amp; &lt;b&gt;no&lt;/b&gt; touch</p>');
    expect(new Date(ld.datePosted).getTime()).toBe(pub.job.postingDate!.getTime());
    expect(new Date(ld.validThrough).getTime()).toBe(addDays(pub.job.postingDate!, 30).getTime());
    expect(ld.jobLocation).toHaveLength(2);
    expect(ld.jobLocation[0]).toMatchObject({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', streetAddress: '2100 Commerce St', addressLocality: 'Dallas', addressRegion: 'TX', postalCode: '75201', addressCountry: 'US' },
    });
    expect(ld.jobLocation[1].address).toMatchObject({ addressLocality: 'Tulsa', addressRegion: 'OK', addressCountry: 'US' });
  });

  it.each([
    ['hourly', 'HOUR'],
    ['monthly', 'MONTH'],
    ['yearly', 'YEAR'],
  ])('gives %s pay the unit %s', async (salary_type, unit) => {
    const pub = (await getPublicJob(db, await job({ salary_type: salary_type as 'hourly' })))!;
    expect(jobPostingJsonLd(pub)!.baseSalary?.value.unitText).toBe(unit);
  });

  it('leaves per-mile pay out of baseSalary (Google knows no mile unit) and maps owner operators to CONTRACTOR', async () => {
    const pub = (await getPublicJob(db, await job({ salary_type: 'per_mile', expected_pay: 0.72, job_type: 'owner_operator' })))!;
    const ld = jobPostingJsonLd(pub)!;
    expect(ld.baseSalary).toBeUndefined();
    expect(ld.employmentType).toBe('CONTRACTOR');
    expect(employmentTypeOf({ jobType: 'tanker' })).toBe('FULL_TIME');
  });

  it('publishes no JobPosting for a public job left without a live address (Google rejects one without jobLocation)', async () => {
    const id = await job();
    // Only data from before a paid job had to keep a paid address looks like this.
    await db.delete(jobAddresses).where(eq(jobAddresses.jobId, id));
    const pub = (await getPublicJob(db, id))!;
    expect(pub.addresses).toEqual([]);
    expect(jobPostingJsonLd(pub)).toBeNull();
  });
});

describe('which jobs are public', () => {
  it('hides unpaid, closed, cancelled, expired and suspended jobs, and unknown ids', async () => {
    const live = await job();
    const unpaid = await job({}, false);
    const closed = await job();
    await closeJob(db, actor, closed);
    const cancelled = await job();
    await cancelJob(db, actor, cancelled);
    const suspended = await job();
    await setSuspended(db, admin, suspended, true);
    const expired = await job({}, false);
    await publishPaidJob(db, expired, addDays(new Date(), -40));
    await expireJobs(db, new Date());
    const pastExpiryNotYetTicked = await job({}, false);
    await publishPaidJob(db, pastExpiryNotYetTicked, addDays(new Date(), -31));

    expect(await getPublicJob(db, live)).not.toBeNull();
    for (const id of [unpaid, closed, cancelled, suspended, expired, pastExpiryNotYetTicked, 999999, 'abc', -1]) {
      expect(await getPublicJob(db, id)).toBeNull();
    }

    const urls = (await sitemap()).map((e) => e.url);
    expect(urls).toContain(`${new URL(`/jobs/${live}`, process.env.APP_URL || 'http://localhost:3000')}`);
    for (const id of [unpaid, closed, cancelled, suspended, expired, pastExpiryNotYetTicked]) expect(urls.some((u) => u.endsWith(`/jobs/${id}`))).toBe(false);
    // The demo seed's live jobs are there too; its expired and unpaid ones are not.
    const [demoExpired] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.title, 'Hotshot Owner Operator'));
    expect(urls.some((u) => u.endsWith(`/jobs/${demoExpired.id}`))).toBe(false);
  });

  it('robots.txt points at the sitemap and keeps crawlers off the API and portals', () => {
    const r = robots();
    expect(String(r.sitemap)).toMatch(/\/sitemap\.xml$/);
    expect(r.rules).toMatchObject({ allow: expect.arrayContaining(['/jobs/']), disallow: expect.arrayContaining(['/api/', '/company', '/admin']) });
  });

  it("robots.txt lets crawlers fetch the public pages' images (a post's og:image and NewsArticle image, a job's company logo) and nothing else under /api/", () => {
    const { rules } = robots() as { rules: { allow: string[]; disallow: string[] } };
    // Google's reading of the rules: a pattern is a prefix in which '*' is any run of characters;
    // the longest matching pattern wins, allow on a tie.
    const literal = (part: string) => part.replace(/[.?+^$()[\]{}|\\]/g, '\\$&');
    const matches = (pattern: string, path: string) => new RegExp(`^${pattern.split('*').map(literal).join('.*')}`).test(path);
    const longest = (patterns: string[], path: string) => Math.max(-1, ...patterns.filter((p) => matches(p, path)).map((p) => p.length));
    const allowed = (path: string) => longest(rules.allow, path) >= longest(rules.disallow, path);

    const thumbnail = imageUrl('thumb-0123456789abcdef-full.webp');
    const article = newsArticleJsonLd({ id: 1, title: 't', body_html: '', excerpt: '', thumbnail, thumbnail_small: null, published_at: null, updated_at: new Date().toISOString(), views: 0, channel: 'c', author: null });
    const image = new URL((article as { image: string[] }).image[0]);
    const logo = logoUrl({ id: 42, logo: 'companies/42/logo-abc.webp' })!;

    for (const path of ['/jobs/1', '/posts/1', image.pathname + image.search, logo, logoUrl({ id: 42, logo: 'x' }, 'small')!]) expect([path, allowed(path)]).toEqual([path, true]);
    for (const path of ['/api/v1.0/jobs', '/api/job-views/1', '/api/v1.0/companies/42', '/api/v1.0/news/posts/1', '/admin', '/news', '/company']) expect([path, allowed(path)]).toEqual([path, false]);
  });
});
