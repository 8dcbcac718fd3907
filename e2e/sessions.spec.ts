import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Ended sessions end everywhere (issue 9, item 8): a logout, a password change or an account
 * deletion in one browser, and the other browser's next page load lands on /login with the
 * expired-session warning, never on the old page, never in a redirect loop, never on an error page.
 */

const PASSWORD = 'Start1234!';
const EXPIRED = 'Your session has expired. Please sign in again.';
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

async function signUp(request: APIRequestContext, role: 'member' | 'employer') {
  const email = `e2e.s.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
  const res = await request.post('/api/v1.0/auth/signup', {
    data: { email, password: PASSWORD, first_name: 'Sam', last_name: 'Session', phone: '(214)555-0142', role, tn_newsletters: false },
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return email;
}

/** An employer with a company of their own, so /company/jobs is their landing page. */
async function signUpEmployerWithCompany(request: APIRequestContext) {
  const email = await signUp(request, 'employer');
  const login = await request.post('/api/v1.0/auth/login', { data: { email, password: PASSWORD }, headers: { 'x-forwarded-for': randomIp() } });
  const token = (await login.json()).data.accessToken as string;
  const company = await request.post('/api/v1.0/companies', {
    data: { company_name: 'Session Freight', size: '1-5', city: 'Dallas', state: 'TX', postal_code: '75201' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(company.status(), await company.text()).toBeLessThan(300);
  return email;
}

async function browserFor(browser: Browser, email: string, landing: RegExp) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(landing);
  return { context, page };
}

async function deleteAccountFrom(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' }).getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL('**/deleted-members');
}

/** The other browser's next page load: /login with the warning, and it stays there. */
async function expectSentToLogin(page: Page, path: string) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(path);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  expect(response?.status()).toBeLessThan(500);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  // The page settles on /login: no bounce back to the portal.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByText(/Minified React error|Application error/)).toHaveCount(0);
  expect(errors).toEqual([]);
  // The dead cookie is gone: the portal now simply asks to sign in.
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
}

test('a logout in one browser ends the session of the same sign-in in the other', async ({ browser, request }) => {
  const email = await signUp(request, 'member');
  const one = await browserFor(browser, email, /\/members\/home/);
  // The same session in a second browser (a copied cookie: another tab, a stolen cookie).
  const two = await browser.newContext();
  await two.addCookies(await one.context.cookies());
  const other = await two.newPage();
  await other.goto('/members/home');
  await expect(other.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();

  const nav = one.page.locator('#side-nav');
  await nav.getByRole('button', { name: 'Log out' }).click();
  await one.page.getByRole('dialog', { name: 'Are you sure you want to Logout?' }).getByRole('button', { name: 'Log out' }).click();
  await one.page.waitForURL(/\/login/);

  // next-auth's own session endpoint no longer says who the copied cookie belonged to.
  const answer = (await (await other.request.get('/api/auth/session')).json()) as { user?: unknown; error?: string };
  expect(answer.user).toBeUndefined();
  expect(answer.error).toBe('SessionEnded');

  await expectSentToLogin(other, '/members/home');
  await one.context.close();
  await two.close();
});

test("a logout in one tab takes the account's other tab off the screen, without a click there", async ({ browser, request }) => {
  const email = await signUp(request, 'member');
  const one = await browserFor(browser, email, /\/members\/home/);
  // A second tab of the same browser, on another page of the account.
  const other = await one.context.newPage();
  await other.goto('/members/settings');
  await expect(other).toHaveURL(/\/members\/settings/);

  await one.page.locator('#side-nav').getByRole('button', { name: 'Log out' }).click();
  await one.page.getByRole('dialog', { name: 'Are you sure you want to Logout?' }).getByRole('button', { name: 'Log out' }).click();
  await one.page.waitForURL(/\/login/);
  // The other tab leaves by itself, for /login, and comes back to its page after signing in.
  await other.waitForURL(/\/login\?callbackUrl=%2Fmembers%2Fsettings/);
  await expect(other.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await one.context.close();
});

test('a password change on one device signs the other out', async ({ browser, request }) => {
  const email = await signUp(request, 'member');
  const one = await browserFor(browser, email, /\/members\/home/);
  const two = await browserFor(browser, email, /\/members\/home/);

  await one.page.goto('/members/settings?tab=password');
  await one.page.getByLabel('Current password').fill(PASSWORD);
  await one.page.getByLabel('New password', { exact: true }).fill('Fresh5678#');
  await one.page.getByLabel('Confirm new password').fill('Fresh5678#');
  await one.page.getByRole('button', { name: 'Change password' }).click();
  await expect(one.page.getByText('Your password has been changed.')).toBeVisible();

  await expectSentToLogin(two.page, '/members/settings');
  // The device that changed it stays signed in.
  await one.page.goto('/members/home');
  await expect(one.page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
  await one.context.close();
  await two.context.close();
});

test('a deleted driver account: the open members page lands on /login, not on an error', async ({ browser, request }) => {
  const email = await signUp(request, 'member');
  const one = await browserFor(browser, email, /\/members\/home/);
  const two = await browserFor(browser, email, /\/members\/home/);

  await deleteAccountFrom(one.page, '/members/settings?tab=delete-account');

  await expectSentToLogin(two.page, '/members/home');
  await one.context.close();
  await two.context.close();
});

test('a deleted employer account: the open jobs list lands on /login without a redirect loop', async ({ browser, request }) => {
  const email = await signUpEmployerWithCompany(request);
  const one = await browserFor(browser, email, /\/company\/jobs/);
  const two = await browserFor(browser, email, /\/company\/jobs/);

  await deleteAccountFrom(one.page, '/delete-account');

  await expectSentToLogin(two.page, '/company/jobs');
  await one.context.close();
  await two.context.close();
});
