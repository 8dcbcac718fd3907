import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs, skipTermsDialog } from './support';

/**
 * The employer's review of applicants and matched candidates (issue 10): the demo driver, home in
 * Dallas, is first a matched candidate of the Dallas dry-van job, then applies; the employer sees
 * the applicant at the right distance, tags them, filters by experience, moves them to Interview,
 * exports the filtered list as CSV.
 */
const JOB_TITLE = 'CDL-A OTR Dry Van Driver';

async function send(request: APIRequestContext, baseURL: string, method: 'PATCH' | 'POST', path: string, data: unknown) {
  const res = await request.fetch(`/api/v1.0${path}`, { method, data, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

async function jobId(page: Page) {
  const res = await page.request.get(`/api/v1.0/jobs?query=${encodeURIComponent(JOB_TITLE)}`);
  const body = await res.json();
  return (body.data as { id: number; title: string }[]).find((j) => j.title === JOB_TITLE)!.id;
}

test('candidates, then applicants: distance, tag, experience filter, Interview, CSV', async ({ browser, baseURL }) => {
  const driverContext = await browser.newContext();
  await skipTermsDialog(driverContext, baseURL!);
  const driver = await driverContext.newPage();
  await signInAs(driver, 'driver@demo.test');
  await send(driver.request, baseURL!, 'PATCH', '/members/me', {
    cdl_status: 'A',
    years_of_experience: 6,
    experience: 'Y2',
    work_experiences: ['dry_van'],
    home_time: 'HW',
    zip_code: '75201',
    travel_distance: 100,
  });

  const employerContext = await browser.newContext();
  await skipTermsDialog(employerContext, baseURL!);
  const page = await employerContext.newPage();
  await signInAs(page, 'employer@demo.test');
  const id = await jobId(page);

  // Candidates screen (jobs spec §2), word for word.
  await page.goto(`/company/jobs/${id}/candidates`);
  await expect(page.getByRole('heading', { name: 'Match %' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jobs', exact: true })).toHaveAttribute('href', `/company/jobs/${id}/detail`);
  const card = page.getByTestId('candidate-card').first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('candidates-total')).toHaveText(
    /^We have found \d+ candidates that are a great match for your job opportunity\. Don't miss the chance to connect them directly\.$/,
  );
  await expect(card.getByText('CDL License')).toBeVisible();
  await expect(card.getByText('Experience', { exact: true })).toBeVisible();
  await card.getByText('Why this match').click();
  await expect(card.getByTestId('match-factors').getByRole('listitem')).toHaveCount(6);
  await expect(card.getByText('Distance from home')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase' })).toBeDisabled();
  // Cancel goes to /cancel (spec §2), which sends the employer back to this job.
  const cancel = page.getByRole('link', { name: 'Cancel' });
  await expect(cancel).toHaveAttribute('href', /^\/cancel\?job=\d+$/);
  const back = await page.request.get((await cancel.getAttribute('href'))!, { maxRedirects: 0 });
  expect(back.status()).toBe(303);
  expect(back.headers().location).toMatch(/\/company\/jobs\/\d+\/detail$/);
  await page.screenshot({ path: 'test-results/candidates.png', fullPage: true });

  // The driver applies.
  await send(driver.request, baseURL!, 'POST', `/jobs/${id}/apply`, { message: 'Ready to start Monday.' });

  // Applicants, from job detail.
  await page.goto(`/company/jobs/${id}/detail`);
  // The detail's small links are at least 24 × 24 px to a finger (WCAG 2.2 target size).
  for (const link of [page.getByTestId('applicants-link'), page.getByRole('link', { name: 'Edit addresses' })]) {
    const box = (await link.boundingBox())!;
    expect([box.width, box.height].map((n) => n >= 24)).toEqual([true, true]);
  }
  await page.getByTestId('stat-applicants').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/company/jobs/${id}/applicants$`));
  const row = page.getByTestId('applicant-row').filter({ hasText: 'Dan Driver' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('applicant-distance')).toHaveText('Less than 10 miles');
  await expect(row.getByRole('button', { name: /^\d+% match: why, for Dan Driver$/ })).toBeVisible();

  // Tag.
  await row.getByRole('button', { name: 'Add a tag to Dan Driver' }).click();
  await row.getByLabel('New tag for Dan Driver').fill('Call back');
  await row.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(row.getByTestId('tag-chips')).toContainText('Call back');

  // Filter by experience: more than 5 years keeps Dan, more than 10 leaves nobody.
  await page.getByRole('button', { name: '+ Add filter' }).click();
  await expect(page.getByLabel('Filter 2 field')).toHaveValue('years_of_experience');
  await page.getByLabel('Filter 2 operator').selectOption('greater_than');
  await page.getByLabel('Filter 2 value').fill('10');
  await expect(page.getByText('No applicants match these filters')).toBeVisible();
  await page.getByLabel('Filter 2 value').fill('5');
  await expect(row).toBeVisible();

  // Stage: Interview, with its date in the slide-over's history.
  await row.getByLabel('Stage of Dan Driver').selectOption('interview');
  await expect(row.getByLabel('Stage of Dan Driver')).toHaveValue('interview');
  await row.getByRole('button', { name: 'Dan Driver', exact: true }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByTestId('stage-history')).toContainText('Interview');
  // The applicant's match with the job, factor by factor, with why.
  const match = panel.getByRole('region', { name: 'Match with this job' });
  await expect(match.getByText(/^Job needs Class [AB]; profile: /)).toBeVisible();
  await panel.getByLabel('New note').fill('Strong on hazmat routes.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByTestId('notes')).toContainText('Strong on hazmat routes.');
  await page.screenshot({ path: 'test-results/applicant-panel.png', fullPage: true });
  await page.keyboard.press('Escape');
  // Closed, the focus is back on the name that opened it, not at the top of the page.
  await expect(panel).toBeHidden();
  await expect(row.getByRole('button', { name: 'Dan Driver', exact: true })).toBeFocused();

  // CSV of the filtered list.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('First name,Last name,Email');
  expect(csv).toMatch(/Dan,Driver,driver@demo\.test/);
  expect(csv).toContain('Interview');
  expect(csv).toContain('Less than 10 miles');
  expect(csv).toContain('Call back');
  await page.screenshot({ path: 'test-results/applicants.png', fullPage: true });

  await driverContext.close();
  await employerContext.close();
});
