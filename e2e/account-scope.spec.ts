import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs, skipTermsDialog } from './support';

/**
 * Issue 9, items 12 to 14 in Chromium: what the browser keeps belongs to one account (a job draft
 * is never shown to the next account on the same computer), the nav shows only what the role can
 * open, and staff choose the company in settings and when posting a job.
 */

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
});

const nav = (page: Page) => page.locator('#side-nav');

/** Every key the app keeps for a job draft in this browser. */
const draftKeys = (page: Page) => page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('tna.jobs.draft')));

async function startDraft(page: Page, title: string) {
  await page.goto('/company/jobs/new');
  await page.getByLabel('Job title').fill(title);
  await expect.poll(() => draftKeys(page)).toHaveLength(1);
}

async function logOut(page: Page) {
  await nav(page).getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Are you sure you want to Logout?' }).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
}

async function pickCompany(page: Page, search: string, name: RegExp) {
  const picker = page.getByRole('combobox', { name: 'Company', exact: true });
  await picker.fill(search);
  await page.getByRole('option', { name }).click();
  await expect(picker).toHaveValue(name);
}

test('item 12: a job draft is gone after logout, and the next account starts with an empty wizard', async ({ page }) => {
  await signInAs(page, 'companyadmin@demo.test');
  await startDraft(page, 'Carl draft: secret lane to Tulsa');
  await logOut(page);
  expect(await draftKeys(page)).toEqual([]);

  await signInAs(page, 'employer@demo.test');
  await page.goto('/company/jobs/new');
  await expect(page.getByLabel('Job title')).toHaveValue('');
  await expect(page.getByText('Your draft was kept on this device')).toHaveCount(0);
});

test('item 12: without a logout (the session just ended), another account still never sees the draft', async ({ page, context, baseURL }) => {
  await signInAs(page, 'companyadmin@demo.test');
  await startDraft(page, 'Carl draft: left behind');
  await context.clearCookies();
  await skipTermsDialog(context, baseURL!);

  await signInAs(page, 'internal@demo.test');
  await page.goto('/company/jobs/new');
  await pickCompany(page, 'Demo', /Demo Freight Lines/);
  await expect(page.getByLabel('Job title')).toHaveValue('');
  await expect(page.getByText('Carl draft')).toHaveCount(0);
  // What the other account left on this computer is removed once this one is signed in.
  const keptText = () => page.evaluate(() => Object.keys(window.localStorage).map((k) => window.localStorage.getItem(k)).join('\n'));
  await expect.poll(keptText).not.toContain('Carl draft');
});

test('item 13: an internal user sees no Settings link it cannot open; company users do', async ({ page }) => {
  await signInAs(page, 'internal@demo.test');
  await page.goto('/company/jobs');
  await expect(nav(page).getByRole('link', { name: 'Posted Jobs' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await logOut(page);

  await signInAs(page, 'employer@demo.test');
  await expect(nav(page).getByRole('link', { name: 'Settings' })).toBeVisible();
});

test('item 13: an admin chooses the company in company settings and edits it', async ({ page }) => {
  await signInAs(page, 'admin@demo.test');
  await page.goto('/company/settings/company-settings');
  await expect(page.getByText('Company not found.')).toHaveCount(0);
  await expect(page.getByText('Choose a company')).toBeVisible();
  await pickCompany(page, 'freight', /Demo Freight Lines/);
  await page.waitForURL(/company=\d+/);
  await expect(page.getByLabel('Company name')).toHaveValue('Demo Freight Lines');
  // Billing and payment are a company's own users' tabs.
  const tabs = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(tabs.getByRole('link', { name: 'Company settings' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Payment' })).toHaveCount(0);
  // The next tab opens on the same company.
  await tabs.getByRole('link', { name: 'Address settings' }).click();
  await page.waitForURL(/address-settings\?company=\d+/);
  await expect(page.getByRole('combobox', { name: 'Company address' })).toHaveValue(/Dallas, TX 75201, USA$/);
  await page.screenshot({ path: test.info().outputPath('admin-company-settings.png'), fullPage: true });
});

test('item 14: an internal user posts a job for the company it picks', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Staff posted job ${Date.now()}`;
  await signInAs(page, 'internal@demo.test');
  await page.goto('/company/jobs/new');
  await expect(page.getByText('Choose the company first')).toBeVisible();
  await expect(page.getByLabel('Job title')).toHaveCount(0);
  await pickCompany(page, 'Demo', /Demo Freight Lines/);

  await page.getByLabel('Job title').fill(title);
  await page.getByLabel('Job type').selectOption({ label: 'Dry van' });
  await page.getByLabel('Home time').selectOption({ label: 'Home weekly' });
  await page.getByLabel('Required experience').selectOption({ label: '1-2 years' });
  await page.getByRole('textbox', { name: 'Job description' }).click();
  await page.keyboard.type('Regional lanes, posted by our staff.');
  await page.getByLabel('Expected pay').fill('1400');
  await page.screenshot({ path: test.info().outputPath('staff-new-job.png'), fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL('**/company/jobs/new/targeting-address');
  const address = page.getByRole('combobox', { name: 'Address 1' });
  await address.fill('Dallas, TX');
  await page.getByRole('option', { name: /^Dallas/ }).first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/company/jobs/new/addons');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/company\/jobs\/new\/payment-method\?job_id=\d+/);
  const jobId = Number(new URL(page.url()).searchParams.get('job_id'));

  const job = (await (await page.request.get(`/api/v1.0/jobs/${jobId}`)).json()).data;
  const demo = (await (await page.request.get('/api/v1.0/companies?search=Demo%20Freight')).json()).data[0];
  expect(job.title).toBe(title);
  expect(job.company_id).toBe(demo.id);
});
