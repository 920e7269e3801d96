import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { choose } from './page-actions';
import { openAs, simulatorUrl } from './session';

// The demo company's service-channel (ServiceChannel) work orders, both tech's: 240024 at Lone Star Grill Downtown,
// about 200 m from where tech usually is, and 240025 at Lone Star Grill Fort Worth, 50 km away, where the provider
// refuses the check-in as out of range. The provider simulator listens on the product's port + 1 and shows what it
// received at /__state. Every open labor entry and tech's work status (Off Duty) are put back afterwards.
const GEO = { latitude: 32.78, longitude: -96.8 };
const OFF_DUTY = 10;
const ONSITE = 7;
const NEAR = { workOrderNumber: '240024', providerId: 88120451 };
const FAR = { workOrderNumber: '240025', providerId: 88120452 };
/** A provider round trip (position, validation, check-in) may take a while on a busy machine. */
const PROVIDER_MS = 20_000;

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const openLabor = (page: Page) => page.locator('[data-testid="labor-entry"][data-open="true"]');

let techToken: string | null = null;
async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  if (!techToken) {
    const login = await request.post('/api/v1/Account/login', { data: { userName: 'tech', password: 'demo1234' } });
    expect(login.ok(), await login.text()).toBe(true);
    techToken = (await login.json()).accessToken as string;
  }
  const response = await request.fetch(`/api/v1/${path}`, { method, data, headers: { Authorization: `Bearer ${techToken}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** What the provider simulator holds: its work orders and the check-ins it took. */
async function atProvider(request: APIRequestContext) {
  const response = await request.get(`${simulatorUrl()}/__state`);
  expect(response.ok()).toBe(true);
  return (await response.json()).serviceChannel as {
    workOrders: { Id: number; Status: { Primary: string; Extended: string | null } }[];
    checkIns: { WorkOrderId: number; MechanicId: number; UserId: number; TechsCount: number; Latitude: number; Longitude: number; CheckOut?: { MechanicId: number; UserId: number; PrimaryStatus: string } }[];
  };
}

/** Clocks tech out if labor is still open on the work order, and sets the work status back to Off Duty. */
async function clockOutIfOpen(request: APIRequestContext, workOrderNumber: string) {
  const { workOrderId } = await call(request, 'GET', `WorkOrder/${workOrderNumber}`);
  const view = await call(request, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  if (view.stopMode) {
    await call(request, 'POST', 'WOStartStop/clockOutWorkOrder', {
      workOrderId, workOrderLaborId: view.workOrderLaborId, description: 'Service-channel test clean-up', userStatusId: OFF_DUTY, workOrderStatusId: ONSITE,
      serviceTechnicianId: view.serviceTechnicianId,
    });
  }
  await call(request, 'GET', `User/updatestatus/${OFF_DUTY}`);
}

test.use({ geolocation: GEO, permissions: ['geolocation'] });

test.afterEach(async ({ request }) => {
  await clockOutIfOpen(request, NEAR.workOrderNumber);
  await clockOutIfOpen(request, FAR.workOrderNumber);
});

test('an out-of-range check-in: warned before, told in the provider\'s words after, and the labor is recorded', async ({ page, request }) => {
  await openAs(page, 'tech', `/workOrder/${FAR.workOrderNumber}/edit`);
  await page.getByRole('button', { name: 'Start Work Order' }).click();
  const start = page.getByRole('dialog', { name: `Start Work Order ${FAR.workOrderNumber}` });
  await expect(start).toBeVisible({ timeout: PROVIDER_MS });
  await expect(start.getByRole('textbox', { name: 'Number of Service Channel Techs' })).toHaveValue('1');
  await start.getByRole('textbox', { name: 'Number of Service Channel Techs' }).fill('2');
  const warning = start.getByTestId('provider-position-warning');
  await expect(warning).toContainText('You are 50 km from the site; the provider accepts check-ins only within 805 m', { timeout: PROVIDER_MS });
  await choose(start, 'Employee Type', 'Service Technician');
  await page.screenshot({ path: test.info().outputPath('start-warning-desktop.png') });
  await start.getByRole('button', { name: 'Save' }).click();

  await expect(toast(page, /did not take the check-in: Check-in is out of range: the technician is \d+ m from Lone Star Grill Fort Worth/)).toBeVisible({ timeout: PROVIDER_MS });
  await expect(start).toBeHidden({ timeout: PROVIDER_MS });
  await expect(page.getByRole('button', { name: 'Stop Work Order' })).toBeVisible();
  await expect(openLabor(page)).toHaveCount(1, { timeout: PROVIDER_MS });
  await page.screenshot({ path: test.info().outputPath('out-of-range-desktop.png') });
  expect((await atProvider(request)).checkIns.filter((c) => c.WorkOrderId === FAR.providerId)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('tech checks in near the site and stops with COMPLETED: no extended status, the provider completes it', async ({ page, request }) => {
    await openAs(page, 'tech', `/workOrder/${NEAR.workOrderNumber}/edit`);
    await page.getByRole('button', { name: 'Start Work Order' }).click();
    const start = page.getByRole('dialog', { name: `Start Work Order ${NEAR.workOrderNumber}` });
    await expect(start).toBeVisible({ timeout: PROVIDER_MS });
    await choose(start, 'Employee Type', 'Service Technician');
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Work order ${NEAR.workOrderNumber} started.`)).toBeVisible({ timeout: PROVIDER_MS });
    await expect(start).toBeHidden({ timeout: PROVIDER_MS });
    await expect(openLabor(page)).toHaveCount(1, { timeout: PROVIDER_MS });
    const checkIn = (await atProvider(request)).checkIns.find((c) => c.WorkOrderId === NEAR.providerId && !c.CheckOut)!;
    expect(checkIn).toMatchObject({ TechsCount: 1, Latitude: GEO.latitude, Longitude: GEO.longitude });

    await page.getByRole('button', { name: 'Stop Work Order' }).click();
    const stop = page.getByRole('dialog', { name: `Stop Work Order ${NEAR.workOrderNumber}` });
    await expect(stop).toBeVisible({ timeout: PROVIDER_MS });
    await expect(stop.getByRole('combobox', { name: 'Primary Status' })).toHaveValue('IN PROGRESS');
    await expect(stop.getByRole('combobox', { name: 'Extended Status' })).toBeVisible();
    await expect(stop.getByTestId('provider-position-warning')).toHaveCount(0);
    // Checked in a moment ago: a check-out now is a miss on the client's scorecard, and the technician is told so.
    await expect(stop.getByTestId('sc-early-check-out-warning')).toContainText(/counts as a miss on the client's compliance scorecard/);
    await stop.getByRole('textbox', { name: 'Description' }).fill('Replaced the evaporator fan motor; box down to 36°F.');
    await page.screenshot({ path: test.info().outputPath('stop-in-progress-phone.png') });
    await choose(stop, 'Primary Status', 'COMPLETED');
    await expect(stop.getByRole('combobox', { name: 'Extended Status' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('stop-completed-phone.png') });
    await stop.getByRole('button', { name: 'Clock Out' }).click();
    await choose(stop, 'User Status', 'At Shop');
    await stop.getByRole('button', { name: `Continue Clock Out ${NEAR.workOrderNumber}` }).click();
    await expect(toast(page, `Clocked out of work order ${NEAR.workOrderNumber}.`)).toBeVisible({ timeout: PROVIDER_MS });
    await expect(toast(page, 'did not take')).toHaveCount(0);
    await expect(openLabor(page)).toHaveCount(0, { timeout: PROVIDER_MS });

    const provider = await atProvider(request);
    const done = provider.checkIns.find((c) => c.MechanicId === checkIn.MechanicId)!;
    expect(done.CheckOut).toMatchObject({ MechanicId: checkIn.MechanicId, UserId: checkIn.UserId, PrimaryStatus: 'Completed' });
    expect(provider.workOrders.find((w) => w.Id === NEAR.providerId)!.Status).toEqual({ Primary: 'COMPLETED', Extended: 'PENDING CONFIRMATION' });
  });
});
