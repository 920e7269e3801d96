import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Browser tests live in e2e/ and run under Playwright, so the include list is explicit. Test files
 * run in as many processes as there are cores, two at least: Vitest's own default (one less than the cores) leaves a
 * two-core machine running one file at a time, idle while a test waits on PostgreSQL or a server process.
 */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    setupFiles: ['apps/server/src/test/file-setup.ts'],
    // A busy machine makes the run longer, never red: the API tests share two cores with the browser tests, and a test
    // that takes 5 s alone (twenty sign-ins, each hashing a password on purpose slowly) has been seen to take 35 s then.
    // No test sets a shorter limit of its own; those that start server processes allow ten minutes.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Each process runs its files one after another on the modules it loaded once: importing the server anew for every
    // file cost a third of the API tests' time. Files leave no state behind: every server is built and closed by its
    // file, and file-setup.ts fails a file that leaves an environment variable changed or a host allowed for outbound
    // calls.
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
