import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser tests live in e2e/ and run under Playwright, so the include list is explicit. */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
