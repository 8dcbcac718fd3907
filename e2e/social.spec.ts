import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs, skipTermsDialog } from './support';

/**
 * Social sign-in through next-auth in Chromium, against the loopback OpenID Connect providers the
 * suite starts for Google and Apple (e2e/stand-ins/social-providers.mjs, playwright.config.ts):
 * the provider's own login page, its redirect (Apple: a form post back), and the app's checks of
 * the ID token against the provider's published keys.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
});

test.use({
  allowBrowserErrors: {
    why: "the stand-in provider's login page (oidc-provider's development interaction on 127.0.0.1, not the app) links Google Fonts, which this offline machine cannot resolve",
    patterns: [
      /^http:\/\/127\.0\.0\.1:\d+\/interaction\/\S+ request failed: GET https:\/\/fonts\.googleapis\.com\/\S+ net::ERR_NAME_NOT_RESOLVED$/,
      /^http:\/\/127\.0\.0\.1:\d+\/interaction\/\S+ console error: Failed to load resource: net::ERR_NAME_NOT_RESOLVED$/,
    ],
  },
});

/** On the stand-in provider's login page: type who you are (any password). */
async function signInAtProvider(page: Page, email: string) {
  await page.waitForURL((u) => u.hostname === '127.0.0.1');
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a new person signs in with Google and becomes a driver, landing in /members', async ({ page }) => {
  const email = `new.driver.${Date.now().toString(36)}@example.test`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Google' }).click();
  await signInAtProvider(page, email);
  await page.waitForURL((u) => u.pathname.startsWith('/members'));
  await expect(page).toHaveURL(/\/members/);
  // Signed in as a new driver with the provider's email (the session next-auth keeps).
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user).toMatchObject({ email, roles: ['Driver'] });
});

test('an existing account with a password links Apple (form post back) by signing in with it once; then Apple signs it in by its role', async ({ page, context }) => {
  // Whoever set the password may not be the mailbox's owner: the account is joined by its password.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Apple' }).click();
  await signInAtProvider(page, 'employer@demo.test');
  await page.waitForURL((u) => u.hostname === 'localhost' && u.pathname === '/login');
  await expect(page.locator('[data-toast="error"]').filter({ hasText: 'Sign in with your password once to link Apple' })).toBeVisible();
  await signInAs(page, 'employer@demo.test');
  await expect(page).toHaveURL(/\/company\/jobs/);
  await context.clearCookies({ name: 'next-auth.session-token' });

  // The provider remembers its own sign-in from the first try: it sends the browser straight back.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Apple' }).click();
  await page.waitForURL((u) => u.hostname === 'localhost' && !u.pathname.startsWith('/login'));
  await expect(page).toHaveURL(/\/company\/jobs/);
});

test('an unverified email meeting an existing account is refused with an error toast, and nothing is signed in', async ({ page, context }) => {
  // The account exists (made by a Google sign-in); Apple then reports the same email unverified
  // (the stand-in does so for a local part beginning with "unverified").
  const email = `unverified.${Date.now().toString(36)}@example.test`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Google' }).click();
  await signInAtProvider(page, email);
  await page.waitForURL((u) => u.pathname.startsWith('/members'));
  await context.clearCookies({ name: 'next-auth.session-token' });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Apple' }).click();
  await signInAtProvider(page, email);
  await page.waitForURL((u) => u.hostname === 'localhost' && u.pathname === '/login');
  const message = 'An account with this email already exists. Sign in with your password once to link Apple; after that Apple signs you in.';
  await expect(page.locator('[data-toast="error"]').filter({ hasText: message })).toBeVisible();
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login/);
});

test('the Google and Apple buttons follow the socialLogin flag, kept for the session', async ({ page }) => {
  await page.goto('/login?socialLogin=false');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Google' })).toHaveCount(0);
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Apple' })).toHaveCount(0);
  await page.goto('/login?socialLogin=true');
  await expect(page.getByRole('button', { name: 'Google' })).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Apple' })).toBeVisible();
});
