import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { accessTokenOf, openAs } from './session';

// Text a person types is stored as typed and shown as text: markup in it never becomes markup on anyone's
// page. Runs in the clock project (it clocks tech on 240020, which no other test reads) and leaves tech
// clocked out and Off Duty.
const WORK_ORDER = '240020';
const LABOR_TEXT = '<img src=x onerror="window.__xss=1">Compressor <b>replaced</b>';
const STATUS_TEXT = '<img src=x onerror="window.__xss=2">Back at the <i>office</i>';
const OFF_DUTY = 10;

const editPath = `/workOrder/${WORK_ORDER}/edit`;
const laborEntries = (page: Page) => page.getByRole('table', { name: 'Labor entries' }).getByTestId('labor-entry');

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await request.fetch(`/api/v1/${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Nothing in the page ran the injected handlers, and no element was made from the typed markup. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'replaced' })).toHaveCount(0);
  await expect(page.locator('i', { hasText: 'office' })).toHaveCount(0);
}

test.use({ geolocation: { latitude: 32.78, longitude: -96.8 }, permissions: ['geolocation'] });

test.afterEach(async ({ page, request }) => {
  await openAs(page, 'tech', '/home');
  const token = await accessTokenOf(page);
  const { workOrderId } = await call(request, token, 'GET', `WorkOrder/${WORK_ORDER}`);
  const view = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  expect(view.newWorkOrderLabor, 'tech is clocked in elsewhere').toBeFalsy();
  if (view.stopMode) {
    await call(request, token, 'POST', 'WOStartStop/clockOutWorkOrder', {
      workOrderId,
      workOrderLaborId: view.workOrderLaborId,
      description: 'Stored content test clean-up',
      userStatusId: OFF_DUTY,
    });
  }
  await call(request, token, 'GET', `User/updatestatus/${OFF_DUTY}`);
});

test('markup typed into a clock-out is shown as text to the technician and the office', async ({ page }) => {
  test.slow();
  await openAs(page, 'tech', editPath);
  await page.getByRole('button', { name: 'Start Work Order' }).click();
  const start = page.getByRole('dialog', { name: `Start Work Order ${WORK_ORDER}` });
  await start.getByRole('combobox', { name: 'Employee Type' }).click();
  await page.getByRole('option', { name: 'Service Technician', exact: true }).click();
  await start.getByRole('button', { name: 'Save' }).click();
  await expect(start).toBeHidden();

  await page.getByRole('button', { name: 'Stop Work Order' }).click();
  const stop = page.getByRole('dialog', { name: `Stop Work Order ${WORK_ORDER}` });
  await stop.getByLabel('Description').fill(LABOR_TEXT);
  await stop.getByRole('button', { name: 'Clock Out', exact: true }).click();
  await stop.getByRole('combobox', { name: 'User Status' }).click();
  await page.getByRole('option', { name: 'Company Business', exact: true }).click();
  await stop.getByLabel('Company Description').fill(STATUS_TEXT);
  await stop.getByRole('button', { name: `Continue Clock Out ${WORK_ORDER}` }).click();
  await expect(stop).toBeHidden();

  await expect(laborEntries(page).filter({ hasText: LABOR_TEXT })).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Work status' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(STATUS_TEXT);
  await expectInert(page);

  for (const office of ['admin', 'dispatcher']) {
    await openAs(page, office, editPath);
    await expect(page.getByRole('heading', { name: `Work Order ${WORK_ORDER}` })).toBeVisible();
    const entry = laborEntries(page).filter({ hasText: 'Compressor' });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByTestId('labor-description')).toHaveText(LABOR_TEXT);
    await expectInert(page);
  }
});
