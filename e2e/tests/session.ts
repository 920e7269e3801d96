import { expect, test, type Page } from '@playwright/test';

/** Signs a demo user in through the login page, as a person would. */
export async function signIn(page: Page, userName: string, password = 'demo1234') {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The password's hash is made slow on purpose: on a busy machine a sign-in takes seconds, not a fault.
  await expect(page).not.toHaveURL(/\/login/);
}

/** Where each demo user lands after signing in (spec platform 2.4; boards not built yet fall back to /home). */
export const LANDINGS: Record<string, string> = {
  admin: '/management/dispatcher',
  leader: '/management/masterBoard',
  dispatcher: '/management/dispatcher',
  tech: '/workOrder/mine',
  tech2: '/workOrder/mine',
  payroll: '/home',
  sales: '/sales/scheduler',
  salesmgr: '/sales/scheduler',
  maya: '/sales/scheduler',
  customer: '/customerPortal',
  data: '/management/dataSpecialist',
  dsm: '/management/dsmDashboard',
  pm: '/management/projects',
  pmdirector: '/management/pmBoard',
  'coastal.admin': '/management/dispatcher',
  'coastal.tech': '/workOrder/mine',
};

const TOKEN_KEY = 'sm.accessToken';
/** Tokens by server and user name: each group of tests has its own server, with its own signing secret. */
const tokens = new Map<string, string>();

/**
 * Opens `path` signed in as a demo user. The first call for a user signs in through the login page; later
 * calls in the same worker reuse that user's token, because the server accepts only ten sign-ins a minute
 * per user name and these tests open many pages. Any session already in the page is replaced.
 */
export async function openAs(page: Page, userName: string, path: string) {
  // A same-origin answer that loads no app reaches the origin's storage at a fraction of the cost of a page.
  await page.goto('/api/health');
  await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
  const cacheKey = `${new URL(page.url()).origin} ${userName}`;
  const cached = tokens.get(cacheKey);
  if (cached) {
    await page.evaluate(([key, token]) => localStorage.setItem(key, token), [TOKEN_KEY, cached] as const);
  } else {
    await page.goto('/login');
    await signIn(page, userName);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    if (token) tokens.set(cacheKey, token);
  }
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** The page's current access token, for calling the API as that user (e.g. to restore data after a test). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  if (!token) throw new Error('The page has no session.');
  return token;
}

/** The provider simulator beside the running test's server: it listens on the server's port + 1. */
export function simulatorUrl(): string {
  const url = new URL(test.info().project.use.baseURL!);
  url.port = String(Number(url.port) + 1);
  return url.origin;
}

/**
 * Forgets the user's saved layouts of these grids on the server, where they follow the user from browser to browser,
 * so that a test starts from the grid's defaults whatever an earlier test arranged. The page must be signed in.
 */
export async function resetGridLayouts(page: Page, ...gridKeys: string[]) {
  const token = await accessTokenOf(page);
  for (const gridKey of gridKeys) {
    const res = await page.request.delete(`/api/v1/GridPreferences/${gridKey}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), `reset ${gridKey}: ${res.status()}`).toBe(true);
  }
}

/** Waits until the notices bell says this; a failure names what it said instead (another notice, or none yet). */
export async function expectNotices(page: Page, said: 'none waiting' | `${number} waiting`) {
  await expect(page.getByRole('button', { name: /^Notices: / })).toHaveAccessibleName(`Notices: ${said}`);
}

/**
 * Waits until the page's notifications hub is connected (the bell's `data-hub`), so a notice sent from now on reaches
 * it live: a socket opened after the notice was sent would never hear of it.
 */
export async function noticesLive(page: Page) {
  await expect(page.getByRole('button', { name: /^Notices: / })).toHaveAttribute('data-hub', 'online');
}
