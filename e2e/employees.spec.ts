import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { PASSWORD, signInAs, skipTermsDialog } from './support';

/**
 * The employees panel (issue 12): a company admin adds an employee who then signs in, deactivates
 * them (their open session ends at once), and mails another employee a reset code. A company user
 * sees the list without the controls.
 */

const EMPLOYEE_PASSWORD = 'Haul1234!';
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
const uniqueEmail = (tag: string) => `e2e.${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@demo-freight.test`;

async function tokenOf(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/api/v1.0/auth/login', { data: { email, password }, headers: { 'x-forwarded-for': randomIp() } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as { accessToken: string; companyId: number };
}

async function freshContext(browser: Browser) {
  const context = await browser.newContext();
  await skipTermsDialog(context, test.info().project.use.baseURL!);
  return context;
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
});

test('a company admin adds an employee who signs in, then deactivates them and their open session ends', async ({ page, browser, request }) => {
  const email = uniqueEmail('hire');
  await signInAs(page, 'companyadmin@demo.test');
  await page.goto('/company/settings/employees');
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
  await expect(page.getByTestId('employee-row').filter({ hasText: 'employer@demo.test' })).toBeVisible();

  await page.getByRole('button', { name: 'Add employee' }).click();
  const slider = page.getByRole('dialog', { name: 'Add employee' });
  await slider.getByLabel('First name').fill('Hannah');
  await slider.getByLabel('Last name').fill('Hauler');
  await slider.getByLabel('Email').fill(email);
  await slider.getByLabel('Password', { exact: true }).fill('short');
  await slider.getByLabel('Phone').fill('2145550177');
  await slider.getByRole('button', { name: 'Add employee' }).click();
  // The sign-up rules, from the server, under the field; nothing is added.
  await expect(slider.getByText('Password is too short - It should be at least 8 characters.')).toBeVisible();
  await slider.getByLabel('Password', { exact: true }).fill(EMPLOYEE_PASSWORD);
  await slider.getByRole('button', { name: 'Add employee' }).click();
  await expect(page.getByText('Hannah Hauler can now sign in.')).toBeVisible();
  const row = page.getByTestId('employee-row').filter({ hasText: email });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Company user');

  // The employee signs in in their own browser.
  const theirs = await freshContext(browser);
  const employee = await theirs.newPage();
  await signInAs(employee, email, EMPLOYEE_PASSWORD);
  await expect(employee).toHaveURL(/\/company\/jobs/);

  // Deactivate: a confirmation first, then the row says Inactive.
  await row.getByRole('button', { name: 'Deactivate Hannah Hauler' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate this employee?' });
  await expect(confirm).toContainText('signed out everywhere at once');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive');

  // Their open session is over: the next page they open sends them to sign in, and sign-in is refused.
  await employee.goto('/company/settings/account-settings');
  await expect(employee).toHaveURL(/\/login/);
  const refused = await request.post('/api/v1.0/auth/login', { data: { email, password: EMPLOYEE_PASSWORD }, headers: { 'x-forwarded-for': randomIp() } });
  expect(refused.status()).toBe(401);
  await theirs.close();

  // Reactivate brings them back.
  await row.getByRole('button', { name: 'Reactivate Hannah Hauler' }).click();
  await page.getByRole('dialog', { name: 'Reactivate this employee?' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(row).toContainText('Active');
  expect((await request.post('/api/v1.0/auth/login', { data: { email, password: EMPLOYEE_PASSWORD }, headers: { 'x-forwarded-for': randomIp() } })).status()).toBe(200);
});

test('a company admin mails another employee a reset code; nobody sees the code but the employee', async ({ page, request }) => {
  const admin = await tokenOf(request, 'companyadmin@demo.test');
  const email = uniqueEmail('reset');
  const added = await request.post(`/api/v1.0/companies/${admin.companyId}/employers`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: { first_name: 'Rosa', last_name: 'Reset', email, password: EMPLOYEE_PASSWORD, phone: '(214)555-0178' },
  });
  expect(added.status(), await added.text()).toBe(201);

  await signInAs(page, 'companyadmin@demo.test');
  await page.goto('/company/settings/employees');
  const row = page.getByTestId('employee-row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Reset password of Rosa Reset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a password reset code?' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We have sent ${email} a code to set a new password.`)).toBeVisible();

  // The mail is queued for the employee; the outbox's reader (a super admin) sees it with the code hidden.
  const superAdmin = await tokenOf(request, 'superadmin@demo.test');
  const outbox = await request.get(`/api/v1.0/admin/outbox?to=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${superAdmin.accessToken}` } });
  const mail = ((await outbox.json()).data as { kind: string; text: string }[]).find((m) => m.kind === 'employee_password_reset');
  expect(mail?.text).toContain('Demo Freight Lines');
  expect(mail?.text).toContain('••••••');
  expect(mail?.text).not.toMatch(/\b\d{6}\b/);
});

test('a company user sees the employees read-only', async ({ page }) => {
  await signInAs(page, 'employer@demo.test');
  await page.goto('/company/settings/employees');
  await expect(page.getByTestId('employee-row').filter({ hasText: 'companyadmin@demo.test' })).toContainText('Company admin');
  await expect(page.getByText('A company admin adds and changes employees.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add employee' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
});
