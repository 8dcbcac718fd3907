import { expect, test } from './fixtures';
import { signInAs, skipTermsDialog } from './support';

/**
 * Issue 11 "Done means": an admin searches companies, expands one, creates a company, impersonates
 * one of its users, edits a job as that user, sees the countdown, renews, leaves, and finds the
 * actions in the audit log; an admin cancels a driver's HealthRX subscription with reason 'Other'.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
});

test('company list, create company, impersonation with countdown, renew, leave, audit log', async ({ page, baseURL }) => {
  await page.clock.install();
  await signInAs(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/admin\/company-list/);
  await expect(page.getByRole('heading', { name: 'Company List' })).toBeVisible();

  // Search and expand.
  await page.getByLabel('Value').fill('Demo Freight');
  const row = page.getByTestId('company-row').filter({ hasText: 'Demo Freight Lines' });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('company-row')).toHaveCount(1);
  await row.getByRole('button', { name: 'Expand Demo Freight Lines' }).click();
  await expect(page.getByText('Users of Demo Freight Lines')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Impersonate Emma Recruiter' })).toBeVisible();

  // Create a company.
  await page.getByRole('button', { name: 'Create company' }).click();
  const form = page.getByRole('dialog', { name: 'Create company' });
  await form.getByLabel('Company name').fill('E2E Haulers');
  await form.getByLabel('Billing email').fill('employer@demo.test');
  await form.getByLabel('Billing type', { exact: true }).selectOption({ label: 'Invoice' });
  await form.getByLabel('Type', { exact: true }).selectOption({ label: 'Enterprise' });
  await form.getByRole('button', { name: 'Create company' }).click();
  await expect(form.getByText('The entered email is already active as an employer in TNA')).toBeVisible();
  await form.getByLabel('Billing email').fill('billing@e2e-haulers.test');
  await form.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText('E2E Haulers created')).toBeVisible();
  await page.getByLabel('Value').fill('E2E Haulers');
  const created = page.getByTestId('company-row').filter({ hasText: 'E2E Haulers' });
  await expect(created).toContainText('Enterprise');
  await expect(created).toContainText('Invoice');

  // Impersonate Demo Freight's company user (its row is still expanded).
  await page.getByLabel('Value').fill('Demo Freight');
  await expect(page.getByRole('button', { name: 'Collapse Demo Freight Lines' })).toBeVisible();
  await page.getByRole('button', { name: 'Impersonate Emma Recruiter' }).click();
  await page.waitForURL(/\/company\/jobs/);
  const bar = page.getByRole('region', { name: 'Impersonation' });
  await expect(bar).toContainText('Adam Admin is acting as Emma Recruiter of Demo Freight Lines');
  await expect(page.getByTestId('session-countdown')).toHaveText(/^(10:00|09:5\d)$/);

  // Edit a job as that user: one made for this test, so no other spec's demo job is renamed.
  const made = await page.request.post('/api/v1.0/jobs', {
    headers: { origin: baseURL! },
    data: {
      title: 'Regional CDL-A Driver',
      job_type: 'dry_van',
      home_time: 'HW',
      required_experience: 'Y1',
      job_description: { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Regional lanes.', format: 0 }] }] } },
      expected_pay: 1500,
      salary_type: 'weekly',
      addresses: [{ street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const jobId = (await made.json()).data.jobs[0].id as number;
  await page.goto(`/company/jobs/${jobId}/job-content`);
  // The editor mounts after hydration: from then on typing is not lost to it (as in jobs.spec.ts; a
  // CI run typed into the server's HTML before the form took it over and saved the old title).
  await expect(page.getByRole('textbox', { name: 'Job description' })).toBeVisible();
  await page.getByLabel('Job title').fill('Regional CDL-A Driver (edited by support)');
  await expect(page.getByLabel('Job title')).toHaveValue('Regional CDL-A Driver (edited by support)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForURL(new RegExp(`/company/jobs/${jobId}/detail`));
  await expect(page.getByText('Regional CDL-A Driver (edited by support)').first()).toBeVisible();

  // The countdown reaches zero: the dialog offers Renew and Leave.
  await page.clock.fastForward('10:05');
  const expired = page.getByRole('dialog', { name: 'Session has expired.' });
  await expect(expired).toBeVisible();
  await expired.getByRole('button', { name: 'Renew' }).click();
  await expect(expired).toBeHidden();
  await expect(page.getByTestId('session-countdown')).toHaveText(/^(10:00|09:5\d)$/);

  // Log out while acting as the user offers the way back too (Log out there would end the admin's session as well).
  await page.locator('#side-nav').getByRole('button', { name: 'Log out' }).click();
  const logout = page.getByRole('dialog', { name: 'Are you sure you want to Logout?' });
  await expect(logout).toContainText('You are acting as a company user. Log out signs you out of your admin account too');
  await expect(logout.getByRole('button', { name: 'Back to Admin Portal' })).toBeVisible();
  await logout.getByRole('button', { name: 'Cancel' }).click();
  await expect(logout).toBeHidden();

  // Leave: back to the Admin Portal as the admin.
  await bar.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(/\/admin\/company-list/);
  await expect(page.getByRole('heading', { name: 'Company List' })).toBeVisible();

  // The audit log names the admin behind each action.
  await page.goto('/admin/audit-log?impersonated=1');
  const line = page.getByTestId('audit-line').filter({ hasText: `PATCH /api/v1.0/jobs/${jobId}` });
  await expect(line.first()).toContainText('Adam Admin as Emma Recruiter');
  await page.goto('/admin/audit-log');
  await expect(page.getByTestId('audit-line').filter({ hasText: 'Impersonation renewed' }).first()).toContainText('Adam Admin');
  await expect(page.getByTestId('audit-line').filter({ hasText: 'Impersonation ended' }).first()).toBeVisible();
});

test('an impersonating admin opening the Admin Portal gets their own session back', async ({ page }) => {
  await signInAs(page, 'superadmin@demo.test');
  await page.goto('/company/jobs');
  await page.getByRole('button', { name: 'Impersonate a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please select' });
  await expect(dialog).toContainText('Select the company and user you want to impersonate');
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Demo Freight');
  await dialog.getByRole('option', { name: /Demo Freight Lines/ }).click();
  await dialog.getByLabel('User').selectOption({ label: 'Carl Owner · companyadmin@demo.test' });
  await dialog.getByRole('button', { name: 'Impersonate' }).click();
  await page.waitForURL(/\/company\/jobs/);
  await expect(page.getByRole('region', { name: 'Impersonation' })).toContainText('acting as Carl Owner');
  await page.goto('/admin/user-management/admins');
  await expect(page).toHaveURL(/\/admin\/user-management\/admins/);
  await expect(page.getByRole('heading', { name: 'Admins' })).toBeVisible();
  await page.goto('/company/jobs');
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Impersonate a user' })).toBeVisible();
});

test("an admin cancels a driver's HealthRX subscription with reason Other", async ({ page }) => {
  await signInAs(page, 'admin@demo.test');
  await page.goto('/admin/user-management/drivers');
  await expect(page.getByRole('heading', { name: 'Driver List' })).toBeVisible();
  await expect(page.getByText('Manage drivers subscriptions.')).toBeVisible();
  const dan = page.getByTestId('driver-row').filter({ hasText: 'Dan Driver' });
  await expect(dan).toContainText('cus_demo_dan');
  await dan.getByRole('button', { name: 'View subscriptions of Dan Driver' }).click();
  const panel = page.getByRole('dialog', { name: 'Subscription List' });
  const healthRx = panel.getByTestId('subscription-row').filter({ hasText: 'HealthRX' });
  await expect(healthRx).toContainText('Individual');
  await expect(panel.getByTestId('subscription-row').filter({ hasText: 'Roadside Assistance' })).toContainText('Pre subscribed');
  await healthRx.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('dialog', { name: 'Unsubscribe from HealthRX?' }).getByRole('button', { name: 'Confirm' }).click();
  const reason = page.getByRole('dialog', { name: 'Why is the driver unsubscribing?' });
  await reason.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reason.getByRole('alert')).toHaveText('Choose a reason.');
  await reason.getByLabel('Other').check();
  await reason.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reason.getByRole('alert')).toHaveText('Tell us the reason.');
  await reason.getByLabel('Reason', { exact: true }).fill('Moving to a plan from my new carrier. ' + 'x'.repeat(300));
  await expect(reason.getByText('250/250')).toBeVisible();
  await reason.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Subscription cancelled')).toBeVisible();
  await expect(panel).toBeHidden();

  await dan.getByRole('button', { name: 'View subscriptions of Dan Driver' }).click();
  const row = page.getByRole('dialog', { name: 'Subscription List' }).getByTestId('subscription-row').filter({ hasText: 'HealthRX' });
  await expect(row).toContainText('Moving to a plan from my new carrier.');
  await expect(row).toContainText(new Date().toLocaleDateString('en-US', { timeZone: 'America/New_York', month: '2-digit', day: '2-digit', year: 'numeric' }));
  await expect(row.getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
});

test('a list page past its last page says so and leads back; an offset of 1.5 reads as the nearest page', async ({ page }) => {
  await signInAs(page, 'admin@demo.test');
  await page.goto('/admin/audit-log?offset=1000');
  await expect(page.getByText('No entries on this page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the first page' }).click();
  await expect(page).toHaveURL(/offset=0/);
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/admin/user-management/applicants?offset=1000');
  await expect(page.getByText('No applicants on this page')).toBeVisible();
  expect((await page.request.get('/admin/audit-log?offset=1.5')).status()).toBe(200);
});
