import { expect, test, type Page } from './fixtures';
import { tokenOf } from './api';
import { call, confirmation, dialog, editPath, GEO, openLabor, openStart, openStop, resetClock, startWorkOrder, toast, workStatus } from './clock-steps';
import { choose, shot } from './page-actions';
import { openAs } from './session';

// The clock dialogs to the letter (spec clock 2, 4; platform 4.3, 7.1). Runs in the clock group before clock.spec.ts;
// clocks only tech2 (no rate sheet, 240031–240060), on work orders no other test reads, so that tech's back-dated
// starts there never meet a later clock-out of this file. Every test puts tech2's labor and status back afterwards.
const NO_FLAG_QUESTION = 'Work Order Flag is not selected. Do you want to continue?';

/** What the server says of tech2's clock on a work order. */
async function clockOn(page: Page, workOrderNumber: string) {
  const token = await tokenOf(page.request, 'tech2');
  const { workOrderId } = await call(page.request, token, 'GET', `WorkOrder/${workOrderNumber}`);
  const view = await call(page.request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  return { isRunningHere: view.stopMode as boolean, openElsewhere: (view.newWorkOrderLabor?.workOrderNumber ?? null) as string | null };
}

/** tech2 clocked in on `a` through its Start dialog, then on `b`'s page pressing Start Work Order: `a`'s Stop dialog. */
async function startElsewhere(page: Page, a: string, b: string) {
  await openAs(page, 'tech2', editPath(a));
  await startWorkOrder(page, a);
  await page.goto(editPath(b));
  await expect(page.getByRole('heading', { name: `Work Order ${b}` })).toBeVisible();
  await page.getByRole('button', { name: 'Start Work Order' }).click();
  const stop = dialog(page, `Stop Work Order ${a}`);
  await expect(stop).toBeVisible();
  return stop;
}

/** The page of `workOrderNumber` is open, with tech2's labor running there or not. */
async function expectOnPage(page: Page, workOrderNumber: string, isRunning: boolean) {
  await expect(page).toHaveURL(new RegExp(`/workOrder/${workOrderNumber}/edit$`));
  await expect(page.getByRole('heading', { name: `Work Order ${workOrderNumber}` })).toBeVisible();
  await expect(page.getByRole('button', { name: isRunning ? 'Stop Work Order' : 'Start Work Order' })).toBeVisible();
  await expect(openLabor(page)).toHaveCount(isRunning ? 1 : 0);
}

test.describe('clock dialogs', () => {
  test.use({ geolocation: GEO, permissions: ['geolocation'] });

  test.afterEach(async ({ page, request }) => {
    await resetClock(page, request, 'tech2', '240041');
  });

  test('Start on B with labor open on A opens A’s Stop dialog; Stop A / Start B closes A and opens B in one step', async ({ page }) => {
    test.slow();
    const stop = await startElsewhere(page, '240041', '240042');
    await expect(stop.getByText('Labor is open on work order 240041')).toBeVisible();
    await expect(stop.getByRole('link', { name: '240041' })).toHaveAttribute('href', editPath('240041'));
    await expect(stop.getByRole('button', { name: 'Stop 240041 / Start 240042' })).toBeVisible();
    await expect(stop.getByRole('button', { name: 'Clock Out 240041' })).toBeVisible();
    await expect(stop.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(stop.getByRole('button', { name: 'Finish and Start New' })).toHaveCount(0);
    await shot(page, 'stop-a-start-b-desktop', { fullPage: false });

    // The stop form's rules apply: a description first, then the question about the missing flag.
    await stop.getByRole('button', { name: 'Stop 240041 / Start 240042' }).click();
    await expect(toast(page, 'Description field is required!')).toBeVisible();
    await stop.getByLabel('Description').fill('Cleared the ice machine drain.');
    await stop.getByRole('button', { name: 'Stop 240041 / Start 240042' }).click();
    const noFlag = confirmation(page, NO_FLAG_QUESTION);
    await noFlag.getByRole('button', { name: 'Yes' }).click();

    await expect(stop).toBeHidden();
    await expectOnPage(page, '240042', true);
    await expect(openLabor(page)).toContainText('Priya Natarajan');
    await expect(workStatus(page)).toHaveValue('En Route');
    expect(await clockOn(page, '240042')).toEqual({ isRunningHere: true, openElsewhere: null });
    expect(await clockOn(page, '240041')).toEqual({ isRunningHere: false, openElsewhere: '240042' });
  });

  test('Clock Out A from B’s Start closes A only, through the user status step; B is not started', async ({ page }) => {
    test.slow();
    const stop = await startElsewhere(page, '240043', '240044');
    await stop.getByLabel('Description').fill('Replaced the door gasket.');
    await expect(stop.getByRole('combobox', { name: 'User Status' })).toHaveCount(0);
    await stop.getByRole('button', { name: 'Clock Out 240043' }).click();
    await choose(stop, 'User Status', 'At Shop');
    await stop.getByRole('button', { name: 'Continue Clock Out 240043' }).click();
    await expect(stop).toBeHidden();
    await expectOnPage(page, '240044', false);
    await expect(workStatus(page)).toHaveValue('At Shop');
    expect(await clockOn(page, '240043')).toEqual({ isRunningHere: false, openElsewhere: null });
    expect(await clockOn(page, '240044')).toEqual({ isRunningHere: false, openElsewhere: null });
  });

  test('the Start dialog offers the user status (On Site first) and sends it; Stop reads the stop view data first', async ({ page }) => {
    test.slow();
    await openAs(page, 'tech2', editPath('240045'));
    const start = await openStart(page, '240045');
    const userStatus = start.getByRole('combobox', { name: 'User Status' });
    await expect(userStatus).toHaveValue('On Site');
    await choose(start, 'User Status', 'Picking Up Parts');
    await shot(page, 'start-user-status-desktop', { fullPage: false });
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(start).toBeHidden();
    await expect(workStatus(page)).toHaveValue('Picking Up Parts');
    await expect(openLabor(page)).toHaveCount(1);

    const asked: string[] = [];
    page.on('request', (r) => {
      const name = /WOStartStop\/(\w+)/.exec(r.url())?.[1];
      if (name) asked.push(name);
    });
    await openStop(page, '240045');
    expect(asked).toContain('getStopWOViewData');
    expect(asked.indexOf('getStopWOViewData')).toBeLessThan(asked.indexOf('getStartWOViewData'));
  });

  test('Finish and Start New lands on the new work order’s page, where the labor runs', async ({ page }) => {
    test.slow();
    await openAs(page, 'tech2', editPath('240046'));
    await startWorkOrder(page, '240046');
    const stop = await openStop(page, '240046');
    await stop.getByLabel('Description').fill('Leveled the reach-in cooler.');
    await choose(stop, 'Work Order Flag', 'Callback');
    await stop.getByRole('button', { name: 'Finish and Start New' }).click();
    const pick = dialog(page, 'Select New Work Order');
    await pick.locator('[data-work-order="240060"]').getByRole('button', { name: 'Start 240060' }).click();
    await expectOnPage(page, '240060', true);
    await expect(openLabor(page)).toContainText('Priya Natarajan');
    expect(await clockOn(page, '240046')).toEqual({ isRunningHere: false, openElsewhere: '240060' });
  });
});

test.describe('clock dialogs on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, geolocation: GEO, permissions: ['geolocation'] });

  test.afterEach(async ({ page, request }) => {
    await resetClock(page, request, 'tech2', '240041');
  });

  test('the Start dialog with the user status and the Stop A / Start B buttons fit, stacked at full width', async ({ page }) => {
    test.slow();
    await openAs(page, 'tech2', editPath('240047'));
    const start = await openStart(page, '240047');
    await expect(start.getByRole('combobox', { name: 'User Status' })).toBeInViewport();
    await shot(page, 'start-user-status-phone', { fullPage: false });
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(start).toBeHidden();

    await page.goto(editPath('240048'));
    await page.getByRole('button', { name: 'Start Work Order' }).click();
    const stop = dialog(page, 'Stop Work Order 240047');
    const buttons = ['Stop 240047 / Start 240048', 'Clock Out 240047', 'Cancel'].map((name) => stop.getByRole('button', { name }));
    const boxes = [];
    for (const button of buttons) {
      await expect(button).toBeInViewport();
      boxes.push((await button.boundingBox())!);
    }
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.width).toBeGreaterThan(300);
    }
    // Stacked, the main action on top.
    expect(boxes[0].y).toBeLessThan(boxes[1].y);
    expect(boxes[1].y).toBeLessThan(boxes[2].y);
    await shot(page, 'stop-a-start-b-phone', { fullPage: false });
    await stop.getByRole('button', { name: 'Cancel' }).click();
    await expect(stop).toBeHidden();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});
