// @ts-check
import nextJest from 'next/jest.js';

/** @typedef {import('jest').Config} Config */

const createJestConfig = nextJest({ dir: './' });

// ESM-only packages that Jest must transform.
const esm = ['jose', '@electric-sql', 'next-auth', 'uuid', 'lexical', '@lexical', '@preact', '@tanstack/react-table', '@tanstack/table-core'];

/** @type {Config} */
const shared = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
};

/** @type {Config} */
const node = {
  ...shared,
  displayName: 'node',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  setupFiles: ['<rootDir>/__tests__/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/database.ts'],
  globalSetup: '<rootDir>/__tests__/setup/global-setup.ts',
  globalTeardown: '<rootDir>/__tests__/setup/global-teardown.ts',
};

/** @type {Config} */
const dom = {
  ...shared,
  displayName: 'dom',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/__tests__/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/dom.ts'],
};

/** @returns {Promise<Config>} */
async function config() {
  const projects = await Promise.all(
    [node, dom].map(async (p) => {
      const c = /** @type {Config} */ (await createJestConfig(p)());
      c.transformIgnorePatterns = [`/node_modules/(?!(${esm.join('|')})/)`];
      return c;
    }),
  );
  return {
    projects: /** @type {Config['projects']} */ (projects),
    testTimeout: 30_000,
    maxWorkers: process.env.CI ? 2 : '50%',
    // A worker keeps 35-50 MB of each test file it ran (module registries the database drivers and
    // Next's server modules hold on to), and a heap of 2 GB made the last files three times slower
    // in garbage collection. A worker past 600 MB is replaced after its file: `npm test` on two
    // cores went from 1,180 s to 678 s (2026-11-26).
    workerIdleMemoryLimit: '600MB',
  };
}

export default config;
