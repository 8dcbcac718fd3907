import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { signInAs, skipTermsDialog } from './support';

/**
 * The first-load JavaScript budget (130 kB gzipped per route): the scripts a hard load of the route
 * names in its HTML, each gzipped. Chunks loaded later (lazy dialogs, the editor, prefetches of
 * linked routes) are not first-load JS and are not counted.
 */
const BUDGET_BYTES = 130 * 1024;

async function firstLoadJs(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const srcs = await page.evaluate(() => Array.from(document.querySelectorAll('script[src]'), (s) => (s as HTMLScriptElement).src));
  let total = 0;
  for (const src of new Set(srcs)) {
    const res = await page.request.get(src);
    total += gzipSync(await res.body()).length;
  }
  return total;
}

test('public and sign-in routes stay within the first-load JS budget', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  for (const path of ['/login', '/signup', '/forgot-password']) {
    const bytes = await firstLoadJs(page, path);
    console.log(`${path}: ${(bytes / 1024).toFixed(1)} kB gzipped`);
    expect(bytes, path).toBeLessThanOrEqual(BUDGET_BYTES);
  }
});

test('company routes stay within the first-load JS budget', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'employer@demo.test');
  for (const path of [
    '/company/jobs',
    '/company/jobs/new',
    '/company/jobs/new/targeting-address',
    '/company/jobs/new/addons',
    '/company/settings/billing',
    '/company/settings/payment',
  ]) {
    const bytes = await firstLoadJs(page, path);
    console.log(`${path}: ${(bytes / 1024).toFixed(1)} kB gzipped`);
    expect(bytes, path).toBeLessThanOrEqual(BUDGET_BYTES);
  }
});

test('members and admin routes stay within the first-load JS budget', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'admin@demo.test');
  for (const path of ['/admin/company-list', '/admin/outbox']) {
    const bytes = await firstLoadJs(page, path);
    console.log(`${path}: ${(bytes / 1024).toFixed(1)} kB gzipped`);
    expect(bytes, path).toBeLessThanOrEqual(BUDGET_BYTES);
  }
});
