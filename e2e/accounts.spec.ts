import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { verificationLink } from './support';

/**
 * Password recovery, password change, email verification, the recommend dialog and account
 * deletion, each on a driver account the test signs up itself, so the demo users stay as they are.
 * Mail is read the way an operator without SMTP would: from the outbox, which only a super admin
 * reads, and which hides the codes and links of anyone else's mail (issue 9). So the reset flow
 * runs on the super admin's own account (and puts its password back), and the verification link
 * of a new driver, hidden in the outbox, is signed here with the e2e server's secret.
 */

const PASSWORD = 'Start1234!';
const NEW_PASSWORD = 'Fresh5678#';

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;

async function signUpDriver(request: APIRequestContext) {
  const email = `e2e.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
  const res = await request.post('/api/v1.0/auth/signup', {
    data: { email, password: PASSWORD, first_name: 'Riley', last_name: 'Tester', phone: '(214)555-0142', role: 'member', tn_newsletters: false },
    // Sign-ups are limited per address; each test account comes from its own.
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  userIds.set(email, (await res.json()).data.id);
  return email;
}
const userIds = new Map<string, number>();

const SUPER_ADMIN = 'superadmin@demo.test';
const DEMO_PASSWORD = 'Demo1234!';

async function superAdminToken(request: APIRequestContext, password = DEMO_PASSWORD) {
  const res = await request.post('/api/v1.0/auth/login', { data: { email: SUPER_ADMIN, password, role: 'admin' }, headers: { 'x-forwarded-for': randomIp() } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.accessToken as string;
}

type Mail = { subject: string; text: string; kind: string };

async function latestMail(request: APIRequestContext, to: string, kind: string, token?: string): Promise<Mail> {
  token ??= await superAdminToken(request);
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1.0/admin/outbox?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${token}` } });
      found = ((await res.json()).data as Mail[]).find((m) => m.kind === kind);
      return !!found;
    })
    .toBe(true);
  return found!;
}

async function newContext(browser: Browser) {
  const context = await browser.newContext();
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: base }]);
  return context;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  return (await request.post('/api/v1.0/auth/login', { data: { email, password }, headers: { 'x-forwarded-for': randomIp() } })).status();
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'termsAccepted', value: 'true', url: baseURL! }]);
});

test('forgotten password: the code from the outbox resets the password, then the new password signs in', async ({ page, request, browser }) => {
  // The super admin's own mail is the only mail whose code the outbox shows.
  const email = SUPER_ADMIN;
  const token = await superAdminToken(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgotten password' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?role=employer/);
  await expect(page.getByRole('heading', { name: 'Forgotten password' })).toBeVisible();

  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('No email provided')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/reset-code\?/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The super admin in another browser sees the mail in the outbox page.
  const admin = await newContext(browser);
  const adminPage = await admin.newPage();
  await signIn(adminPage, SUPER_ADMIN, DEMO_PASSWORD);
  await adminPage.waitForURL(/\/admin\//);
  await adminPage.goto(`/admin/outbox`);
  await adminPage.getByPlaceholder('Search by recipient').fill(email);
  await expect(adminPage.getByRole('cell', { name: /^Your TNA password reset code/ }).first()).toBeVisible();
  await admin.close();

  const mail = await latestMail(request, email, 'password_reset_code', token);
  const code = mail.text.match(/\b(\d{6})\b/)![1];
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Code', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText(/This code is not valid or has expired/).first()).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/reset-password/);

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('other');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password is too short - It should be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();

  try {
    expect(await apiLogin(request, email, DEMO_PASSWORD)).toBe(401);
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL('**/admin/company-list');
  } finally {
    // The demo account gets its password back for the other tests.
    const fresh = await superAdminToken(request, NEW_PASSWORD);
    const back = await request.post('/api/v1.0/auth/change-password', {
      data: { old_password: NEW_PASSWORD, password: DEMO_PASSWORD },
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(back.status(), await back.text()).toBe(200);
  }
});

test('other people’s codes and links are hidden in the outbox', async ({ request }) => {
  const email = await signUpDriver(request);
  const mail = await latestMail(request, email, 'email_verification');
  expect(mail.text).toContain('[link hidden]');
  expect(mail.text).not.toMatch(/https?:\/\//);
  await request.post('/api/v1.0/auth/token-password', { data: { email }, headers: { 'x-forwarded-for': randomIp() } });
  const reset = await latestMail(request, email, 'password_reset_code');
  expect(reset.text).not.toMatch(/\b\d{6}\b/);
  expect(reset.text).toContain('••••••');
});

test('the same answer for an unknown email', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody-at-all@example.test');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/reset-code\?/);
  await expect(page.getByText(/belongs to an account, we have sent it a 6-digit code/)).toBeVisible();
});

test('email verification: the link in the sign-up mail verifies the address', async ({ page, request }) => {
  const email = await signUpDriver(request);
  // The mail is there (its link hidden from the outbox's reader); the same link, signed as the server signs it.
  await latestMail(request, email, 'email_verification');
  await page.goto(await verificationLink(userIds.get(email)!, email));
  await expect(page).toHaveURL(/\/email\/validation\/success/);
  await expect(page.getByRole('heading', { name: 'Your email has been verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?validated=true/);
  await expect(page.getByText('Your email has been verified')).toBeVisible();

  await page.goto('/api/v1.0/auth/verify-email?token=broken');
  await expect(page).toHaveURL(/\/email\/validation\/unsuccess/);
  await expect(page.getByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
});

test('password change from the members settings', async ({ page, request }) => {
  const email = await signUpDriver(request);
  await signIn(page, email, PASSWORD);
  await page.waitForURL('**/members/home');
  await page.goto('/members/settings');
  await page.getByRole('tab', { name: 'Password' }).click();
  await expect(page).toHaveURL(/tab=password/);

  await page.getByLabel('Current password').fill('Wrong1234!');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is incorrect.').first()).toBeVisible();

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // Still signed in here; the old password no longer works.
  await page.goto('/members/home');
  await expect(page.getByRole('heading', { name: 'Welcome, Riley' })).toBeVisible();
  expect(await apiLogin(request, email, PASSWORD)).toBe(401);
  expect(await apiLogin(request, email, NEW_PASSWORD)).toBe(200);
});

test('recommend dialog from the members nav', async ({ page, request }) => {
  const email = await signUpDriver(request);
  await signIn(page, email, PASSWORD);
  await page.waitForURL('**/members/home');
  await page.getByRole('navigation').getByRole('button', { name: 'Recommend' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Recommend TNA to a Friend' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Name').fill('J');
  await dialog.getByLabel('Email').fill('not-an-email');
  await expect(dialog.getByText('Name should be at least two characters long')).toBeVisible();
  await expect(dialog.getByText('Needs to be a valid email.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Jamie Fox');
  await dialog.getByLabel('Email').fill('jamie.fox@example.test');
  await send.click();
  await expect(dialog.getByLabel('Invitation text')).toHaveValue(/Hi Jamie,/);
  // Headless Chromium has no mail app: the dialog says so, and the form resets after 1.5 s.
  await expect(dialog.getByText(/We cannot detect an email client on your computer/)).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  const mail = await latestMail(request, 'jamie.fox@example.test', 'invite');
  expect(mail.subject).toBe('Riley Tester recommends TNA to you');
});

test('account deletion ends on /deleted-members and the old password is refused', async ({ page, request }) => {
  const email = await signUpDriver(request);
  await signIn(page, email, PASSWORD);
  await page.waitForURL('**/members/home');
  await page.goto('/members/settings?tab=delete-account');
  await expect(page.getByText('Important Notice')).toBeVisible();
  await expect(page.getByRole('link', { name: '(800) 555-0199' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole('button', { name: 'Delete account' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL('**/deleted-members');
  await expect(page.getByRole('heading', { name: 'Your account has been deleted.' })).toBeVisible();
  await expect(page.getByText(/sorry to see you go/)).toBeVisible();

  expect(await apiLogin(request, email, PASSWORD)).toBe(401);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('This email or password is wrong.').first()).toBeVisible();
  await page.goto('/members/home');
  await expect(page).toHaveURL(/\/login/);
});
