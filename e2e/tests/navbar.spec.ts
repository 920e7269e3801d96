import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { accessTokenOf, openAs } from './session';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const section = (page: Page, name: string) => nav(page).getByRole('button', { name, exact: true });
const entry = (page: Page, name: string) => nav(page).getByRole('link', { name, exact: true });
const filterBox = (page: Page) => nav(page).getByRole('textbox', { name: 'Find a page' });

test.describe('the navbar in sections', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the current page's section is open and its page marked; another section is folded", async ({ page }) => {
    await openAs(page, 'admin', '/quotes/all');
    await expect(section(page, 'Money')).toHaveAttribute('aria-expanded', 'true');
    await expect(entry(page, 'All Quotes')).toBeVisible();
    await expect(entry(page, 'All Quotes')).toHaveAttribute('aria-current', 'page');
    await expect(entry(page, 'Quotes')).not.toHaveAttribute('aria-current', 'page');
    await expect(section(page, 'Office')).toHaveAttribute('aria-expanded', 'false');
    await expect(entry(page, 'Customers')).toBeHidden();
    // The section's pages are a list named by the section, for screen readers.
    await expect(nav(page).getByRole('list', { name: 'Money' }).getByRole('listitem')).not.toHaveCount(0);

    // A page of another domain reached by address opens its section.
    await page.goto('/customer');
    await expect(section(page, 'Office')).toHaveAttribute('aria-expanded', 'true');
    await expect(entry(page, 'Customers')).toHaveAttribute('aria-current', 'page');
  });

  test('folding and opening sections is remembered after a reload, for this user only', async ({ page }) => {
    await openAs(page, 'admin', '/home');
    // The first time, the section of the landing page (the dispatcher board) is open.
    await expect(section(page, 'Field Work')).toHaveAttribute('aria-expanded', 'true');
    await expect(section(page, 'People')).toHaveAttribute('aria-expanded', 'false');
    await section(page, 'Field Work').click();
    await section(page, 'People').click();
    await expect(entry(page, 'Dispatcher Board')).toBeHidden();
    await expect(entry(page, 'Write-Ups')).toBeVisible();

    await page.reload();
    await expect(section(page, 'Field Work')).toHaveAttribute('aria-expanded', 'false');
    await expect(entry(page, 'Dispatcher Board')).toBeHidden();
    await expect(section(page, 'People')).toHaveAttribute('aria-expanded', 'true');
    await expect(entry(page, 'Write-Ups')).toBeVisible();
    await shot(page, 'admin-folded-1366', { fullPage: false });

    // Another user in the same browser starts from their own sections.
    await openAs(page, 'dispatcher', '/home');
    await expect(section(page, 'Field Work')).toHaveAttribute('aria-expanded', 'true');
  });

  test('the filter finds a page in a folded section, says when none matches, and Escape clears it', async ({ page }) => {
    await openAs(page, 'admin', '/home');
    await expect(section(page, 'Office')).toHaveAttribute('aria-expanded', 'false');
    await expect(entry(page, 'Merge Customers')).toBeHidden();

    await filterBox(page).fill('merge');
    await expect(entry(page, 'Merge Customers')).toBeVisible();
    await expect(entry(page, 'Dispatcher Board')).toHaveCount(0);
    await expect(nav(page).getByRole('status')).toHaveText('1 page matches');
    await filterBox(page).fill('quote');
    await expect(entry(page, 'Quotes')).toBeVisible();
    await expect(entry(page, 'All Quotes')).toBeVisible();
    await shot(page, 'admin-filter-1366', { fullPage: false });

    await filterBox(page).fill('zzz');
    await expect(nav(page).getByText('No page matches “zzz”.')).toBeVisible();
    await expect(nav(page).getByRole('link')).toHaveCount(0);

    await filterBox(page).press('Escape');
    await expect(filterBox(page)).toHaveValue('');
    await expect(entry(page, 'Home')).toBeVisible();
    await expect(entry(page, 'Merge Customers')).toBeHidden();
    await expect(section(page, 'Office')).toHaveAttribute('aria-expanded', 'false');
  });

  test('everything works from the keyboard: sections fold with Enter and Space, the filter opens a page with Enter', async ({ page }) => {
    await openAs(page, 'admin', '/home');
    await section(page, 'Office').focus();
    await page.keyboard.press('Enter');
    await expect(section(page, 'Office')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(entry(page, 'All Work Orders')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(section(page, 'Office')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(section(page, 'Office')).toHaveAttribute('aria-expanded', 'false');
    // Folded, its pages are skipped by Tab.
    await page.keyboard.press('Tab');
    await expect(section(page, 'Money')).toBeFocused();

    await filterBox(page).focus();
    await page.keyboard.type('credit memo');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/creditMemos$/);
    await expect(filterBox(page)).toHaveValue('');
    await expect(entry(page, 'Credit Memos')).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('the home page', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("a technician's home shows his own open work orders, newest first, and no copy of the navbar", async ({ page }) => {
    await openAs(page, 'tech', '/home');
    // What the server holds for tech: his work orders, of which those not done are the open ones.
    const answer = await page.request.post('/api/v1/workOrder/technicianWorkOrders', {
      headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
      data: { take: 100, skip: 0 },
    });
    // Completed, Billed, Invoice Submitted, WO Canceled and Duplicate (spec platform 4.9).
    const done = new Set([38, 27, 53, 22, 25]);
    const rows = ((await answer.json()) as { data: { workOrderNumber: string; workOrderStatusId: number }[] }).data;
    const open = rows.filter((r) => !done.has(r.workOrderStatusId)).map((r) => r.workOrderNumber);
    expect(open.length, 'the demo gives tech open work orders').toBeGreaterThan(5);

    const block = page.getByRole('region', { name: 'My open work orders' });
    const items = block.getByRole('list', { name: 'My open work orders' }).getByRole('listitem');
    await expect(items).toHaveCount(5);
    await expect(block).toContainText(`${open.length} are open; the newest 5.`);
    for (const [i, number] of open.slice(0, 5).entries()) {
      await expect(items.nth(i).getByRole('link', { name: number, exact: true })).toHaveAttribute('href', `/workOrder/${number}/edit`);
    }
    await expect(page.getByRole('region', { name: 'My board' }).getByRole('link', { name: /My Route/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
    // Go to offers a few pages, not every card of the navbar.
    const goTo = page.getByRole('region', { name: 'Go to' }).getByRole('listitem');
    expect(await goTo.count()).toBeLessThanOrEqual(6);

    await items.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/workOrder/${open[0]}/edit$`));
  });

  test('payroll is offered no work orders nor boards, and sees what waits', async ({ page }) => {
    await openAs(page, 'payroll', '/home');
    await expect(page.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Go to' }).getByRole('link', { name: /Timesheets/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'My open work orders' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: /My boards?/ })).toHaveCount(0);
  });
});

/** The navbar and home page of three roles at a laptop's and a phone's width, for review. */
for (const userName of ['admin', 'tech', 'payroll']) {
  for (const width of [1366, 390]) {
    test(`screenshots: ${userName} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await openAs(page, userName, '/home');
      await expect(page.getByRole('region', { name: 'Go to' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Waiting for you' }).locator('[aria-busy="true"]')).toHaveCount(0);
      await shot(page, `${userName}-home-${width}`);
      if (width < 500) {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect(nav(page)).toBeInViewport();
        await shot(page, `${userName}-navbar-${width}`, { fullPage: false });
        await entry(page, 'Home').click();
        await expect(nav(page)).not.toBeInViewport();
      }
    });
  }
}
