import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { call, tokenOf } from './api';
import { choose, shot } from './page-actions';
import { openAs, simulatorUrl } from './session';

// The Stop dialog's Corrigo status and comment. 240023 is Accepted at the provider (Corrigo) for a customer that
// requires no repair codes: tech's clock-in checks it in there, a pause through the product makes it Paused, and then
// Stop opens the Stop dialog directly (no check-out wizard), where the company's setting makes the Corrigo status and
// comment required. Runs with the provider tests: it clocks tech in now and leaves him clocked out, Off Duty, and the
// setting off.
const GEO = { latitude: 32.78, longitude: -96.8 };
const OFF_DUTY = 10;
const ONSITE = 7;
const ACCEPTED = { workOrderNumber: '240023', corrigoId: 8801503 };
/** A provider round trip (position, then several calls to the provider) may take a while on a busy machine. */
const PROVIDER_MS = 20_000;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A PUT to the product's API as a demo user; anything but a 2xx fails the test. */
async function put(request: APIRequestContext, userName: string, path: string, data: unknown) {
  const response = await request.fetch(`/api/v1/${path}`, { method: 'PUT', data, headers: { Authorization: `Bearer ${await tokenOf(request, userName)}` } });
  expect(response.ok(), `PUT ${path}: ${await response.text()}`).toBe(true);
}

const requireCorrigoStatus = (request: APIRequestContext, isStopStatusRequired: boolean) =>
  put(request, 'admin', 'Settings/corrigoSettings', { isStopStatusRequired });

/** What the provider simulator holds for one of its work orders. */
async function atProvider(request: APIRequestContext, corrigoId: number) {
  const response = await request.get(`${simulatorUrl()}/__state`);
  expect(response.ok()).toBe(true);
  return (await response.json()).corrigo.workOrders[corrigoId] as { Status: string; LastCheckOut: { Comment?: string; Location?: object } | null };
}

test.use({ viewport: { width: 1366, height: 900 }, geolocation: GEO, permissions: ['geolocation'] });

test.afterEach(async ({ request }) => {
  await requireCorrigoStatus(request, false);
  const token = await tokenOf(request, 'tech');
  const { workOrderId } = await call(request, token, 'GET', `WorkOrder/${ACCEPTED.workOrderNumber}`);
  const view = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  if (view.stopMode) {
    await call(request, token, 'POST', 'WOStartStop/clockOutWorkOrder', {
      workOrderId, workOrderLaborId: view.workOrderLaborId, description: 'Corrigo stop test clean-up', userStatusId: OFF_DUTY, workOrderStatusId: ONSITE,
      serviceTechnicianId: view.serviceTechnicianId,
    });
  }
  await call(request, token, 'GET', `User/updatestatus/${OFF_DUTY}`);
});

test('tech leaves a paused Corrigo work order Checked Out from the Stop dialog, with the status and comment the company requires', async ({ page, request }) => {
  await requireCorrigoStatus(request, true);
  // Clock in (Corrigo checks it in), then pause it at Corrigo: Stop then needs no check-out wizard.
  const token = await tokenOf(request, 'tech');
  const { workOrderId } = await call(request, token, 'GET', `WorkOrder/${ACCEPTED.workOrderNumber}`);
  const start = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  const now = new Date().toISOString();
  await call(request, token, 'POST', 'WOStartStop/clockInWorkOrder', {
    workOrderId, startTime: now, date: now, currentLatLong: GEO, serviceTechnicianId: start.rateSheetLaborItems[0]?.serviceTechnicianId ?? null,
  });
  expect((await atProvider(request, ACCEPTED.corrigoId)).Status).toBe('CheckedIn');
  await put(request, 'tech', 'CorrigoWorkOrders/changeStatus', { workOrderId, workOrderStatus: 'Paused', comment: 'Waiting for the part.', location: GEO });

  await openAs(page, 'tech', `/workOrder/${ACCEPTED.workOrderNumber}/edit`);
  await page.getByRole('button', { name: 'Stop Work Order' }).click();
  const stop = page.getByRole('dialog', { name: `Stop Work Order ${ACCEPTED.workOrderNumber}` });
  await expect(stop).toBeVisible();
  await expect(page.getByRole('dialog', { name: `Corrigo Clock Out ${ACCEPTED.workOrderNumber}` })).toHaveCount(0);

  // From Paused, Corrigo takes Checked Out or Completed; both fields are required by the company's setting.
  const status = stop.getByRole('combobox', { name: 'Corrigo Status' });
  const comment = stop.getByRole('textbox', { name: 'Corrigo Comment' });
  await expect(status).toHaveAttribute('required');

  await stop.getByRole('textbox', { name: 'Description' }).fill('Replaced the drain pan heater.');
  await stop.getByRole('button', { name: 'Clock Out' }).click();
  await choose(stop, 'User Status', 'Off Duty');
  const continueOut = stop.getByRole('button', { name: `Continue Clock Out ${ACCEPTED.workOrderNumber}` });
  await continueOut.click();
  await expect(toast(page, 'Corrigo Status field is required!')).toBeVisible();
  await status.click();
  await expect(page.getByRole('option')).toHaveText(['Checked Out', 'Completed']);
  await page.getByRole('option', { name: 'Checked Out' }).click();
  await comment.fill('Done');
  await continueOut.click();
  await expect(toast(page, 'Corrigo Comment must be at least 5 characters.')).toBeVisible();
  await expect(stop.getByText('Corrigo Comment must be at least 5 characters.')).toBeVisible();
  expect((await atProvider(request, ACCEPTED.corrigoId)).Status).toBe('Paused');

  await comment.fill('Heater replaced; the case holds temperature.');
  await shot(page, 'stop-dialog-corrigo-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'stop-dialog-corrigo-phone', { fullPage: false });
  await continueOut.click();
  await expect(toast(page, `Clocked out of work order ${ACCEPTED.workOrderNumber}.`)).toBeVisible({ timeout: PROVIDER_MS });
  await expect(stop).toBeHidden();
  await expect(toast(page, 'Corrigo did not take')).toHaveCount(0);

  // Corrigo received the check-out with the comment and where tech stood.
  const provider = await atProvider(request, ACCEPTED.corrigoId);
  expect(provider.Status).toBe('Completed');
  expect(provider.LastCheckOut).toMatchObject({ Comment: 'Heater replaced; the case holds temperature.', Location: { Latitude: GEO.latitude, Longitude: GEO.longitude } });
});
