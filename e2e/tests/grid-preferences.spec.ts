import { expect, test, type Page } from './fixtures';
import { openAs, resetGridLayouts } from './session';

// coastal.tech's own grid: no other test arranges it.
const USER = 'coastal.tech';
const PATH = '/workOrder/mine';

const table = (page: Page) => page.getByRole('table', { name: 'My work orders' });
const numberHeader = (page: Page) => table(page).locator('th[data-field="workOrderNumber"]');
const problemWidth = (page: Page) => page.getByRole('separator', { name: 'Resize Problem' });
const pageSize = (page: Page) => page.getByRole('combobox', { name: 'Page size' });
type Answer = { url(): string; request(): { method(): string; postData(): string | null } };
const isSave = (method: string) => (r: Answer) => r.url().includes('/GridPreferences/myWorkOrders') && r.request().method() === method;
/** The save that carries a page size: on a slow machine an earlier change may be saved on its own first. */
const isSaveOf = (size: number) => (r: Answer) => isSave('PUT')(r) && JSON.parse(r.request().postData() ?? '{}').request?.pageSize === size;

test('a layout arranged in one browser opens the same in another, until Reset layout', async ({ page, browser }) => {
  await openAs(page, USER, PATH);
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  const defaultWidth = Number(await problemWidth(page).getAttribute('aria-valuenow'));
  await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'descending');

  // Width by keyboard, sort ascending, 50 a page: saved about a second after the last change.
  const saved = page.waitForResponse(isSaveOf(50));
  await problemWidth(page).focus();
  for (let i = 0; i < 4; i++) await problemWidth(page).press('ArrowRight');
  await table(page).getByRole('button', { name: 'Work Order #', exact: true }).click();
  await pageSize(page).click();
  await page.getByRole('option', { name: '50 / page' }).click();
  const answer = await (await saved).json();
  expect(answer.layout.request).toMatchObject({ pageSize: 50, sort: [{ field: 'workOrderNumber', dir: 'asc' }] });
  expect(answer.layout.columns.find((c: { field: string }) => c.field === 'problem').width).toBe(defaultWidth + 40);

  // Another device: a new browser context, nothing in its storage but the session, so only the server knows the layout.
  const other = await browser.newContext();
  const phone = await other.newPage();
  const firstRequest = phone.waitForRequest((r) => r.url().includes('/workOrder/technicianWorkOrders'));
  await openAs(phone, USER, PATH);
  // The very first page asked for already carries the saved sort and page size.
  expect((await firstRequest).postDataJSON()).toMatchObject({ take: 50, sort: [{ field: 'workOrderNumber', dir: 'asc' }] });
  await expect(numberHeader(phone)).toHaveAttribute('aria-sort', 'ascending');
  await expect(pageSize(phone)).toHaveValue('50 / page');
  await expect(problemWidth(phone)).toHaveAttribute('aria-valuenow', String(defaultWidth + 40));

  // Reset layout there brings the defaults back everywhere.
  const forgotten = phone.waitForResponse(isSave('DELETE'));
  await phone.getByRole('button', { name: 'Reset layout' }).click();
  await phone.getByRole('dialog', { name: 'Reset layout' }).getByRole('button', { name: 'Yes' }).click();
  await forgotten;
  await expect(numberHeader(phone)).toHaveAttribute('aria-sort', 'descending');
  await expect(pageSize(phone)).toHaveValue('25 / page');
  await expect(problemWidth(phone)).toHaveAttribute('aria-valuenow', String(defaultWidth));
  await other.close();

  await page.reload();
  await expect(numberHeader(page)).toHaveAttribute('aria-sort', 'descending');
  await expect(pageSize(page)).toHaveValue('25 / page');
  await expect(problemWidth(page)).toHaveAttribute('aria-valuenow', String(defaultWidth));
});

test('a hidden column stays hidden on the next visit, and comes back from the toolbar', async ({ page }) => {
  await openAs(page, USER, PATH);
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  const saved = page.waitForResponse(isSave('PUT'));
  await table(page).getByRole('button', { name: 'Address column menu' }).click();
  await page.getByRole('menuitem', { name: 'Hide column' }).click();
  await expect(table(page).locator('th[data-field="address"]')).toHaveCount(0);
  await saved;
  await page.reload();
  await expect(table(page).locator('th[data-field="problem"]')).toBeVisible();
  await expect(table(page).locator('th[data-field="address"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Hidden columns (1)' }).click();
  await page.getByRole('menuitem', { name: 'Address' }).click();
  await expect(table(page).locator('th[data-field="address"]')).toBeVisible();
  await page.getByRole('button', { name: 'Reset layout' }).click();
  await page.getByRole('dialog', { name: 'Reset layout' }).getByRole('button', { name: 'Yes' }).click();
});

test("the browser's own copy of the layout is used only while the server cannot be reached", async ({ page }) => {
  await openAs(page, USER, PATH);
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  const saved = page.waitForResponse(isSave('PUT'));
  await pageSize(page).click();
  await page.getByRole('option', { name: '100 / page' }).click();
  await saved;
  // The server forgets the layout; this browser still has its copy.
  await resetGridLayouts(page, 'myWorkOrders');
  await page.reload();
  await expect(pageSize(page)).toHaveValue('25 / page');
  const savedAgain = page.waitForResponse(isSaveOf(100));
  await pageSize(page).click();
  await page.getByRole('option', { name: '100 / page' }).click();
  await expect(pageSize(page)).toHaveValue('100 / page');
  await savedAgain;
  await resetGridLayouts(page, 'myWorkOrders');

  // Offline for the layout: the grid opens as this browser last left it.
  await page.route('**/api/v1/GridPreferences/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(pageSize(page)).toHaveValue('100 / page');
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  await page.unroute('**/api/v1/GridPreferences/**');
  await page.reload();
  await expect(pageSize(page)).toHaveValue('25 / page');
});
