import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/** Browser tests: Debian's Chromium against the built app on a fresh embedded database with the demo company. */
export default defineConfig({
  testDir: './tests',
  outputDir: '../.tmp/e2e-output',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // The clock tests create work orders (sub work orders cannot be removed) and the stored-content test adds
  // labor, so they run after the tests that count a technician's work orders. The boards tests clock tech in and
  // out now, and the clock tests back-date a start by five hours (a start before the last clock-out is refused),
  // so they run after those.
  projects: [
    { name: 'desktop', testIgnore: /(clock|stored-content|boards|corrigo-checkout|service-channel)\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'clock', testMatch: /(clock|stored-content)\.spec\.ts$/, dependencies: ['desktop'], use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'boards', testMatch: /boards\.spec\.ts$/, dependencies: ['clock'], use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'providers', testMatch: /(corrigo-checkout|service-channel)\.spec\.ts$/, dependencies: ['boards'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `rm -rf .tmp/e2e-data-${port} && DATA_DIR=.tmp/e2e-data-${port} PORT=${port} HOST=127.0.0.1 LOG_LEVEL=warn npx tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
