import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs, skipTermsDialog } from './support';

/**
 * Feature flags by query parameter, kept for the browser session, rendered on the server; and the
 * alternate layout (newLayout) whose header search, filter and sort drive the job list.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
});

/** The visible rows (table on wide screens, cards on phones). */
const rows = (page: Page) => page.locator('[data-testid="job-row"]:visible');
/** Each visible row's title: its first link. */
const titles = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.querySelector('a')?.textContent?.trim() ?? ''));

test('the alternate layout: on by ?newLayout=true, kept for the session, off again by ?newLayout=false', async ({ page }) => {
  await signInAs(page, 'employer@demo.test');

  // Server-rendered: the very first HTML already has the new header, no side nav (no flash).
  const html = await (await page.request.get('/company/jobs?newLayout=true')).text();
  expect(html).toContain('Powered by AI');
  expect(html).not.toContain('id="side-nav"');

  await page.goto('/company/jobs?newLayout=true');
  await expect(page.getByText('Powered by AI')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Company navigation' });
  await expect(nav.getByRole('link', { name: 'Create New Job' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Posted Jobs' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#side-nav')).toHaveCount(0);

  // Kept without the parameter, on another page too.
  await nav.getByRole('link', { name: 'Create New Job' }).click();
  await expect(page).toHaveURL(/\/company\/jobs\/new/);
  await expect(page.getByText('Powered by AI')).toBeVisible();
  await page.goto('/company/jobs');
  await expect(page.getByText('Powered by AI')).toBeVisible();

  await page.goto('/company/jobs?newLayout=false');
  await expect(page.locator('#side-nav')).toBeVisible();
  await expect(page.getByText('Powered by AI')).toHaveCount(0);
  await page.goto('/company/jobs');
  await expect(page.locator('#side-nav')).toBeVisible();
});

test("the header's search, filter and sort drive the job list as the classic controls do", async ({ page }) => {
  await signInAs(page, 'employer@demo.test');
  await page.goto('/company/jobs?newLayout=true');
  await expect(rows(page).first()).toBeVisible();
  const all = await rows(page).count();
  expect(all).toBeGreaterThan(1);
  // One search box: the list's own toolbar gives way to the header's.
  await expect(page.getByRole('searchbox', { name: 'Search by job' })).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search by job' }).fill('Flatbed');
  await expect(rows(page)).toHaveCount(1);
  expect((await titles(page))[0]).toMatch(/Flatbed/);
  await expect(page).toHaveURL(/q=Flatbed/);

  await page.getByRole('searchbox', { name: 'Search by job' }).fill('');
  await expect(rows(page)).toHaveCount(all);

  await page.getByRole('button', { name: /^Sort jobs/ }).click();
  await page.getByRole('menuitemradio', { name: 'Title A–Z' }).click();
  await expect(page).toHaveURL(/sort=title%3Aasc|sort=title:asc/);
  await expect.poll(async () => {
    const t = await titles(page);
    return t.length > 1 && t.every((title, i) => i === 0 || t[i - 1].localeCompare(title) <= 0);
  }).toBe(true);

  await page.getByRole('button', { name: /^Filter by status/ }).click();
  await page.getByRole('menuitemradio', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/status=Cancelled/);
  await expect(page.getByRole('button', { name: /^Filter by status \(now: Cancelled\)/ })).toBeVisible();

  // From another page, Enter in the header search opens the list with the search.
  await page.goto('/company/jobs/new');
  await page.getByRole('searchbox', { name: 'Search by job' }).fill('Tanker');
  await page.getByRole('searchbox', { name: 'Search by job' }).press('Enter');
  await expect(page).toHaveURL(/\/company\/jobs\?.*q=Tanker/);
  await expect(page.getByRole('searchbox', { name: 'Search by job' })).toHaveValue('Tanker');
});

test('the alternate layout fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'employer@demo.test');
  await page.goto('/company/jobs?newLayout=true');
  await expect(page.getByRole('searchbox', { name: 'Search by job' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/alt-layout-phone.png', fullPage: false });
});
