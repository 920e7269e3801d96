import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, TestInfo } from '@playwright/test';
import { openAs } from './session';

/** One walk through the app's pages as a person finds them: the pages found so far, in order, and the next to check. */
export interface Walk {
  queue: string[];
  next: number;
  /** The routes of the navbar's pages: a page linked from another is queued only when the navbar does not offer it. */
  menuRoutes: string[];
}

/** Every walk of the run, and what has been checked on each screen (so a page shown alike to two roles is checked once). */
export interface WalkRun {
  walks: Record<string, Walk>;
  checked: Set<string>;
}

/**
 * The file of the run's walks, in the output folder (emptied as each run starts), one per group of tests (each has
 * its own server). A walk is split over several tests; a failed test's worker is replaced, and the next test reads
 * from here where the walk stands.
 */
const runFile = (testInfo: TestInfo) => join(testInfo.project.outputDir, `page-walks-${testInfo.project.name}.json`);

/** Where the run's walks stand: none yet when the run has just started. */
export function readWalkRun(testInfo: TestInfo): WalkRun {
  const file = runFile(testInfo);
  if (!existsSync(file)) return { walks: {}, checked: new Set() };
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { walks: Record<string, Walk>; checked: string[] };
  return { walks: saved.walks, checked: new Set(saved.checked) };
}

/** Keeps where the run's walks stand, for the next test. */
export function writeWalkRun(testInfo: TestInfo, run: WalkRun) {
  const file = runFile(testInfo);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ walks: run.walks, checked: [...run.checked] }));
}

/**
 * A browser state signed in as the demo user (its token in local storage), made once per run through the sign-in
 * page and then given to each test's page: the server takes ten sign-ins a minute per user name, and a sign-in per
 * test would also cost a page load each.
 */
export async function signedInState(browser: Browser, testInfo: TestInfo, userName: string): Promise<string> {
  const file = join(testInfo.project.outputDir, 'signed-in', `${testInfo.project.name}-${userName}.json`);
  if (existsSync(file)) return file;
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await openAs(await context.newPage(), userName, '/home');
    await context.storageState({ path: file });
  } finally {
    await context.close();
  }
  return file;
}
