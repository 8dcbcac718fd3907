import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs, skipTermsDialog } from './support';

/**
 * Issue 14's end-to-end path: an ads admin uploads a 40 MB video ad in parts (progress bar) and an
 * image ad cropped to 587x226, activates both; a driver sees one on the Drivers Portal home, the
 * impression counts once, a click counts once and lands on the target. The demo has live ads of its
 * own (lib/db/seed/ads.ts): this test's two are made the heaviest and the home shows ads in turn,
 * heaviest first, so the one on screen is one of them.
 */
test.setTimeout(240_000);

const MB = 1024 * 1024;

/** A 40 MB "video": an mp4 'ftyp' box first (what the server checks), random bytes after. */
function bigVideo() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tna-e2e-ad-')), 'truck-tour.mp4');
  const data = Buffer.alloc(40 * MB);
  for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE((i * 2654435761) >>> 0, i);
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom')]).copy(data);
  fs.writeFileSync(file, data);
  return file;
}

async function signedInPage(browser: Browser, baseURL: string, email: string, landing?: string) {
  const context = await browser.newContext();
  await skipTermsDialog(context, baseURL);
  const page = await context.newPage();
  await signInAs(page, email, undefined, landing);
  return page;
}

async function fillAd(page: Page, fields: { name: string; advertiser: string; headline: string; target: string }) {
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Advertiser').fill(fields.advertiser);
  await page.getByLabel('Headline').fill(fields.headline);
  await page.getByLabel('Target URL').fill(fields.target);
  await page.getByLabel('Weight').fill('100');
}

/** Impressions and clicks of an ad as the grid shows them. */
async function gridCounts(page: Page, adId: string) {
  await page.goto('/ads/manage');
  const row = page.locator(`[data-ad-row="${adId}"]`);
  return { impressions: await row.locator('[data-col=impressions]').innerText(), clicks: await row.locator('[data-col=clicks]').innerText(), ctr: await row.locator('[data-col=ctr]').innerText() };
}

test('ads admin creates a chunked video ad and a cropped image ad; a driver sees one, its impression and click count once', async ({ browser, baseURL }) => {
  const admin = await signedInPage(browser, baseURL!, 'adsadmin@demo.test');
  const target = `${baseURL}/jobs`;

  // The home shows one ad at a time, without rotating, heaviest first, so the test knows which one is on screen.
  await admin.goto('/ads/settings/home');
  await admin.getByLabel('Seconds per ad').fill('0');
  await admin.getByLabel('In turn (each ad in order, heaviest first)').check();
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved')).toBeVisible();

  // A 40 MB video, sent in 10 MB parts with a progress bar.
  await admin.goto('/ads/manage/new');
  await fillAd(admin, { name: 'Fleet video', advertiser: 'Big Rig Co', headline: 'Drive our new fleet', target });
  await admin.getByLabel('Image or video').setInputFiles(bigVideo());
  const bar = admin.getByRole('progressbar', { name: 'Uploading truck-tour.mp4' });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow').catch(() => '100')), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(bar).toBeHidden({ timeout: 120_000 });
  await expect(admin.getByTestId('ad-preview').locator('video')).toHaveAttribute('src', /\/api\/v1\.0\/ads\/media\/[a-f0-9]{24}\.mp4$/);
  await admin.getByRole('button', { name: 'Save and activate' }).click();
  await admin.waitForURL('**/ads/manage');
  await expect(admin.getByRole('row', { name: /Fleet video/ })).toContainText('Active');

  // An image, cropped to 587x226 on the server; the preview shows the cropped file live.
  const image = await sharp({ create: { width: 1400, height: 900, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
  await admin.goto('/ads/manage/new');
  await fillAd(admin, { name: 'Tire sale banner', advertiser: 'Roadway Tires', headline: '20% off steer tires', target });
  await expect(admin.getByTestId('ad-preview')).toContainText('20% off steer tires');
  await admin.getByLabel('Image or video').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: image });
  const preview = admin.getByTestId('ad-preview').locator('img');
  await expect(preview).toHaveAttribute('src', /\.webp$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('587x226');
  await admin.getByRole('button', { name: 'Save and activate' }).click();
  await admin.waitForURL('**/ads/manage');
  await expect(admin.getByRole('row', { name: /Tire sale banner/ })).toContainText('Active');

  // A driver sees one of them on the Drivers Portal home.
  // Landing on settings, not on the home: the home's ad would count that view too.
  const driver = await signedInPage(browser, baseURL!, 'driver@demo.test', '/members/settings');
  await expect(driver).toHaveURL(/\/members\/settings/);
  await driver.goto('/members/home');
  const slot = driver.getByRole('complementary', { name: 'Sponsored' });
  const ad = slot.locator('a[data-ad-id]');
  await expect(ad).toBeVisible();
  const adId = (await ad.getAttribute('data-ad-id'))!;
  await admin.goto('/ads/manage');
  const created = await Promise.all([/Fleet video/, /Tire sale banner/].map((name) => admin.getByRole('row', { name }).getAttribute('data-ad-row')));
  expect(created).toContain(adId);
  const clickUrl = (await ad.getAttribute('href'))!;
  await expect.poll(async () => (await gridCounts(admin, adId)).impressions, { timeout: 20_000 }).toBe('1');

  // Scrolled away and back in the same view: still one impression.
  await driver.mouse.wheel(0, 3000);
  await driver.waitForTimeout(500);
  await driver.mouse.wheel(0, -3000);
  await expect(ad).toBeInViewport();
  await driver.waitForTimeout(1000);
  expect((await gridCounts(admin, adId)).impressions).toBe('1');

  // The click opens the target through the counting redirect.
  const [landed] = await Promise.all([driver.waitForEvent('popup'), ad.click()]);
  await landed.waitForURL(target);
  expect((await gridCounts(admin, adId)).clicks).toBe('1');
  // The same click URL again lands, and counts nothing.
  await landed.goto(clickUrl);
  await landed.waitForURL(target);
  expect(await gridCounts(admin, adId)).toEqual({ impressions: '1', clicks: '1', ctr: '100.00%' });
});

test('ads pages refuse other roles', async ({ browser, baseURL }) => {
  const driver = await signedInPage(browser, baseURL!, 'driver@demo.test');
  await driver.goto('/ads/manage');
  await expect(driver).toHaveURL(/\/login\?denied=1|\/members/);
  const res = await driver.request.post('/api/v1.0/ads/search', { data: {}, headers: { origin: baseURL! } });
  expect(res.status()).toBe(403);
});
