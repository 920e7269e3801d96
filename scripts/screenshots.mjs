#!/usr/bin/env node
// Screenshots of the main pages at desktop and phone width, for a person to look at before a release:
//   node scripts/screenshots.mjs [baseUrl] [outDir]
// baseUrl defaults to http://127.0.0.1:3000 (a running `npm start`), outDir to .tmp/screenshots. Signs in as
// the demo users tech, admin and leader through the login page, as a person would; pages a user may not
// open are skipped and reported. Each picture is the first screen a person sees; SCREENSHOTS_FULL_PAGE=1
// captures whole pages instead (a phone's work-order list is then several thousand pixels tall).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const baseUrl = (process.argv[2] ?? process.env.SCREENSHOTS_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const outDir = resolve(process.argv[3] ?? process.env.SCREENSHOTS_DIR ?? '.tmp/screenshots');
const password = process.env.SCREENSHOTS_PASSWORD ?? 'demo1234';
const fullPage = process.env.SCREENSHOTS_FULL_PAGE === '1';

const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1366, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];
const USERS = ['tech', 'admin', 'leader'];
const PAGES = [
  { name: 'home', path: '/home' },
  { name: 'my-work-orders', path: '/workOrder/mine' },
  { name: 'permissions', path: '/permissions' },
];
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Waits until the page has stopped loading data and animating, so the picture shows the finished page. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  // A blank page means the app never started (e.g. the server was started before the last web build).
  await page
    .waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0, null, { timeout: 15_000 })
    .catch(() => {
      throw new Error(`The app did not render at ${page.url()}; is the server serving the current build?`);
    });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function shoot(page, file) {
  const path = join(outDir, file);
  await page.screenshot({ path, fullPage });
  console.log(`  ${file}`);
}

async function signIn(page, userName) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LAUNCH_ARGS });
  const skipped = [];
  try {
    for (const { name: viewport, options } of VIEWPORTS) {
      console.log(`${viewport} (${options.viewport.width}x${options.viewport.height})`);
      const anonymous = await browser.newContext(options);
      const loginPage = await anonymous.newPage();
      await loginPage.goto(`${baseUrl}/login`);
      await settle(loginPage);
      await shoot(loginPage, `${viewport}-login.png`);
      await anonymous.close();

      for (const user of USERS) {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        await signIn(page, user);
        for (const target of PAGES) {
          await page.goto(`${baseUrl}${target.path}`);
          await settle(page);
          if (new URL(page.url()).pathname.toLowerCase() !== target.path.toLowerCase()) {
            skipped.push(`${viewport} ${user} ${target.name} (sent to ${new URL(page.url()).pathname})`);
            continue;
          }
          await shoot(page, `${viewport}-${user}-${target.name}.png`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (skipped.length > 0) console.log(`Not allowed, skipped: ${skipped.join('; ')}`);
  console.log(`Screenshots in ${outDir}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
