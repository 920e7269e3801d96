import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/** WCAG 2.2 level AA, as axe-core tags it: every A and AA rule of 2.0, 2.1 and 2.2. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * WCAG 2.5.3 Label in Name, as axe-core names the rule. Since axe-core 4.14 it compares the name with the text seen
 * on the screen (text hidden from screen readers included) and is tagged `wcag21a`; it is named here as well, so
 * that it runs whatever its tags, and each run proves it ran.
 */
export const LABEL_IN_NAME = 'label-content-name-mismatch';

/** The axe-core of e2e/package.json, read once: it is put into each page before a check. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The two screens every page is checked on: a laptop and a phone. */
export const SCREENS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
export type Screen = (typeof SCREENS)[number];

/** The signed-in frame around every page: left out by `withShell: false`, where a test checks only what it opened. */
const SHELL = ['.mantine-AppShell-header', '.mantine-AppShell-navbar', '.mantine-AppShell-aside'];

/** What shows that a page is still loading: the top progress bar, a spinner, a skeleton. */
const BUSY = '[data-testid="page-progress"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]';

/**
 * Waits until the page has loaded and stands still: nothing loading and no transition running (a dialog fading in
 * is half transparent, and axe would measure its colours wrong). Checked twice, a moment apart, so a request that
 * starts just after another ends is waited for too.
 */
export async function settle(page: Page) {
  const isIdle = () =>
    page.waitForFunction(
      (busy) => {
        if (document.querySelector(busy)) return false;
        return !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      },
      BUSY,
      { polling: 50, timeout: 30_000 },
    );
  await isIdle();
  await page.waitForTimeout(80);
  await isIdle();
}

/** Puts axe-core into every frame of the page that lacks it; a frame that does not take it in a second is left out. */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    const inject = frame.evaluate(() => 'axe' in window).then((has) => has || frame.evaluate(AXE_SOURCE));
    await Promise.race([inject, new Promise((done) => setTimeout(done, 1_000))]).catch(() => undefined);
  }
}

/**
 * The serious and critical WCAG 2.2 AA violations axe-core finds on the page as it stands, one line each (rule,
 * element, what to fix). `withShell: false` leaves the header, navbar and aside out. Fails when the label-in-name
 * rule did not run: a check that no longer looks must not read as a page without violations.
 */
export async function accessibilityViolations(page: Page, { withShell = true } = {}): Promise<string[]> {
  await injectAxe(page);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_22_AA },
    rules: { [LABEL_IN_NAME]: { enabled: true } },
    // Violations only: the passes of a large page are thousands of nodes, gathered and sent back for nothing.
    resultTypes: ['violations'],
  };
  const exclude: ElementContext | null = withShell ? null : { exclude: SHELL.map((part) => [part]) };
  const results = (await page.evaluate<unknown, { exclude: unknown; options: unknown }>(
    ({ exclude, options }) => (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(exclude ?? document, options),
    { exclude, options },
  )) as AxeResults;
  const ran = [results.violations, results.passes, results.incomplete, results.inapplicable].some((group) => group.some((rule) => rule.id === LABEL_IN_NAME));
  expect(ran, `axe-core ${results.testEngine.version} ran the label-in-name rule`).toBe(true);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`));
}

/**
 * Runs axe-core on the page (`accessibilityViolations`) and records every serious or critical violation as a soft
 * failure, so one run lists all the pages that fail. `isSettled` says the caller has just waited for the page
 * (`settle`).
 */
export async function expectAccessible(page: Page, where: string, { withShell = true, isSettled = false } = {}) {
  if (!isSettled) await settle(page);
  expect.soft(await accessibilityViolations(page, { withShell }), `serious or critical accessibility violations on ${where}`).toEqual([]);
}

/** Client-side navigation to a path of the app, as following one of its links does (the app is not reloaded). */
export async function follow(page: Page, path: string) {
  await page.evaluate(async (to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    // Two frames: the router has begun rendering the new page (or its loader) by then.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, path);
  // The router renders a navigation in a transition: the page before stays shown, and idle, until the new one commits,
  // which on a busy machine can be after a check has begun. The signed-in frame names the address its page shows (a
  // page that sends the user on is waited for at the address it sends to).
  await page.waitForFunction(
    () => {
      const shown = document.querySelector('main[data-location]')?.getAttribute('data-location');
      return shown === undefined || shown === window.location.pathname + window.location.search;
    },
    undefined,
    { polling: 50, timeout: 30_000 },
  );
}

/**
 * A fingerprint of what the page shows in its main part, generated ids aside: two users shown the same page get the
 * same fingerprint, and a page that shows anything else (a button one of them may not use, other rows) gets another.
 */
export function fingerprintOfMain(page: Page): Promise<string> {
  return page.evaluate(() => {
    const html = (document.querySelector('main')?.outerHTML ?? '').replace(/mantine-[a-z0-9]{9}|«[^»]*»|_r_[0-9a-z]+_|:r[0-9a-z]+:/g, 'id');
    let hash = 0;
    for (let i = 0; i < html.length; i += 1) hash = (Math.imul(31, hash) + html.charCodeAt(i)) | 0;
    return `${html.length}:${hash}`;
  });
}

/** A path with its numbers (ids, work-order numbers) as `:id`: the route a link leads to, like `/customer/:id`. */
export const routeOf = (path: string) => path.split(/[?#]/)[0].replace(/\/\d+(?=\/|$)/g, '/:id');

/**
 * The pages the navbar offers the signed-in user: the app lists there every area the user may open, in sections that
 * fold (a folded section keeps its links in the page, hidden), so every link is read whether its section is open or not.
 */
export function menuPaths(page: Page): Promise<string[]> {
  return page.locator('nav[aria-label="Main navigation"] a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** The app's own pages the page links to (not downloads, other sites, phone numbers or e-mail addresses). */
export function linkedPaths(page: Page): Promise<string[]> {
  return page
    .locator('main a[href^="/"]:not([download]):not([target])')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '').filter((href) => !href.startsWith('/api/') && !href.startsWith('/login')));
}

/** Clicks what opens a dialog and waits for it; null when the page has no such control (the user may not). */
export async function openDialog(page: Page, trigger: Locator): Promise<Locator | null> {
  if ((await trigger.count()) === 0) return null;
  await trigger.first().click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes the open dialog with Escape, as a keyboard user does, and waits until it has gone. */
export async function closeDialog(page: Page) {
  const count = await page.getByRole('dialog').count();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(count - 1);
  await settle(page);
}
