import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.next-*/**', 'e2e-results/**', 'node_modules/**', '.data/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', '.cache/**'] },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every Playwright test runs with the accessibility and browser-error checks of e2e/fixtures.ts.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], allowTypeImports: true, message: "Import test and expect from './fixtures' (axe and the browser-error check on every page)." }] },
      ],
    },
  },
];
export default config;
