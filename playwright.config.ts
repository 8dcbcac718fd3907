import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (no browser download). By default the suite builds nothing:
 * CI runs `next build` first, then this starts `next start` on a fresh seeded PGlite database.
 * Set E2E_BASE_URL to run against a server you already started (a dev server, say).
 */
const port = Number(process.env.E2E_PORT || 3100);
/**
 * Debian's headless shell (apt-get install chromium-headless-shell) when it is there: the same
 * Blink and V8 without the desktop browser's UI process and window compositing, which took a third
 * of the suite's CPU on CI's two cores (measured 2026-11-26: the same 59 tests in 319 s instead of
 * 456 s). Else Debian's Chromium; CHROMIUM_PATH names another.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH || (fs.existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
const external = process.env.E2E_BASE_URL;
const dataDir = `.data/e2e-${process.env.E2E_RUN_ID || 'run'}`;
/**
 * E2E_KEEP_DATA=1: start on the data an earlier run of the same E2E_RUN_ID left (CI crawls the pages
 * after the suite has filled them). A fresh database also starts without Next's data cache on disk,
 * which every server of the build shares and which holds what another database said (the bench's).
 */
const freshData = process.env.E2E_KEEP_DATA ? '' : `rm -rf ${dataDir} .next/cache/fetch-cache && `;
/** The sign-in provider stand-ins (e2e/stand-ins/social-providers.mjs): Google here, Apple +1, Facebook +2. */
const standIn = port + 5;
const loopback = (p: number) => `http://127.0.0.1:${p}`;
const socialEnv = {
  GOOGLE_CLIENT_ID: 'tna-google-web',
  GOOGLE_CLIENT_SECRET: 'google-web-secret',
  GOOGLE_ISSUER: loopback(standIn),
  GOOGLE_JWKS_URL: `${loopback(standIn)}/jwks`,
  APPLE_ID: 'tna-apple-web',
  APPLE_SECRET: 'apple-web-secret',
  APPLE_ISSUER: loopback(standIn + 1),
  APPLE_JWKS_URL: `${loopback(standIn + 1)}/jwks`,
  FACEBOOK_CLIENT_ID: 'tna-facebook-app',
  FACEBOOK_CLIENT_SECRET: 'facebook-app-secret',
  FACEBOOK_GRAPH_URL: loopback(standIn + 2),
  FACEBOOK_DIALOG_URL: loopback(standIn + 2),
};

export default defineConfig({
  testDir: './e2e',
  // E2E_SKIP=layout: CI runs the layout crawl on its own afterwards, with two workers (.ci/run).
  testIgnore: process.env.E2E_SKIP ? process.env.E2E_SKIP.split(',').map((name) => `**/${name}.spec.ts`) : [],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: external || `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: external
    ? undefined
    : [
        {
          command: `node e2e/stand-ins/social-providers.mjs`,
          url: `${loopback(standIn)}/.well-known/openid-configuration`,
          timeout: 30_000,
          reuseExistingServer: false,
          env: { STANDIN_PORT: String(standIn), STANDIN_APP_ORIGIN: `http://localhost:${port}`, STANDIN_QUIET: '1' },
        },
        {
          command: `${freshData}PGLITE_DIR=${dataDir}/pglite DATA_DIR=${dataDir} ALLOW_DEMO_SEED=1 npx tsx scripts/prepare-db.ts --seed && PGLITE_DIR=${dataDir}/pglite DATA_DIR=${dataDir} npm start -- -p ${port}`,
          url: `http://localhost:${port}/login`,
          timeout: 180_000,
          reuseExistingServer: false,
          // The specs stand in for a proxy of ours: they pick each client's address with X-Forwarded-For.
          env: {
            TRUSTED_PROXIES: '1',
            AUTH_SECRET: process.env.AUTH_SECRET || 'e2e-secret-0123456789abcdef0123456789',
            NEXTAUTH_URL: `http://localhost:${port}`,
            // The news spec waits for the self-hosted tick to publish a scheduled post: every 15 s, not every minute.
            TICK_INTERVAL_SECONDS: '15',
            ...socialEnv,
          },
        },
      ],
});
