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
