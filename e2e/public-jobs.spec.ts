import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Public job pages as drivers and search engines see them: no sign-in, the job's content, pay,
 * home time, locations and company, a JobPosting JSON-LD block that parses with the fields Google
 * for Jobs requires, the sitemap, and 404 for a job that is no longer live.
 */

async function companyToken(request: APIRequestContext) {
  const res = await request.post('/api/v1.0/auth/login', { data: { email: 'companyadmin@demo.test', password: 'Demo1234!', role: 'employer' } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.accessToken as string;
}

async function demoJobId(request: APIRequestContext, title: string) {
  const token = await companyToken(request);
  const res = await request.post('/api/v1.0/jobs/search', { data: { query: title }, headers: { authorization: `Bearer ${token}` } });
  const [job] = (await res.json()).data as { id: number; title: string }[];
  expect(job?.title).toBe(title);
  return job.id;
}

test('a live job has a public page with its content and a JobPosting JSON-LD block', async ({ page, request }) => {
  const id = await demoJobId(request, 'CDL-A OTR Dry Van Driver');
  const res = await page.goto(`/jobs/${id}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'CDL-A OTR Dry Van Driver' })).toBeVisible();
  await expect(page.getByText('Demo Freight Lines').first()).toBeVisible();
  await expect(page.getByText('$1,650 per week')).toBeVisible();
  await expect(page.getByText('Home weekly').first()).toBeVisible();
  await expect(page.getByText('Oklahoma City, OK 73102').first()).toBeVisible();
  await expect(page.getByText('Average 2,800 miles a week')).toBeVisible();
  await expect(page).toHaveTitle(/CDL-A OTR Dry Van Driver - Demo Freight Lines/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/jobs/${id}$`));

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld['@type']).toBe('JobPosting');
  for (const field of ['title', 'description', 'datePosted', 'validThrough', 'hiringOrganization', 'jobLocation', 'baseSalary', 'employmentType']) {
    expect(ld, field).toHaveProperty(field);
  }
  expect(ld.hiringOrganization.name).toBe('Demo Freight Lines');
  expect(ld.jobLocation[0].address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Dallas', addressRegion: 'TX', addressCountry: 'US' });
  expect(ld.baseSalary.value).toMatchObject({ value: 1650, unitText: 'WEEK' });
  expect(ld.directApply).toBe(false);
  expect(new Date(ld.validThrough).getTime()).toBeGreaterThan(Date.now());
});

test('the page reads well on a phone', async ({ browser, request }) => {
  const id = await demoJobId(request, 'Local Tanker Driver (Hazmat)');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/jobs/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('link', { name: 'Apply', exact: true })).toBeVisible();
  await context.close();
});

test('expired, unpaid and unknown jobs answer 404; the sitemap lists only live jobs', async ({ page, request }) => {
  const expired = await demoJobId(request, 'Hotshot Owner Operator');
  const unpaid = await demoJobId(request, 'Refrigerated Freight Driver - Waiting for Payment');
  const live = await demoJobId(request, 'CDL-A OTR Dry Van Driver');
  for (const id of [expired, unpaid, 99999999]) expect((await page.goto(`/jobs/${id}`))?.status()).toBe(404);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/jobs/${live}</loc>`);
  expect(sitemap).not.toContain(`/jobs/${expired}</loc>`);
  expect(sitemap).not.toContain(`/jobs/${unpaid}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
});

/** A job of this test's own, created and paid by card through the API (so no other spec's job changes). */
async function paidJob(request: APIRequestContext, auth: Record<string, string>, title: string) {
  const created = await request.post('/api/v1.0/jobs', {
    headers: auth,
    data: {
      title,
      job_type: 'dry_van',
      home_time: 'HW',
      required_experience: 'Y1',
      job_description: '<p>Regional runs, home every weekend.</p>',
      expected_pay: 1500,
      salary_type: 'weekly',
      addresses: [{ city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }],
    },
  });
  expect(created.status()).toBe(201);
  const { jobs_post_token: secret, jobs } = (await created.json()).data as { jobs_post_token: string; jobs: { id: number }[] };
  const id = jobs[0].id;
  // Not public yet: the page answers 404 (and may keep that answer in its cache).
  expect((await request.get(`/jobs/${id}`)).status()).toBe(404);
  const card = await request.post('/sandbox-gateway/tokenize', { data: { card_number: '4111 1111 1111 1111', expiration_date: '12/39', cvv: '123', card_holder_name: 'Cache Test' } });
  expect(card.status()).toBe(201);
  const paid = await request.post('/api/v1.0/payment/company/invoice/charge', { headers: auth, data: { secret_token: secret, action_type: 'new job', card_token: (await card.json()).token } });
  expect(paid.status()).toBe(200);
  return id;
}

test('the page is served from cache, and a change to the job shows at once: paid, renamed, closed', async ({ page, request }) => {
  const auth = { authorization: `Bearer ${await companyToken(request)}` };
  const title = `Cached Flatbed Driver ${Date.now()}`;
  const id = await paidJob(request, auth, title);

  // Paying expired the cached 404: the page is there right away, then comes from the cache.
  const first = await request.get(`/jobs/${id}`);
  expect(first.status()).toBe(200);
  expect(await first.text()).toContain(title);
  const second = await request.get(`/jobs/${id}`);
  expect(second.headers()['x-nextjs-cache']).toBe('HIT');
  expect(await second.text()).toContain(title);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`/jobs/${id}</loc>`);

  // The employer renames it through the API: the very next view shows the new title, never the old page.
  const renamed = `${title} (Renamed)`;
  expect((await request.patch(`/api/v1.0/jobs/${id}`, { headers: auth, data: { title: renamed, expected_pay: 1725 } })).status()).toBe(200);
  await page.goto(`/jobs/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.getByText('$1,725 per week')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(renamed.replace(/[()]/g, '\\$&')));
  const again = await request.get(`/jobs/${id}`);
  expect(again.headers()['x-nextjs-cache']).toBe('HIT');
  expect(await again.text()).not.toContain(`${title}</h1>`);

  // Closed: no longer live, the page is gone at once and the sitemap drops it.
  expect((await request.post(`/api/v1.0/jobs/${id}/close`, { headers: auth })).status()).toBe(200);
  expect((await page.goto(`/jobs/${id}`))?.status()).toBe(404);
  expect((await request.get(`/jobs/${id}`)).status()).toBe(404);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/jobs/${id}</loc>`);
});

test("a visit to the cached page still counts in the job's statistics (the view pixel)", async ({ page, request }) => {
  const auth = { authorization: `Bearer ${await companyToken(request)}` };
  const id = await paidJob(request, auth, `Counted Reefer Driver ${Date.now()}`);
  const views = async () => ((await (await request.get(`/api/v1.0/jobs/${id}/statistics`, { headers: auth })).json()).data as Record<string, number>).views;
  const before = await views();
  const pixel = page.waitForResponse((r) => r.url().includes(`/api/job-views/${id}`));
  await page.goto(`/jobs/${id}`);
  expect((await pixel).status()).toBe(200);
  await expect.poll(views).toBe(before + 1);
});
