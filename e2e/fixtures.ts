import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Every spec imports `test` and `expect` from here (issue 17): each page any test opens, in the
 * `page` fixture's context or in a context the spec makes with `browser.newContext()`, is watched
 * for browser errors, and each distinct page of the app is checked once by axe-core (WCAG 2.2 A
 * and AA) after it settles. A test fails, in its own teardown, on
 * - a console error, an uncaught exception, a crash, a request that failed (not one aborted by a
 *   navigation leaving), or a 5xx answer to a request the page made;
 * - any axe violation on a page it was the first in the run to reach.
 * Chromium's own "Failed to load resource: … status of 4xx" line is the page handling an answer it
 * asked for (a missing logo, a refused sign-in), not an error. A spec that causes an error on
 * purpose names it with `test.use({ allowBrowserErrors: { why: '…', patterns: [/…/] } })`.
 */
export { expect };

/** axe's tags for WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Data-driven pages show these while loading. */
export const LOADING = '[role="status"][aria-label^="Loading"], [aria-busy="true"]';

const STATUS_LINE = /^Failed to load resource: the server responded with a status of \d{3}/;

/** The page a URL shows: its path with ids (`/company/jobs/42/detail` → `/company/jobs/:id/detail`). */
export function pageKey(url: string) {
  return new URL(url).pathname.replace(/\/(\d+|[0-9a-f-]{20,})(?=\/|$)/gi, '/:id');
}

/**
 * Whether this worker is the first in the run to reach a page: an atomic mkdir in a folder of the
 * run (workers are children of one runner process), so parallel workers never check a page twice.
 */
const CLAIMS = path.join(os.tmpdir(), `tna-axe-${process.env.E2E_RUN_ID || 'run'}-${process.ppid}`);
function claim(key: string) {
  fs.mkdirSync(CLAIMS, { recursive: true });
  try {
    fs.mkdirSync(path.join(CLAIMS, encodeURIComponent(key)));
    return true;
  } catch {
    return false;
  }
}
const release = (key: string) => fs.rmSync(path.join(CLAIMS, encodeURIComponent(key)), { recursive: true, force: true });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const NO_TRANSITIONS_ID = 'e2e-no-transitions';
/** Runs `check` with every CSS transition cut short (a style element, removed afterwards). */
async function withoutTransitions<T>(page: Page, check: () => Promise<T>): Promise<T> {
  await page.evaluate((id) => {
    const style = Object.assign(document.createElement('style'), { id, textContent: '*, *::before, *::after { transition: none !important; }' });
    document.head.append(style);
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, NO_TRANSITIONS_ID);
  try {
    return await check();
  } finally {
    await page.evaluate((id) => document.getElementById(id)?.remove(), NO_TRANSITIONS_ID).catch(() => {});
  }
}

export class PageChecks {
  /** Main-frame navigations to a new path (full loads and the router's client-side ones). */
  visits = 0;
  /** App pages seen, and those axe checked in this worker. */
  readonly seen = new Set<string>();
  readonly checked = new Set<string>();
  /** Pages another worker of the run claimed first. */
  readonly elsewhere = new Set<string>();
  violations = 0;
  errors = 0;
  allowed = 0;
  /** What went wrong since the last test's teardown. */
  private problems: string[] = [];
  allow: RegExp[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly inflight = new WeakMap<Page, number>();
  private readonly watched = new WeakSet<Page>();

  constructor(private readonly appOrigin: string) {}

  private report(problem: string) {
    if (this.allow.some((r) => r.test(problem))) {
      this.allowed++;
      return;
    }
    this.errors++;
    this.problems.push(problem);
  }

  watchContext(context: BrowserContext) {
    context.on('page', (p) => this.watchPage(p));
    context.pages().forEach((p) => this.watchPage(p));
  }

  private watchPage(page: Page) {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    const at = () => page.url();
    page.on('console', (m) => {
      if (m.type() === 'error' && !STATUS_LINE.test(m.text())) this.report(`${at()} console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => this.report(`${at()} uncaught: ${e.message}`));
    page.on('crash', () => this.report(`${at()} the page crashed`));
    page.on('response', (r) => {
      if (r.status() >= 500) this.report(`${at()} answered ${r.status()}: ${r.request().method()} ${r.url()}`);
    });
    const count = (d: number) => this.inflight.set(page, Math.max(0, (this.inflight.get(page) ?? 0) + d));
    page.on('request', () => count(1));
    page.on('requestfinished', () => count(-1));
    page.on('requestfailed', (r) => {
      count(-1);
      const why = r.failure()?.errorText ?? '';
      if (!/ERR_ABORTED/.test(why)) this.report(`${at()} request failed: ${r.method()} ${r.url()} ${why}`);
    });
    let last = '';
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !/^https?:/.test(frame.url())) return;
      const where = new URL(frame.url());
      if (where.origin + where.pathname === last) return;
      last = where.origin + where.pathname;
      this.visits++;
      if (where.origin !== this.appOrigin) return;
      const key = pageKey(frame.url());
      this.seen.add(key);
      if (this.checked.has(key) || this.elsewhere.has(key)) return;
      this.queue = this.queue.then(() => this.settleAndCheck(page, key)).catch(() => {});
    });
  }

  /**
   * Waits for the page to be still: no request in flight for 300 ms, no loading indicator, no CSS
   * transition or animation running (spinners aside), each for at most a few seconds.
   */
  async settle(page: Page) {
    await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => {});
    for (let quiet = 0, waited = 0; quiet < 300 && waited < 5_000; waited += 50) {
      quiet = (this.inflight.get(page) ?? 0) === 0 ? quiet + 50 : 0;
      await sleep(50);
    }
    await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 5_000 }).catch(() => {});
    await page
      .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 3_000 })
      .catch(() => {});
  }

  private async settleAndCheck(page: Page, key: string) {
    if (this.checked.has(key) || this.elsewhere.has(key) || page.isClosed()) return;
    await this.settle(page);
    await this.axe(page, key);
  }

  /** Runs axe on the page it shows if that page is still `key` and nobody checked it yet. */
  private async axe(page: Page, key: string) {
    if (page.isClosed() || pageKey(page.url()) !== key || this.checked.has(key) || this.elsewhere.has(key)) return;
    if (!(await page.evaluate(() => document.contentType === 'text/html').catch(() => false))) return;
    if (!claim(key)) {
      this.elsewhere.add(key);
      return;
    }
    let violations;
    try {
      // Legacy mode: axe runs in the page and its frames and nothing more. The default opens a blank
      // tab in the test's own context to merge the frames' results: a page the spec did not open,
      // appearing mid-test in `context.pages()` and the context's 'page' events.
      ({ violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze());
    } catch {
      // The page left or closed while axe ran: a later visit checks it.
      release(key);
      return;
    }
    if (page.isClosed() || pageKey(page.url()) !== key) {
      release(key);
      return;
    }
    // axe runs while the spec goes on: a button the spec just hovered or clicked may be caught
    // halfway through its colour transition (CI, 2026-11-26: `.hover:bg-brand-700` mid-fade). A
    // contrast finding counts only if it is still there once the page is still again, read with
    // transitions cut short: a spec that kept hovering and clicking caught a second fade in the
    // re-check (CI, 2026-11-28, /company/jobs/new/addons). Every colour is then the one its state
    // ends on, hover included, which is what a user reads.
    if (violations.some((v) => v.id === 'color-contrast')) {
      await this.settle(page);
      const again = await withoutTransitions(page, () => new AxeBuilder({ page }).withRules(['color-contrast']).setLegacyMode(true).analyze()).catch(() => null);
      if (again && !page.isClosed() && pageKey(page.url()) === key) {
        violations = [...violations.filter((v) => v.id !== 'color-contrast'), ...again.violations];
      }
    }
    this.checked.add(key);
    this.violations += violations.length;
    for (const v of violations) {
      this.problems.push(`${key}: axe ${v.id} (${v.help}) on ${v.nodes.length} element(s): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    }
  }

  /**
   * Checks the page now, once it settled, and waits for every check queued before: a spec that
   * is about to change what the page shows (its viewport, say) calls this first.
   */
  async checkNow(page: Page) {
    const key = pageKey(page.url());
    this.queue = this.queue.then(() => this.settleAndCheck(page, key)).catch(() => {});
    await this.queue;
  }

  async drain() {
    await this.queue;
  }

  take() {
    const problems = this.problems;
    this.problems = [];
    return problems;
  }

  summary(worker: number) {
    const unchecked = [...this.seen].filter((k) => !this.checked.has(k) && !this.elsewhere.has(k));
    return [
      `page checks (worker ${worker}): ${this.visits} page visits, ${this.seen.size} distinct app pages; axe checked ${this.checked.size}` +
        (this.elsewhere.size ? ` (${this.elsewhere.size} more by another worker)` : '') +
        `, ${this.violations} violations; ${this.errors} browser errors, ${this.allowed} allowed by a spec`,
      ...(unchecked.length ? [`  left before they settled, never checked: ${unchecked.sort().join(', ')}`] : []),
    ].join('\n');
  }
}

type Options = {
  /** Browser errors a spec causes on purpose (each pattern matched against the reported line), and why. */
  allowBrowserErrors: { why: string; patterns: RegExp[] } | null;
};

export const test = base.extend<Options & { browserChecks: void }, { pageChecks: PageChecks }>({
  allowBrowserErrors: [null, { option: true }],

  // One per worker: every context the worker's browser makes is watched, the `context` fixture's
  // and the spec's own alike.
  pageChecks: [
    async ({ browser }, use, workerInfo) => {
      const checks = new PageChecks(new URL(String(workerInfo.project.use.baseURL)).origin);
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const context = await newContext.call(browser, options);
        checks.watchContext(context);
        return context;
      };
      await use(checks);
      browser.newContext = newContext;
      console.log(checks.summary(workerInfo.workerIndex));
    },
    { scope: 'worker', auto: true },
  ],

  // Per test, set up after `context` so that its teardown runs while the pages are still open:
  // checks still queued finish on them, then the test fails on whatever was found.
  browserChecks: [
    async ({ pageChecks, context, allowBrowserErrors }, use) => {
      void context;
      pageChecks.allow = allowBrowserErrors?.patterns ?? [];
      await use();
      await pageChecks.drain();
      pageChecks.allow = [];
      const problems = pageChecks.take();
      expect(problems, `browser errors and accessibility violations:\n${problems.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
