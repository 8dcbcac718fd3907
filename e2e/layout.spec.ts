import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ROLES, type Role } from '../lib/access';
import { ACCOUNTS, pagesOf } from './route-list';
import { signInAs, skipTermsDialog } from './support';

/**
 * Layout at the three widths people use (issue 9, item 22; issue 17: phones down to 360 px): every
 * page of the roles' portals at 1280, 1024 and 360 px wide (CRAWLED_AS below: once per kind of
 * role), failing on horizontal overflow.
 * axe-core and the browser-error check come with every visit (e2e/fixtures.ts); the crawl is what
 * makes every page visited. The pages come from the app folder and the role table (lib/access.ts),
 * so a new page is covered the day it is added.
 */
const WIDTHS = [1280, 1024, 360];

// Reduced motion: the side navigation's width transition ends at once (app/globals.css), so a
// width is measured after two frames instead of a fixed wait per width.
test.use({ reducedMotion: 'reduce' });

// The roles' crawls only read, so they may run side by side: CI gives this file two workers
// (.ci/run); axe still checks each distinct page once across them (the fixture's claims).
test.describe.configure({ mode: 'parallel' });

const nextFrames = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

type Overflow = { scrollWidth: number; innerWidth: number; offenders: string[] };

/** The document's width and any element sticking out of the viewport outside a scroll container of its own. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const scrolls = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.right <= vw + 1 && r.left >= -1)) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      // A deliberate scroll container that itself fits holds it; an absolutely placed element (screen-reader
      // text included) escapes any container that is not its positioned ancestor or inside one, and widens the page.
      const position = getComputedStyle(el).position;
      const anchor = position === 'absolute' || position === 'fixed' ? (el as HTMLElement).offsetParent : null;
      let parent = el.parentElement;
      let held = false;
      while (parent && parent !== document.body) {
        const pr = parent.getBoundingClientRect();
        const clips = !anchor && position !== 'fixed' ? true : !!anchor && parent.contains(anchor);
        if (clips && scrolls(parent) && pr.right <= vw + 1 && pr.left >= -1) {
          held = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (held) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')}`;
      offenders.push(`${name} [${Math.round(r.left)}..${Math.round(r.right)}] "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, offenders: offenders.slice(0, 8) };
  });
}

/**
 * The router's prefetches (every nav link of every page, a server render each, again on each full
 * load) change nothing the crawl measures but were most of its server work: they are answered
 * "aborted", as a navigation leaving would answer them, and the page goes on as it does offline.
 */
async function skipPrefetches(page: Page) {
  const skipped = { count: 0 };
  await page.route(/[?&]_rsc=/, (route) => {
    if (!route.request().headers()['next-router-prefetch']) return route.fallback();
    skipped.count++;
    return route.abort('aborted');
  });
  return skipped;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  // Data-driven pages: wait for their loading spinners to finish.
  await expect(page.locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => {});
}

let jobId = '';

test.beforeAll(async ({ browser, baseURL }) => {
  // One job of the demo company fills the [id] of the job pages.
  const context = await browser.newContext();
  await skipTermsDialog(context, baseURL!);
  const page = await context.newPage();
  await signInAs(page, 'employer@demo.test');
  const res = await page.request.get('/api/v1.0/jobs?limit=1');
  const body = await res.json();
  jobId = String(body.data?.[0]?.id ?? '');
  await context.close();
  expect(jobId).toMatch(/^\d+$/);
});

test('the page list is derived from the app folder and the role table', () => {
  const pages = pagesOf(ROLES.EMPLOYER);
  expect(pages).toEqual(expect.arrayContaining(['/company/jobs', '/company/jobs/new', '/company/settings/billing', '/company/jobs/[id]/detail']));
  expect(pagesOf(ROLES.SUPER_ADMIN)).toEqual(expect.arrayContaining(['/admin/company-list', '/admin/user-management/admins']));
  expect(pagesOf(ROLES.DRIVER)).toEqual(expect.arrayContaining(['/members/home', '/members/settings']));
});

/**
 * A role that sees every page of a broader role of its own kind, with less on it (fewer navigation
 * items and buttons: less to overflow), is crawled only on the pages that role does not see. Each
 * page is still measured at every width, as the role that shows the most of it; the Admin's and the
 * Employer's duplicate visits were two fifths of the crawl (two minutes of CI).
 */
const CRAWLED_AS: Partial<Record<Role, Role>> = {
  [ROLES.ADMIN]: ROLES.SUPER_ADMIN,
  [ROLES.EMPLOYER]: ROLES.COMPANY_ADMIN,
  [ROLES.NEWS_CONTRIBUTOR]: ROLES.NEWS_ADMIN,
};
const crawlPages = (role: Role) => {
  const broader = CRAWLED_AS[role];
  const seen = new Set(broader ? pagesOf(broader) : []);
  return pagesOf(role).filter((p) => !seen.has(p));
};

test('each page is crawled as a role that can open it; a narrower role is left out only where its broader role goes', () => {
  const crawled = new Set(ACCOUNTS.flatMap((a) => crawlPages(a.role)));
  expect(ACCOUNTS.flatMap((a) => pagesOf(a.role)).filter((p) => !crawled.has(p))).toEqual([]);
});

/** Pages per test: a role's pages in slices, so two workers share the big roles evenly and each test stays short. */
const SLICE = 12;

for (const account of ACCOUNTS) {
  const all = crawlPages(account.role);
  for (let from = 0; from < all.length; from += SLICE) {
    const slice = all.slice(from, from + SLICE);
    test(`no page of ${account.role} overflows at ${WIDTHS.join(', ')} px (pages ${from + 1}-${from + slice.length} of ${all.length})`, async ({ page, context, baseURL, pageChecks }) => {
      test.setTimeout(240_000);
      await skipTermsDialog(context, baseURL!);
      const prefetches = await skipPrefetches(page);
      await signInAs(page, account.email);
      const problems: string[] = [];
      for (const route of slice) {
        const url = route.replace('[id]', jobId);
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await page.goto(url);
        await settle(page);
        // axe looks at the page at 1280 px, before the widths change under it.
        await pageChecks.checkNow(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await nextFrames(page);
          const m = await measure(page);
          if (m.scrollWidth > m.innerWidth || m.offenders.length) {
            problems.push(`${url} (landed on ${new URL(page.url()).pathname}) at ${width}px: document ${m.scrollWidth} > ${m.innerWidth}\n    ${m.offenders.join('\n    ')}`);
            await page.screenshot({ path: test.info().outputPath(`${url.replace(/\W+/g, '_')}-${width}.png`), fullPage: true });
          }
        }
      }
      console.log(`${account.role} pages ${from + 1}-${from + slice.length}: ${prefetches.count} prefetches skipped`);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}

test('settings pages name their section in the document title', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'companyadmin@demo.test');
  for (const route of pagesOf(ROLES.COMPANY_ADMIN).filter((p) => p.startsWith('/company/settings/'))) {
    await page.goto(route);
    await expect(page).toHaveTitle(/ \| Settings \| Company Portal \| /);
  }
  await page.goto('/company/settings/billing');
  await expect(page).toHaveTitle(/^Billing history \| Settings \| Company Portal \| /);
});

test('a toast never covers the Create New Job button', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'employer@demo.test');
  // The expired-session warning is the toast every page can show on load: raise its flag before each page starts.
  await page.addInitScript(() => window.sessionStorage.setItem('unauthorized', '1'));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/company/jobs');
    const toast = page.locator('[data-toast]').first();
    await expect(toast).toBeVisible();
    const button = page.getByRole('link', { name: 'Create New Job' }).last();
    await expect(button).toBeVisible();
    const [t, b] = [await toast.boundingBox(), await button.boundingBox()];
    const overlap = !!t && !!b && t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
    await page.screenshot({ path: test.info().outputPath(`toast-${width}.png`) });
    expect(overlap, `toast ${JSON.stringify(t)} covers the button ${JSON.stringify(b)} at ${width}px`).toBe(false);
  }
});

test('the billing history fits the page at 1280 and 1024 px: no sideways scrolling inside it either', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'companyadmin@demo.test');
  for (const route of ['/company/settings/billing', '/company/settings/billing/order-history']) {
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      await settle(page);
      await expect(page.getByRole('heading', { level: 2, name: /history/ })).toBeVisible();
      const hidden = await sidewaysScrollers(page);
      await page.screenshot({ path: test.info().outputPath(`billing-${route.split('/').pop()}-${width}.png`), fullPage: true });
      expect(hidden, `${route} at ${width}px scrolls sideways inside: ${hidden.join(', ')}`).toEqual([]);
    }
  }
});

/** The boxes inside the page's main column that scroll sideways (content hidden behind their edge). */
function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
      .map((el) => `${el.tagName.toLowerCase()} ${el.scrollWidth} > ${el.clientWidth}`),
  );
}

test('the applicants grid shows every column at 1280 px: Tags is not hidden behind the pinned Stage', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'employer@demo.test');
  await page.setViewportSize({ width: 1280, height: 900 });
  // The demo seed's first job (CDL-A OTR Dry Van Driver) and its three applicants. By id: this file
  // also runs on the data the whole suite left, where the job list's first page holds other jobs.
  await page.goto('/company/jobs/1/applicants');
  const table = page.getByRole('table', { name: /Applicants of/ });
  await expect(table.getByRole('button', { name: /^Add a tag to / }).first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('applicants-1280.png') });
  expect(await sidewaysScrollers(page)).toEqual([]);
  // The tag button is on one line, not a two-line "+ / Tag" pill.
  const tag = await table.getByRole('button', { name: /^Add a tag to / }).first().boundingBox();
  expect(tag!.height).toBeLessThan(30);
});

test('the ads list is a card per ad on a phone: every fact named, Pause and Edit in view, nothing scrolls sideways', async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'adsadmin@demo.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ads/manage');
  const row = page.locator('[data-ad-row]').first();
  await expect(row).toBeVisible();
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('ads-390.png'), fullPage: true });
  expect(await sidewaysScrollers(page)).toEqual([]);
  for (const label of ['Status', 'Starts', 'Ends', 'Impressions', 'Clicks', 'CTR']) await expect(row.getByText(label, { exact: true })).toBeVisible();
  for (const action of [row.getByRole('button', { name: /^(Pause|Resume) / }), row.getByRole('link', { name: /^Edit / })]) {
    const box = (await action.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height, 'a finger-sized target').toBeGreaterThanOrEqual(40);
  }
  // From xl (1280 px) up it is the table again, its labels hidden (cards below it: a tablet's width scrolled the table sideways).
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(row.getByText('Impressions', { exact: true })).toBeHidden();
});

test("an expanded company on a phone keeps its users' Edit and Impersonate and its jobs' links in view", async ({ page, context, baseURL }) => {
  await skipTermsDialog(context, baseURL!);
  await signInAs(page, 'admin@demo.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/company-list');
  await page.getByRole('button', { name: 'Expand Demo Freight Lines' }).click();
  const detail = page.getByTestId('company-detail');
  const impersonate = detail.getByRole('button', { name: /^Impersonate / }).first();
  await expect(impersonate).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Addresses' }).first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('company-detail-390.png'), fullPage: true });
  for (const control of [impersonate, detail.getByRole('button', { name: /^Edit / }).first(), detail.getByRole('link', { name: 'Addresses' }).first()]) {
    const box = (await control.boundingBox())!;
    expect(box.x, 'starts on screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'ends on screen').toBeLessThanOrEqual(390);
  }
  // At 1280 the detail is as wide as the table.
  await page.setViewportSize({ width: 1280, height: 900 });
  await nextFrames(page);
  const [wide, table] = [await detail.boundingBox(), await page.getByRole('table').boundingBox()];
  expect(wide!.width).toBeGreaterThan(table!.width - 60);
});
