import { defineConfig, devices } from '@playwright/test';
import type { ServerOptions } from './server/group-server';

const base = Number(process.env.E2E_PORT ?? 3100);

/**
 * Groups of tests, each against its own server on a fresh embedded database with the demo company, so that no group
 * waits for another or sees what another changed, and a failure in one never keeps the others from running. The
 * clock tests create work orders (sub work orders cannot be removed) and add labor, and the board and provider tests
 * clock tech in and out now while the clock tests back-date a start: on one database they would have to run in order.
 * The accessibility sweep opens every page of every role and its dialogs, and must not see what other tests left
 * behind half-done. The money test sends quotes by e-mail to the SMTP server it starts on its port + 2 (the sign-up
 * test reads its confirmation link from one the same way). The money, billing and office tests each back-date one labor entry of tech's,
 * which may not start before his last clock-out: each in its own group. Each server's provider simulator listens on its
 * port + 1. Two groups run at once, each group's tests one after another: the tests wait on the page far more than
 * they work, so two at a time take little more than half the time of one after another.
 */
/** The work-order and scheduling tests: a group of their own, so the two longest groups share the time evenly. */
const WORK = /(my-work-orders|work-orders-office|scheduler|office-day|attachments|work-order-items|flag-reminders|write-ups|pay-raises|fleet)\.spec\.ts$/;
const OTHERS = /(offline-clock|purchase-orders|vendor-credits|parts-journey|clock(-dialogs)?|nte-meter|stored-content|boards|corrigo-checkout|corrigo-stop|service-channel|accessibility(-[a-z]+)?|money|collections|collection-tasks|customer-portal|customer-journey|invoices|estimates|accounting|quickbooks|reports|sales|payroll|labor-approval|fix-time|sign-up|first-company|first-run)\.spec\.ts$/;

// The two longest groups first (busy 573 s and 540 s alone; work 290 s; the rest 9-104 s): two groups run at once,
// and a long group started late would end alone.
const groups = [
  { name: 'desktop', testIgnore: [WORK, OTHERS], port: base },
  { name: 'a11y', testMatch: /accessibility(-[a-z]+)?\.spec\.ts$/, port: base + 40 },
  { name: 'work', testMatch: WORK, port: base + 70 },
  { name: 'clock', testMatch: /\/(clock(-dialogs)?|stored-content|nte-meter)\.spec\.ts$/, port: base + 10 },
  { name: 'billing', testMatch: /(invoices|estimates|accounting|quickbooks|reports|sales)\.spec\.ts$/, port: base + 60 },
  { name: 'providers', testMatch: /(corrigo-checkout|corrigo-stop|service-channel)\.spec\.ts$/, port: base + 30 },
  { name: 'boards', testMatch: /boards\.spec\.ts$/, port: base + 20 },
  { name: 'money', testMatch: /(money|collections|collection-tasks|customer-portal|customer-journey)\.spec\.ts$/, port: base + 50, smtpPort: base + 52 },
  // The payroll tests lock a worked pay period, the labor approval asks about worked labor, and fix time corrects and
  // locks the older one: their server's demo has the last two periods worked.
  // Parts: purchase orders e-mailed to vendors (read from the SMTP server on port + 2), received, used and returned.
  { name: 'parts', testMatch: /(purchase-orders|vendor-credits|parts-journey)\.spec\.ts$/, port: base + 84, smtpPort: base + 86 },
  { name: 'payroll', testMatch: /(payroll|labor-approval|fix-time)\.spec\.ts$/, port: base + 80, payrollHistory: true },
  // A server as an operator starts it for real: an empty database without the demo. With public sign-up open, a new
  // company registers and confirms its address by the link read from the SMTP server the test starts on port + 2;
  // with it closed, the first company is set up once. Another company, named apart, walks a new company's first
  // day: import, a technician invited, a rate sheet approved, a clock-in; every e-mail it causes is read before it ends.
  { name: 'sign-up', testMatch: /(sign-up|first-company)\.spec\.ts$/, port: base + 90, smtpPort: base + 92, empty: { PUBLIC_SIGNUP: '1' } },
  { name: 'first-run', testMatch: /first-run\.spec\.ts$/, port: base + 94, empty: { PUBLIC_SIGNUP: '0' } },
  // Clocking without signal: the test stops and starts its group's server in its middle.
  { name: 'offline', testMatch: /offline-clock\.spec\.ts$/, port: base + 96 },
];

/** `E2E_GROUPS=sign-up,billing` runs only those groups. */
const only = process.env.E2E_GROUPS?.split(',').map((g) => g.trim());
const chosen = only ? groups.filter((g) => only.includes(g.name)) : groups;

/**
 * Chromium features the tests do without. Every browser window of Chromium 156 loads two pages of its own for the
 * address bar's suggestions (the omnibox popup and its AI-mode twin) in a renderer of their own, and keeps a spare
 * renderer warm: with them, a browser context cost more than twice the processor time. Chromium takes the last
 * --disable-features it is given, so the list repeats those Playwright disables itself.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'SpareRendererForSitePerProcess',
  // Playwright's own (playwright-core, chromiumSwitches).
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints',
  'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];

/** Browser tests: Debian's Chromium against the built app. */
export default defineConfig<object, { serverOptions: ServerOptions | null }>({
  globalSetup: './global-setup.ts',
  testDir: './tests',
  outputDir: '../.tmp/e2e-output',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A busy machine makes the run slower, never red: the browser tests share two cores with the API tests, and a step
  // that takes 2 s alone has been seen to take more than 10 s then. The longest tests take 40 s alone; test.slow()
  // triples the limit for the longest journeys. No test sets a shorter limit of its own.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json']],
  use: {
    // Dialogs and menus without their transitions (the app honours reduced motion), and no trace unless asked for
    // (E2E_TRACE=retain-on-failure): recording one took a third of the time of every test.
    reducedMotion: 'reduce',
    trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // An action waits at most a minute for its element (a disabled button, a label that never comes), so a test that
    // cannot go on fails on its own line rather than at the test's limit with no line at all.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // Software drawing without the emulated GPU (Debian's wrapper asks for GPU rasterization): cheaper for a headless run.
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-gpu-rasterization', '--disable-software-rasterizer',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  // Each group's server is started by its first test and stopped when its tests are done (e2e/tests/fixtures.ts).
  projects: chosen.map(({ name, testMatch, testIgnore, ...server }) => ({
    name,
    testMatch,
    testIgnore,
    workers: 1,
    use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${server.port}`, serverOptions: server },
  })),
});
