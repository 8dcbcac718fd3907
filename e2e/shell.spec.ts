import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PASSWORD = 'Demo1234!';

async function acceptTerms(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Please check our terms and conditions' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await acceptTerms(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const LANDINGS: [string, string][] = [
  ['superadmin@demo.test', '/admin/company-list'],
  ['admin@demo.test', '/admin/company-list'],
  ['internal@demo.test', '/company/jobs'],
  ['companyadmin@demo.test', '/company/jobs'],
  ['employer@demo.test', '/company/jobs'],
  ['newsadmin@demo.test', '/news'],
  ['contributor@demo.test', '/news'],
  ['adsadmin@demo.test', '/ads/manage'],
  ['driver@demo.test', '/members/home'],
];

test.describe('sign-in lands each role on its page', () => {
  for (const [email, landing] of LANDINGS) {
    test(`${email} → ${landing}`, async ({ page }) => {
      await signIn(page, email);
      await page.waitForURL((u) => u.pathname === landing);
      expect(new URL(page.url()).pathname).toBe(landing);
    });
  }
});

test('the login screen shows the spec texts and validation messages', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await acceptTerms(page);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByText('Sign in to your account')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgotten password' })).toHaveAttribute('href', '/forgot-password?role=employer');
  await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/signup');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('No email provided')).toBeVisible();
  await expect(page.getByText('No password provided')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('nope');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Needs to be a valid email.')).toBeVisible();
  // The terms choice is remembered: no dialog on the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the terms dialog is in the server HTML on a first visit (it paints with the page, not after hydration), and absent once chosen', async ({ request, baseURL }) => {
  const first = await (await request.get('/login', { headers: { cookie: '' } })).text();
  expect(first).toContain('Please check our terms and conditions');
  expect(first).toMatch(/role="dialog"/);
  const chosen = await (await request.get(`${baseURL}/login`, { headers: { cookie: 'termsAccepted=false' } })).text();
  expect(chosen).not.toContain('Please check our terms and conditions');
});

test('account screens hold their first paint until the form column is parsed whole (no half-parsed, centred form that then jumps)', async ({ request }) => {
  for (const path of ['/login', '/signup', '/forgot-password']) {
    const html = await (await request.get(path, { headers: { cookie: 'termsAccepted=true' } })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const id = head.match(/<link rel="expect" href="#([\w-]+)" blocking="render"\/>/)?.[1];
    expect(id, path).toBeTruthy();
    // The element it waits for comes after the whole <main>.
    expect(html.indexOf(`id="${id}"`), path).toBeGreaterThan(html.indexOf('</main>'));
  }
});

test('bad credentials show the spec message and keep the user on /login', async ({ page }) => {
  await signIn(page, 'employer@demo.test', 'Wrong1234!');
  await expect(page.getByRole('alert').filter({ hasText: 'This email or password is wrong.' }).first()).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login');
});

test('a driver opening /admin/company-list is sent to /login', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  await page.waitForURL((u) => u.pathname === '/members/home');
  await page.goto('/admin/company-list');
  await page.waitForURL((u) => u.pathname === '/login');
  await expect(page.getByText('Your account cannot open that page.')).toBeVisible();
});

test('an anonymous visitor is sent to /login and returns to the page after signing in', async ({ page }) => {
  await page.goto('/admin/user-management/admins');
  await page.waitForURL((u) => u.pathname === '/login');
  await acceptTerms(page);
  await page.getByLabel('Email', { exact: true }).fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/user-management/admins');
  await expect(page.getByRole('link', { name: 'Admins' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Admin | Admins');
});

test('log out asks for confirmation, signs out, and protected pages then redirect to /login', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.waitForURL((u) => u.pathname === '/admin/company-list');
  await expect(page).toHaveTitle('Admin | Company List');
  const nav = page.locator('#side-nav');
  await expect(nav.getByRole('link', { name: 'Company List' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: /Switch portal/ })).toBeVisible();

  await nav.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to Logout?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await nav.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Are you sure you want to Logout?' }).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await page.goto('/admin/company-list');
  await page.waitForURL((u) => u.pathname === '/login');
});

test('the /logout route signs out too', async ({ page }) => {
  await signIn(page, 'adsadmin@demo.test');
  await page.waitForURL((u) => u.pathname === '/ads/manage');
  await page.goto('/logout');
  await page.waitForURL((u) => u.pathname === '/login');
  await page.goto('/ads/manage');
  await page.waitForURL((u) => u.pathname === '/login');
});

test('the side nav collapses by hand, on narrow windows, and opens as a drawer on phones', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL((u) => u.pathname === '/admin/company-list');
  const nav = page.locator('#side-nav');
  await expect(nav).toHaveAttribute('data-collapsed', 'false');
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(nav).toHaveAttribute('data-collapsed', 'true');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toHaveAttribute('data-collapsed', 'false');

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  // By keyboard: Escape closes the drawer and focus is back on the menu button (it used to land on <body>).
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await drawer.getByRole('link', { name: 'User Management' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin/user-management'));
  await expect(drawer).toBeHidden();
});

test('old entry points redirect to the login screen', async ({ page }) => {
  await page.goto('/company-login');
  await page.waitForURL((u) => u.pathname === '/login');
  await page.goto('/admin-login');
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('role') === 'admin');
  await acceptTerms(page);
  await expect(page.getByRole('link', { name: 'Forgotten password' })).toHaveAttribute('href', '/forgot-password?role=admin');
});
