import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { accessTokenOf, openAs } from './session';

// User status ids of spec platform 4.2; Off Duty is tech's status in the demo data.
const OFF_DUTY = 10;
const EN_ROUTE = 2;
const COMPANY_BUSINESS = 11;

const picker = (page: Page) => page.getByRole('combobox', { name: 'Work status' });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * Picks a status in the header picker. When today's time sheet already holds that status (other tests clock
 * tech in and out), the app warns first: the server says whether to expect the warning, and it is accepted.
 */
async function chooseStatus(page: Page, request: APIRequestContext, status: string, statusId: number) {
  const token = await accessTokenOf(page);
  const check = await request.get(`/api/v1/User/isTimeSheetEntryAlreadyExists/${statusId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const alreadyLogged = (await check.json()) === true;
  await picker(page).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  if (alreadyLogged) {
    const warning = page.getByRole('dialog', { name: 'Please Confirm' });
    await expect(warning).toContainText(`You already have a time sheet entry for ${status} today. Change anyway?`);
    await warning.getByRole('button', { name: 'Yes' }).click();
  }
}

test.describe('work status', () => {
  // These tests change tech's status; put back the demo data's status for the tests that follow.
  test.afterEach(async ({ page, request }) => {
    await openAs(page, 'tech', '/home');
    const response = await request.get(`/api/v1/User/updatestatus/${OFF_DUTY}`, {
      headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    });
    expect(response.ok()).toBe(true);
  });

  test('tech changes to En Route through the header picker, and it stays after a reload', async ({ page, request }) => {
    await openAs(page, 'tech', '/home');
    await expect(picker(page)).toHaveValue('Off Duty');
    await chooseStatus(page, request, 'En Route', EN_ROUTE);
    await expect(toast(page, 'Your status is now En Route.')).toBeVisible();
    await expect(picker(page)).toHaveValue('En Route');
    await expect(page.getByTestId('home-status')).toHaveText('En Route');

    await page.reload();
    await expect(picker(page)).toHaveValue('En Route');
  });

  test('Company Business asks for a description and refuses an empty one', async ({ page, request }) => {
    await openAs(page, 'tech', '/home');
    await chooseStatus(page, request, 'Company Business', COMPANY_BUSINESS);
    const dialog = page.getByRole('dialog', { name: 'Status: Company Business' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Description field is required!')).toBeVisible();
    await expect(picker(page)).not.toHaveValue('Company Business');

    await dialog.getByLabel('Description').fill('Safety training at the head office');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Your status is now Company Business.')).toBeVisible();
    await expect(picker(page)).toHaveValue('Company Business');
    await page.reload();
    await expect(picker(page)).toHaveValue('Company Business');
    await expect(page.getByText('Safety training at the head office')).toBeVisible();
  });
});

test.describe('shell', () => {
  test('the team leaders panel lists Marcus Reed and can be hidden and shown', async ({ page }) => {
    await openAs(page, 'tech', '/home');
    const panel = page.getByRole('complementary', { name: 'My team leaders' });
    const toggle = page.getByRole('button', { name: 'Toggle team leaders' });
    await expect(panel.getByRole('list', { name: 'Team leaders' })).toContainText('Marcus Reed');
    await expect(panel).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(panel).not.toBeInViewport();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(panel).toBeInViewport();
    await expect(panel.getByText('Marcus Reed')).toBeVisible();
  });

  test('sign out asks first, then returns to the login page', async ({ page }) => {
    await openAs(page, 'tech', '/home');
    const signOut = async () => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      return page.getByRole('dialog', { name: 'Sign out' });
    };

    let dialog = await signOut();
    await expect(dialog).toContainText('Do you want to sign out?');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);

    dialog = await signOut();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the page title reads '{title} - WebBased'", async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In - WebBased');
    await openAs(page, 'tech', '/workOrder/mine');
    await expect(page).toHaveTitle('My Work Orders - WebBased');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveTitle('Home - WebBased');
  });

  test("the loading bar shows from a link's click until the next page is there", async ({ page }) => {
    await openAs(page, 'tech', '/workOrder/mine');
    const link = page.getByRole('main').getByRole('link', { name: '240030' });
    await expect(link).toBeVisible();
    await expect(page.getByTestId('page-progress')).toHaveCount(0);
    // What the window shows at each change: the page whose address the frame names, and whether the bar is up.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const note = () => seen.push(`${document.querySelector('main')?.getAttribute('data-location')} ${document.querySelector('[data-testid="page-progress"]') ? 'bar' : '-'}`);
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    });
    await link.click();
    await expect(page.getByRole('heading', { name: 'Work Order 240030' })).toBeVisible();
    // The router renders the next page in a transition, My Work Orders on screen meanwhile: the bar is up then.
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen, 'the bar came up while My Work Orders was still on screen').toContain('/workOrder/mine bar');
    await expect(page.getByTestId('page-progress')).toHaveCount(0);
  });

  test('a refused call shows the Unauthorized Access dialog, and OK goes to the login page', async ({ page }) => {
    // Simulates the server refusing one call of the app (the team leaders of the header panel).
    await page.route('**/api/v1/User/myTeamLeaders', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 403,
          title: "You don't have permission to access this resource.",
          message: "You don't have permission to access this resource.",
        }),
      }),
    );
    await openAs(page, 'tech', '/home');
    const dialog = page.getByRole('dialog', { name: 'Unauthorized Access' });
    await expect(dialog).toContainText("You don't have permission to access this resource, or the access token has expired.");
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('User Name')).toBeVisible();
  });
});

test.describe('shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the navigation waits behind the burger and opens when pressed', async ({ page }) => {
    await openAs(page, 'tech', '/home');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).not.toBeInViewport();

    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'My Work Orders' }).click();
    await expect(page).toHaveURL(/\/workOrder\/mine$/);
    await expect(nav).not.toBeInViewport();
  });
});
