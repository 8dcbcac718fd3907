import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { PASSWORD, signInAs, skipTermsDialog, verificationLink } from './support';

/**
 * Settings (issue 12): a company admin renames the company and crops a new logo (both sizes shown);
 * an employer changes their email and verifies it; a driver sets time zone and picture and signs
 * out another session.
 */

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;

async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD, userAgent?: string) {
  const res = await request.post('/api/v1.0/auth/login', { data: { email, password }, headers: { 'x-forwarded-for': randomIp(), ...(userAgent ? { 'user-agent': userAgent } : {}) } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as { id: number; accessToken: string; companyId: number };
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
});

test('a company admin renames the company and crops a new logo; both sizes show', async ({ page }) => {
  await signInAs(page, 'companyadmin@demo.test');
  await page.goto('/company/settings/company-settings');
  const name = page.getByLabel('Company name');
  await expect(name).toHaveValue('Demo Freight Lines');
  await name.fill('Demo Freight Lines Co');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Demo Freight Lines Co');

  // Before any upload both places show the default logo.
  const previews = page.getByTestId('logo-previews');
  await expect(previews.getByRole('img', { name: /default logo/ })).toHaveCount(2);

  const png = await sharp({ create: { width: 900, height: 450, channels: 4, background: { r: 31, g: 87, b: 208, alpha: 1 } } }).png().toBuffer();
  await page.getByLabel('Choose a logo image').setInputFiles({ name: 'fleet.png', mimeType: 'image/png', buffer: png });
  const dialog = page.getByRole('dialog', { name: 'Crop your logo' });
  const zoom = dialog.getByLabel('Zoom');
  await expect(zoom).toHaveAttribute('min', '200');
  await expect(zoom).toHaveAttribute('max', '700');
  await expect(zoom).toHaveAttribute('step', '10');
  await zoom.fill('500');
  await expect(dialog.locator('output')).toHaveText('500');
  // The keyboard moves the image too.
  await dialog.getByTestId('crop-stage').focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await dialog.getByRole('button', { name: 'Save logo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Updated successfully').first()).toBeVisible();

  const large = previews.getByRole('img', { name: 'Demo Freight Lines Co logo' }).first();
  const small = previews.getByRole('img', { name: 'Demo Freight Lines Co logo' }).nth(1);
  await expect(large).toHaveAttribute('src', /\/logo\?v=/);
  await expect(small).toHaveAttribute('src', /size=small/);
  const natural = (img: typeof large) => img.evaluate((el: HTMLImageElement) => (el.complete ? [el.naturalWidth, el.naturalHeight] : null));
  await expect.poll(() => natural(large)).toEqual([343, 133]);
  await expect.poll(() => natural(small)).toEqual([49, 19]);

  // Put the name back for the other specs.
  await page.getByLabel('Company name').fill('Demo Freight Lines');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Updated successfully').first()).toBeVisible();
});

test('a company admin moves the company with the shared US address field', async ({ page, request }) => {
  await signInAs(page, 'companyadmin@demo.test');
  await page.goto('/company/settings/address-settings');
  const address = page.getByRole('combobox', { name: 'Company address' });
  // The saved address opens as the field's choice, with its place shown.
  await expect(address).toHaveValue('2100 Commerce St, Dallas, TX 75201, USA');
  await expect(page.getByTestId('chosen-place')).toContainText('Dallas, Texas 75201');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  // The same rules as sign-up: a place outside the US is refused before anything is sent.
  await address.fill('Toronto, ON');
  await expect(page.getByText('Addresses should be from the US').first()).toBeVisible();
  await address.fill('76102');
  await page.getByRole('option', { name: /Fort Worth/ }).first().click();
  await expect(page.getByTestId('chosen-place')).toContainText('Fort Worth, Texas');
  await page.getByLabel('Suite, unit or floor (optional)').fill('Suite 300');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company address' })).toHaveValue(/Fort Worth, TX 76102, USA$/);
  await expect(page.getByLabel('Suite, unit or floor (optional)')).toHaveValue('Suite 300');

  // Put the address back for the other specs (distances to drivers depend on it).
  const admin = await apiLogin(request, 'companyadmin@demo.test');
  const back = await request.patch(`/api/v1.0/companies/${admin.companyId}`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: { street1: '2100 Commerce St', street2: '', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US', latitude: 32.7831, longitude: -96.8067 },
  });
  expect(back.status(), await back.text()).toBe(200);
});

test('an employer changes their email: it waits for its link, then signs in', async ({ page, request }) => {
  const admin = await apiLogin(request, 'companyadmin@demo.test');
  const email = `e2e.mail.${Date.now().toString(36)}@demo-freight.test`;
  const added = await request.post(`/api/v1.0/companies/${admin.companyId}/employers`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: { first_name: 'Erin', last_name: 'Email', email, password: PASSWORD, phone: '(214)555-0190' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = (await added.json()).data.id as number;
  const next = `new.${email}`;

  await signInAs(page, email);
  await page.goto('/company/settings/account-settings');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Email').fill(next);
  await page.getByLabel('Last name').fill('Emailer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`We sent a link to ${next}`)).toBeVisible();
  await expect(page.getByTestId('pending-email')).toContainText(next);
  // Until the link is followed the old email still signs in.
  await apiLogin(request, email);

  await page.goto(await verificationLink(id, next));
  await expect(page).toHaveURL(/\/email\/validation\/success/);
  await apiLogin(request, next);
  expect((await request.post('/api/v1.0/auth/login', { data: { email, password: PASSWORD }, headers: { 'x-forwarded-for': randomIp() } })).status()).toBe(401);
});

test('a driver sets time zone and picture, and signs out another session', async ({ page, request }) => {
  const phone = await apiLogin(request, 'driver@demo.test', PASSWORD, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
  await signInAs(page, 'driver@demo.test');
  await page.goto('/members/settings?tab=preferences');
  await page.getByRole('combobox', { name: 'Time zone' }).selectOption('US/Pacific');
  await expect(page.getByText('Updated successfully')).toBeVisible();
  const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0f766e' } }).png().toBuffer();
  await page.getByLabel('Choose a profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('US/Pacific');

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/tab=sessions/);
  const rows = page.getByTestId('session-row');
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  const iphone = rows.filter({ hasText: 'Safari on iPhone' }).first();
  await expect(iphone).toBeVisible();
  expect((await request.get('/api/v1.0/members/me', { headers: { authorization: `Bearer ${phone.accessToken}` } })).status()).toBe(200);
  await iphone.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
  await page.getByRole('dialog', { name: 'Sign out this session?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Safari on iPhone is signed out.')).toBeVisible();
  expect((await request.get('/api/v1.0/members/me', { headers: { authorization: `Bearer ${phone.accessToken}` } })).status()).toBe(401);
  // This browser's own session goes on.
  await page.reload();
  await expect(page.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(1);
});
