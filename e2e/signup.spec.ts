import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Sign-up with company creation and the driver-to-company fast login, in the browser, on a fresh
 * seeded database. The sign-up uses a new email each run; the fast login uses the seeded driver.
 */

// A 120×40 PNG logo, which the logo step scales in the browser and uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAYAAAA16j4lAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA2UlEQVR4nO2VwREDMRDCrhPKou3tKKkiA1z00N+DLPuR7wP32g2e9AHgEMwlOArmEhxPtP7wS+APdl4CgguG0igU7LwEBBcMpVEo2HkJCC4YSqNQsPMSEFwwlEahYOclILhgKI1Cwc5LQHDBUBqFgp2XgOCCoTQKBTsvAcEFQ2kUCnZeAoILhtIoFOy8BAQXDKVRKNh5CQguGEqjULDzEhBcMJRGoWDnJSC4YCiNQsHOS0BwwVAahYKdl4DggqE0CgU7LwHBBUNpFAp2XgKCC4bSKBTsvIRf8gWp4ZA3ho89GgAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: baseURL! }]);
});

const fresh = () => `owner.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@fleet.test`;

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('First name').fill('Maria');
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Phone').pressSequentially('12145550188');
  await expect(page.getByLabel('Phone')).toHaveValue('(214)555-0188');
  await page.getByLabel('Password', { exact: true }).fill('Haul1234!');
  await page.getByLabel('Confirm password', { exact: true }).fill('Haul1234!');
  await page.getByLabel(/I accept to receive emails and SMS/).check();
}

test('sign-up, company info, company address, then the job list', async ({ page }) => {
  const email = fresh();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Confirm email')).toHaveCount(0);

  // Email first: a bad address is refused before any call.
  await page.getByLabel('Work email').fill('not-an-email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Needs to be a valid email.')).toBeVisible();

  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Confirm email')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer Terms of Service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to an existing account' })).toHaveAttribute('href', '/login');

  // The spec's messages for mismatches.
  await page.getByLabel('Confirm email').fill('other@fleet.test');
  await page.getByLabel('Password', { exact: true }).fill('Haul1234!');
  await page.getByLabel('Confirm password', { exact: true }).fill('Haul1234?');
  await page.getByRole('button', { name: "Let's Go" }).click();
  await expect(page.getByText('Emails must match')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page.getByText('You must enter your name').first()).toBeVisible();

  await fillDetails(page, email);
  await page.getByRole('button', { name: "Let's Go" }).click();

  // Background login, then the first company step.
  await expect(page).toHaveURL(/\/company-info$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your company name')).toBeVisible();
  await expect(page.getByText('Select the size of your company')).toBeVisible();
  await page.getByLabel('Company name').fill('Lone Star Haulers');
  await page.getByText('11-20').click();
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Company logo preview')).toBeVisible();

  // The step survives a reload.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/company-address$/);
  await page.reload();
  await expect(page.getByText('Lone Star Haulers')).toBeVisible();

  // The address field: non-US input is refused, then a ZIP code is chosen with the keyboard.
  const address = page.getByRole('combobox', { name: 'Company address' });
  await address.fill('Toronto, ON');
  await expect(page.getByText('Addresses should be from the US').first()).toBeVisible();
  await address.fill('75201');
  await expect(page.getByRole('option', { name: /Dallas/ })).toBeVisible();
  await address.press('ArrowDown');
  await expect(address).toHaveAttribute('aria-activedescendant', /option-0/);
  await address.press('Enter');
  await expect(address).toHaveValue('Dallas, TX 75201, USA');
  await expect(page.getByTestId('chosen-place')).toContainText('Dallas, Texas 75201');
  await page.getByLabel('Suite, unit or floor (optional)').fill('Suite 200');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company address' })).toHaveValue('Dallas, TX 75201, USA');

  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/company\/jobs$/, { timeout: 45_000 });
  expect(await page.evaluate(() => ['signup', 'companyInfo', 'companyAddress', 'imageData'].map((k) => localStorage.getItem(k)))).toEqual([null, null, null, null]);

  // The company exists with its logo; going back to the steps lands on the jobs again.
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  const company = await page.evaluate(async (id) => (await fetch(`/api/v1.0/companies/${id}`)).json(), session.user.companyId);
  expect(company.data).toMatchObject({ company_name: 'Lone Star Haulers', size: '11-20', city: 'Dallas', state: 'TX', postal_code: '75201', street2: 'Suite 200' });
  expect(company.data.logo).toMatch(/\/logo\?v=/);
  await page.goto('/company-info');
  await expect(page).toHaveURL(/\/company\/jobs$/);
});

test("the employer sign-up's driver link makes a driver account", async ({ page }) => {
  const email = fresh().replace(/^owner\./, 'driver.');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // The email field has the focus and loses it to the link: a client navigation to the other role.
  await page.getByLabel('Work email').click();
  await page.getByRole('link', { name: 'create a driver account' }).click();
  await expect(page).toHaveURL(/\/signup\?role=driver$/);
  await expect(page.getByRole('heading', { name: 'Create your driver account' })).toBeVisible();
  // A fresh form, as on a fresh load: nothing typed, nothing to complain about yet.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
  await expect(page.getByText("This is required — you'll need to enter an email.")).toHaveCount(0);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillDetails(page, email);
  const signup = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1.0/auth/signup');
  await page.getByRole('button', { name: "Let's Go" }).click();
  expect((await signup).postDataJSON()).toMatchObject({ email, role: 'member' });

  // The drivers' area, not a refusal nor the company steps.
  await expect(page).toHaveURL(/\/members\/home$/, { timeout: 20_000 });
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect(session.user).toMatchObject({ email, roles: ['Driver'] });
});

test('an existing employer email goes to login', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Work email').fill('employer@demo.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\?email=employer%40demo\.test$/);
  await expect(page.getByLabel('Email')).toHaveValue('employer@demo.test');
});

test('the landing-page link prefills and reveals the form', async ({ page }) => {
  await page.goto('/signup?fromLanding=true&email=landing%40fleet.test&firstName=Ana&lastName=Diaz&phone=2145550100');
  await expect(page.getByLabel('Confirm email')).toHaveValue('landing@fleet.test');
  await expect(page.getByLabel('First name')).toHaveValue('Ana');
  await expect(page.getByLabel('Phone')).toHaveValue('(214)555-0100');
  await expect(page.getByRole('button', { name: "Let's Go" })).toBeVisible();
});

test('a driver creates a company through fast login', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Work email').fill('driver@demo.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/fast-login\?email=driver%40demo\.test$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('fast-login-email')).toHaveText('driver@demo.test');
  await expect(page.getByText('This email is already registered as a driver, enter your password to create a company')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to your driver account' })).toHaveAttribute('href', '/login');

  await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/company-info$/, { timeout: 20_000 });
  await expect(page.getByLabel('Company name')).toBeVisible();
});
