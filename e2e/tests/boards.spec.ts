import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { call, deleteVisits, scheduleVisit, tokenOf } from './api';
import { choose } from './page-actions';
import { openAs } from './session';

// Runs after the clock tests (its own project): it clocks tech in and out now, and they back-date a start. Every
// schedule item it makes is deleted again, and both technicians end clocked out and Off Duty. 240017 (tech) and
// 240047 (tech2) are work orders no other test reads.
const GEO = { latitude: 32.78, longitude: -96.8 };
const OFF_DUTY = 10;
const ONSITE = 7;
const MAP_FALLBACK = 'Map cannot be loaded right now, sorry.';

const workStatus = (page: Page) => page.getByRole('combobox', { name: 'Work status' });
const routeItem = (page: Page, task: string) => page.getByTestId('route-item').filter({ hasText: task });

/** Schedule items this file made, deleted again after each test (as the dispatcher who made them). */
const made: number[] = [];

async function scheduleForNow(request: APIRequestContext, userName: string, task: string, workOrderNumber?: string) {
  const schedulerId = await scheduleVisit(request, { userName, task, workOrderNumber });
  made.push(schedulerId);
  return schedulerId;
}

/** Clocks the user out if labor is still open on the work order, and sets their status back to Off Duty. */
async function clockOutIfOpen(request: APIRequestContext, userName: string, workOrderNumber: string) {
  const token = await tokenOf(request, userName);
  const { workOrderId } = await call(request, token, 'GET', `WorkOrder/${workOrderNumber}`);
  const view = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  if (view.stopMode) {
    await call(request, token, 'POST', 'WOStartStop/clockOutWorkOrder', { workOrderId, workOrderLaborId: view.workOrderLaborId, description: 'Boards test clean-up', userStatusId: OFF_DUTY, workOrderStatusId: ONSITE });
  }
  await call(request, token, 'GET', `User/updatestatus/${OFF_DUTY}`);
}

test.afterEach(async ({ request }) => deleteVisits(request, made));

test.describe('master board', () => {
  test('leader sees a visit planned elsewhere appear live, and the map says it cannot load', async ({ page, request }) => {
    await openAs(page, 'leader', '/management/masterBoard');
    await expect(page.getByRole('heading', { name: 'Master Board' })).toBeVisible();
    const tom = page.getByRole('article', { name: 'Tom Alvarez' });
    await expect(tom).toBeVisible();
    await expect(tom.getByTestId('technician-status')).toHaveText('Off Duty');
    await expect(page.getByTestId('live-indicator')).toHaveText('Live');
    await page.evaluate(() => ((window as unknown as { boardMark?: number }).boardMark = 1));

    // A visit to a placed customer: the map has a job site to show, whatever day the demo's own visits are on.
    const task = `Walk-in cooler door gasket ${Date.now()}`;
    await expect(tom.getByText(task)).toHaveCount(0);
    await scheduleForNow(request, 'tech', task, '240017');
    await expect(tom.getByText(task)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { boardMark?: number }).boardMark), 'the page was not reloaded').toBe(1);

    await expect(page.getByRole('region', { name: 'Map' })).toContainText(MAP_FALLBACK);
  });

  test('leader filters the master board by name', async ({ page }) => {
    await openAs(page, 'leader', '/management/masterBoard');
    await expect(page).toHaveTitle('Master Board - WebBased');
    await page.getByRole('textbox', { name: 'Technician' }).fill('priya');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Priya Natarajan' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Technician' }).fill('nobody by this name');
    await expect(page.getByText('No technicians')).toBeVisible();
  });
});

test.describe('my route on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, geolocation: GEO, permissions: ['geolocation'] });

  test.afterEach(async ({ request }) => {
    await clockOutIfOpen(request, 'tech', '240017');
    await clockOutIfOpen(request, 'tech2', '240047');
  });

  test('tech starts a scheduled job (choosing an Employee Type), sees it in progress and On Site, then stops it', async ({ page, request }) => {
    test.slow();
    const task = `Route test: condenser fan ${Date.now()}`;
    await scheduleForNow(request, 'tech', task, '240017');
    await openAs(page, 'tech', '/techScheduledRoute');
    await expect(page.getByRole('heading', { name: 'My Route' })).toBeVisible();
    const card = routeItem(page, task);
    await expect(card).toHaveAttribute('data-in-progress', 'false');

    await card.getByRole('button', { name: 'Start 240017' }).click();
    const start = page.getByRole('dialog', { name: 'Start Work Order 240017' });
    await expect(start).toBeVisible();
    await choose(start, 'Employee Type', 'Service Technician');
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(start).toBeHidden();
    await expect(card).toHaveAttribute('data-in-progress', 'true');
    await expect(card.getByTestId('route-item-progress')).toHaveText('In progress');
    await expect(page.getByTestId('route-in-progress')).toContainText('240017');
    await expect(workStatus(page)).toHaveValue('On Site');

    await card.getByRole('button', { name: 'Stop 240017' }).click();
    const stop = page.getByRole('dialog', { name: 'Stop Work Order 240017' });
    await expect(stop).toBeVisible();
    await stop.getByLabel('Description').fill('Cleaned the condenser fan blades.');
    await stop.getByRole('button', { name: 'Clock Out', exact: true }).click();
    await choose(stop, 'User Status', 'Off Duty');
    await stop.getByRole('button', { name: 'Continue Clock Out 240017' }).click();
    await expect(stop).toBeHidden();
    await expect(card).toHaveAttribute('data-in-progress', 'false');
    await expect(card.getByRole('button', { name: 'Start 240017' })).toBeVisible();
    await expect(page.getByTestId('route-in-progress')).toHaveCount(0);
    await expect(workStatus(page)).toHaveValue('Off Duty');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });

  test('tech2, without a rate sheet, starts with one press: on site, with the position, from the schedule item', async ({ page, request }) => {
    const task = `Route test: ice machine ${Date.now()}`;
    await scheduleForNow(request, 'tech2', task, '240047');
    await openAs(page, 'tech2', '/techScheduledRoute');
    const card = routeItem(page, task);
    await card.getByRole('button', { name: 'Start 240047' }).click();
    await expect(card).toHaveAttribute('data-in-progress', 'true');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(workStatus(page)).toHaveValue('On Site');

    const details = await call(request, await tokenOf(request, 'tech2'), 'GET', 'WorkOrder/240047');
    const open = details.laborEntries.find((l: { isOpen: boolean }) => l.isOpen);
    expect(open).toMatchObject({ userName: 'Priya Natarajan', isReachedAtSite: true, clockInDistanceKm: expect.any(Number) });
  });
});
