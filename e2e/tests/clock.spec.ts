import { expect, test } from './fixtures';
import { confirmation, dialog, editPath, GEO, openLabor, openStart, openStop, resetClock, startWorkOrder, toast, workStatus } from './clock-steps';
import { choose } from './page-actions';
import { accessTokenOf, openAs } from './session';

// Demo data: tech (rate sheet) has 240001–240030, tech2 (no rate sheet) 240031–240060. 240004 is Cedar Springs
// Deli and 240029 Ice House Storage: no rate sheet for tech. The picker lists the newest three first (240030,
// 240029, 240028). These tests clock on work orders no other test reads, and put every open labor entry and
// both technicians' work status (Off Duty) back afterwards.
const LOCATION_DENIED = 'Location Permission Denied. Please Allow Access To Location Services.';

test.describe('work order page', () => {
  test('shows the work order (also at /Edit), stays out of the navbar, and says when one is not found', async ({ page }) => {
    await openAs(page, 'tech', '/workOrder/240005/Edit');
    await expect(page.getByRole('heading', { name: 'Work Order 240005' })).toBeVisible();
    await expect(page).toHaveTitle('Work Order 240005 - WebBased');
    await expect(page.getByText('Bishop Arts Cafe')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /^214-555-\d{4}$/ })).toHaveAttribute('href', /^tel:214555\d{4}$/);
    await expect(page.getByText('Tom Alvarez').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Work Order' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Work Order', exact: true })).toHaveCount(0);

    await page.goto(editPath('240031')); // tech2's
    await expect(page.getByText('Work order not found')).toBeVisible();
    await page.goto(editPath('999999'));
    await expect(page.getByText('Work order not found')).toBeVisible();
  });
});

test.describe('clock with location allowed', () => {
  test.use({ geolocation: GEO, permissions: ['geolocation'] });

  test.afterEach(async ({ page, request }) => {
    await resetClock(page, request, 'tech', '240028');
    await resetClock(page, request, 'tech2', '240031');
  });

  // First of tech's clock tests: a start five hours back must not precede an earlier clock-out of this run.
  test('labor past the NTE keeps the NTE warning on screen', async ({ page }) => {
    await openAs(page, 'tech', editPath('240011')); // NTE $500, Lone Star rate sheet
    const start = await openStart(page, '240011');
    const fiveHoursAgo = await page.evaluate(() => {
      const d = new Date(Date.now() - 5 * 3600_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    });
    await start.locator('input[type="datetime-local"]').fill(fiveHoursAgo);
    await choose(start, 'Employee Type', 'Service Technician');
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(start).toBeHidden();

    await openStop(page, '240011');
    const nte = toast(page, 'This work order is exceeding over NTE. After 30 minutes work order total will be $');
    await expect(nte).toBeVisible();
    await page.waitForTimeout(6000); // longer than a toast's 5 s
    await expect(nte).toBeVisible();
  });

  test('tech starts, finishes and starts the next work order, then clocks out with a sub work order', async ({ page }) => {
    test.slow(); // the whole golden path in one test
    await openAs(page, 'tech', editPath('240028'));
    const start = await openStart(page, '240028');
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Employee Type field is required!')).toBeVisible();
    await expect(start.getByText('Employee Type field is required!')).toBeVisible();
    await choose(start, 'Employee Type', 'Service Technician');
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(start).toBeHidden();
    await expect(page.getByRole('button', { name: 'Stop Work Order' })).toBeVisible();
    await expect(openLabor(page)).toHaveCount(1);
    await expect(openLabor(page)).toContainText('Tom Alvarez');
    await expect(openLabor(page)).toContainText('Service Technician');
    await expect(openLabor(page)).toContainText(/\d+\.\d km from site/);
    await expect(workStatus(page)).toHaveValue('On Site');
    await expect(page.getByTestId('work-order-status')).toHaveText('Onsite');

    // Labor is open on 240028: Start on another work order opens 240028's Stop dialog, which links to it.
    await page.goto(editPath('240027'));
    await page.getByRole('button', { name: 'Start Work Order' }).click();
    const elsewhere = dialog(page, 'Stop Work Order 240028');
    await expect(elsewhere.getByRole('button', { name: 'Stop 240028 / Start 240027' })).toBeVisible();
    await elsewhere.getByRole('link', { name: '240028' }).click();
    await expect(page).toHaveURL(/\/workOrder\/240028\/edit$/);
    await expect(elsewhere).toBeHidden();

    let stop = await openStop(page, '240028');
    await stop.getByLabel('Description').fill('Cleaned the condenser coil; case holding 36°F.');
    await stop.getByRole('button', { name: 'Finish and Start New' }).click();
    const noFlag = confirmation(page, 'Work Order Flag is not selected. Do you want to continue?');
    await expect(noFlag).toBeVisible();
    await noFlag.getByRole('button', { name: 'Yes' }).click();

    const pick = dialog(page, 'Select New Work Order');
    await expect(pick).toBeVisible();
    await expect(pick.getByText('1 - 3 of 30')).toBeVisible();
    const row = (n: string) => pick.locator(`[data-work-order="${n}"]`);
    await expect(row('240028')).toBeVisible();
    await expect(row('240028').getByRole('button')).toHaveCount(0);
    await expect(row('240028').getByRole('link', { name: '240028' })).toBeVisible();
    await expect(row('240030')).toContainText('Uptown Steakhouse - 2401 McKinney Ave');
    await row('240030').getByRole('button', { name: 'Start 240030' }).click();

    await expect(page).toHaveURL(/\/workOrder\/240030\/edit$/);
    await expect(page.getByRole('heading', { name: 'Work Order 240030' })).toBeVisible();
    await expect(openLabor(page)).toHaveCount(1);
    await expect(workStatus(page)).toHaveValue('En Route');

    stop = await openStop(page, '240030');
    await stop.getByLabel('Description').fill('Replaced the evaporator fan motor.');
    await choose(stop, 'Work Order Status', 'Completed');
    const subWorkOrder = confirmation(page, 'Are you sure you want to create a subworkorder');
    await subWorkOrder.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Sub Work Order Created Successfully')).toBeVisible();
    const sub = await page.request.get('/api/v1/WorkOrder/240030-1', { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } });
    expect(sub.ok()).toBe(true);
    expect(await sub.json()).toMatchObject({ workOrderNumber: '240030-1', workOrderStatus: 'ToDo', parentWorkOrderId: expect.any(Number) });

    await expect(stop.getByRole('combobox', { name: 'User Status' })).toHaveCount(0);
    await stop.getByRole('button', { name: 'Clock Out', exact: true }).click();
    await choose(stop, 'User Status', 'Off Duty');
    await stop.getByRole('button', { name: 'Continue Clock Out 240030' }).click();
    await expect(stop).toBeHidden();
    await expect(openLabor(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start Work Order' })).toBeVisible();
    await expect(page.getByTestId('work-order-status')).toHaveText('Completed');
    await expect(workStatus(page)).toHaveValue('Off Duty');
  });

  test('tech2 has no rate sheet: no Employee Type; Company Business needs a company description', async ({ page }) => {
    test.slow();
    await openAs(page, 'tech2', editPath('240031'));
    const start = await openStart(page, '240031');
    await expect(start.getByText('Employee Type')).toHaveCount(0);
    await expect(start.getByText('Apprentice Rate')).toHaveCount(0);
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(start).toBeHidden();
    await expect(openLabor(page)).toContainText('Priya Natarajan');

    const stop = await openStop(page, '240031');
    await expect(stop.getByText('Employee Type')).toHaveCount(0);
    await stop.getByRole('button', { name: 'Clock Out', exact: true }).click();
    await stop.getByRole('button', { name: 'Continue Clock Out 240031' }).click();
    await expect(toast(page, 'Description field is required!')).toBeVisible();
    await stop.getByLabel('Description').fill('Checked refrigerant charge.');
    await choose(stop, 'User Status', 'Company Business');
    await stop.getByRole('button', { name: 'Continue Clock Out 240031' }).click();
    await expect(stop.getByText('Company Description field is required!')).toBeVisible();
    await stop.getByLabel('Company Description').fill('Picking up the new gauges at the office.');
    await stop.getByRole('button', { name: 'Continue Clock Out 240031' }).click();
    await expect(stop).toBeHidden();
    await expect(openLabor(page)).toHaveCount(0);
    await expect(workStatus(page)).toHaveValue('Company Business');
  });

  test('a customer without the technician’s rate sheet cannot be started', async ({ page }) => {
    await openAs(page, 'tech', editPath('240004'));
    const start = await openStart(page, '240004');
    await expect(start.getByRole('alert')).toHaveText(/Please set up Rate Sheet for this customer first/);
    await expect(start.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await start.getByRole('button', { name: 'Close' }).first().click();
    await expect(start).toBeHidden();
  });
});

test.describe('clock with location refused', () => {
  test.use({ geolocation: GEO, permissions: [] });

  test.afterEach(async ({ page, request }) => {
    await resetClock(page, request, 'tech', '240010');
  });

  test('Start on the picker says location is denied and nothing changes', async ({ page }) => {
    test.slow();
    await openAs(page, 'tech', editPath('240010'));
    await startWorkOrder(page, '240010', 'Refrigeration Specialist'); // a clock-in never waits for a position
    await expect(openLabor(page)).not.toContainText('km from site');

    const stop = await openStop(page, '240010');
    await stop.getByLabel('Description').fill('Swapped the thermostat.');
    await choose(stop, 'Work Order Flag', 'Callback');
    await stop.getByRole('button', { name: 'Finish and Start New' }).click();
    const pick = dialog(page, 'Select New Work Order'); // a chosen flag asks nothing
    await pick.locator('[data-work-order="240030"]').getByRole('button', { name: 'Start 240030' }).click();
    await expect(toast(page, LOCATION_DENIED)).toBeVisible();
    await expect(page).toHaveURL(/\/workOrder\/240010\/edit$/);

    await page.reload();
    await expect(openLabor(page)).toHaveCount(1);
    await page.goto(editPath('240030'));
    await expect(page.getByRole('heading', { name: 'Work Order 240030' })).toBeVisible();
    await expect(openLabor(page)).toHaveCount(0);
  });
});

test.describe('clock on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, geolocation: GEO, permissions: ['geolocation'] });

  test('the Start dialog fills the screen and Save is in view', async ({ page }) => {
    await openAs(page, 'tech', editPath('240008'));
    const start = await openStart(page, '240008');
    const content = page.locator('.mantine-Modal-content');
    const box = await content.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect(start.getByRole('button', { name: 'Save' })).toBeInViewport();
    await start.getByRole('button', { name: 'Cancel' }).click();
    await expect(start).toBeHidden();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});
