import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { call, deleteVisits, scheduleVisit, tokenOf } from './api';
import { choose, shot } from './page-actions';
import { openAs, simulatorUrl } from './session';

// The demo company's work orders from the facilities provider (Corrigo), all tech's: 240021 is checked in there for
// a customer that requires repair codes, a question and procedure steps (the whole wizard); 240022 is checked in for
// a customer that requires none (the wizard starts past the repair step, on the checklist). The provider simulator listens on the product's
// port + 1 and shows what it received at /__state. Runs last (its own project): it clocks tech in and out now, and
// puts every open labor entry, the work status (Off Duty) and the schedule items it made back afterwards.
const GEO = { latitude: 32.78, longitude: -96.8 };
const OFF_DUTY = 10;
const ONSITE = 7;
const GUIDED = { workOrderNumber: '240021', corrigoId: 8801501 };
const PLAIN = { workOrderNumber: '240022', corrigoId: 8801502 };
/** A provider round trip (position, then several calls to the provider) may take a while on a busy machine. */
const PROVIDER_MS = 20_000;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const wizardOf = (page: Page, workOrderNumber: string) => page.getByRole('dialog', { name: `Corrigo Clock Out ${workOrderNumber}` });

interface SimulatedWorkOrder {
  Status: string;
  LastPause: { Location?: { Latitude: number; Longitude: number }; Comment?: string } | null;
  LastCheckOut: { Location?: { Latitude: number; Longitude: number }; CustomFields?: { Id: number; Value: string | null }[]; RepairInfo?: { CategoryId: number; CodeId: number } } | null;
  Actions: { Action: string }[];
  Procedures: { Id: number; Steps: { Id: number; State: string; Value: string | null; Comment: string | null }[] }[];
}

/** What the provider simulator holds for one of its work orders. */
async function atProvider(request: APIRequestContext, corrigoId: number): Promise<SimulatedWorkOrder> {
  const response = await request.get(`${simulatorUrl()}/__state`);
  expect(response.ok()).toBe(true);
  return (await response.json()).corrigo.workOrders[corrigoId];
}

/** Clocks tech in on the work order now (with the Employee Type of the rate sheet). */
async function clockIn(request: APIRequestContext, workOrderNumber: string) {
  const token = await tokenOf(request, 'tech');
  const { workOrderId } = await call(request, token, 'GET', `WorkOrder/${workOrderNumber}`);
  const view = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  if (view.stopMode) return;
  const now = new Date().toISOString();
  await call(request, token, 'POST', 'WOStartStop/clockInWorkOrder', {
    workOrderId,
    startTime: now,
    date: now,
    currentLatLong: GEO,
    serviceTechnicianId: view.rateSheetLaborItems[0]?.serviceTechnicianId ?? null,
  });
}

/** Clocks tech out if labor is still open on the work order, and sets the work status back to Off Duty. */
async function clockOutIfOpen(request: APIRequestContext, workOrderNumber: string) {
  const token = await tokenOf(request, 'tech');
  const { workOrderId } = await call(request, token, 'GET', `WorkOrder/${workOrderNumber}`);
  const view = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  if (view.stopMode) {
    await call(request, token, 'POST', 'WOStartStop/clockOutWorkOrder', {
      workOrderId,
      workOrderLaborId: view.workOrderLaborId,
      description: 'Provider check-out test clean-up',
      userStatusId: OFF_DUTY,
      workOrderStatusId: ONSITE,
      serviceTechnicianId: view.serviceTechnicianId,
    });
  }
  await call(request, token, 'GET', `User/updatestatus/${OFF_DUTY}`);
}

/** Updates one step through the Update Step dialog. */
async function updateStep(page: Page, wizard: Locator, step: string, fill: (dialog: Locator) => Promise<void>) {
  await wizard.getByRole('button', { name: `Update step ${step}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Step' });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
}

/** The screen as the phone shows it and as a desktop would, back on the phone after. */
async function shotPhoneAndDesktop(page: Page, name: string) {
  await shot(page, `${name}-phone`, { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, `${name}-desktop`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
}

const made: number[] = [];

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, geolocation: GEO, permissions: ['geolocation'] });

test.afterEach(async ({ request }) => {
  await clockOutIfOpen(request, GUIDED.workOrderNumber);
  await clockOutIfOpen(request, PLAIN.workOrderNumber);
  await deleteVisits(request, made);
});

test('tech checks a provider work order out through repair category, questions and checklist before the stop form', async ({ page, request }) => {
  await clockIn(request, GUIDED.workOrderNumber);
  await openAs(page, 'tech', `/workOrder/${GUIDED.workOrderNumber}/edit`);
  await page.getByRole('button', { name: 'Stop Work Order' }).click();

  const wizard = wizardOf(page, GUIDED.workOrderNumber);
  await expect(wizard).toBeVisible();
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('Step 1 of 3');
  await expect(wizard.getByRole('heading', { name: 'Repair Category' })).toBeVisible();
  await choose(wizard, 'Status', 'Completed');
  await wizard.getByRole('textbox', { name: 'Comment' }).fill('Replaced the condenser fan motor and tested the box.');
  await shotPhoneAndDesktop(page, 'wizard-repair-step');

  // The customer requires repair codes: Completed needs them, Checked Out does not (spec clock 4).
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'The Repair Category is Required!')).toBeVisible();
  await expect(wizard.getByText('The Repair Sub Category is Required!')).toBeVisible();
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('Step 1 of 3');
  await choose(wizard, 'Status', 'Checked Out');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('Step 2 of 3');
  await wizard.getByRole('button', { name: 'Previous' }).click();
  await expect(wizard.getByRole('combobox', { name: 'Repair Category' })).not.toHaveAttribute('aria-invalid', 'true');
  await choose(wizard, 'Repair Category', 'Refrigeration');
  await choose(wizard, 'Repair Sub Category', 'Replaced fan motor');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Questions: the required one left empty blocks Next.
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('Step 2 of 3');
  await wizard.getByRole('textbox', { name: 'Refrigerant added (lbs)' }).fill('1.5');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Equipment left operational is required')).toBeVisible();
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('Step 2 of 3');
  await choose(wizard, 'Equipment left operational', 'Yes');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Checked List: a required step still open blocks the check-out, and the provider received nothing.
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('Step 3 of 3');
  const inspection = wizard.getByRole('region', { name: 'Walk-in cooler inspection' });
  const signOff = wizard.getByRole('region', { name: 'Site sign-off' });
  await expect(inspection.getByRole('button', { name: 'Save Walk-in cooler inspection' })).toBeEnabled();
  await expect(signOff.getByRole('button', { name: 'Save Site sign-off' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(toast(page, 'Complete Procedure Step before Checkout Work order')).toBeVisible();
  await expect(wizard).toBeVisible();
  expect((await atProvider(request, GUIDED.corrigoId)).LastCheckOut).toBeNull();

  // Steps: notes are required; a value or Yes makes the step Done; Save sends the procedure.
  await updateStep(page, wizard, 'Temperature (°F)', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Temperature (°F)' }).fill('36');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Notes field is required!')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Read at the evaporator outlet');
  });
  await updateStep(page, wizard, 'Check the door gasket seals all around', async (dialog) => {
    await dialog.getByText('Yes', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Gasket seals all around');
  });
  const temperature = inspection.getByRole('group', { name: 'Temperature (°F)' });
  await expect(temperature.getByTestId('step-status')).toHaveText('Done');
  await inspection.getByRole('button', { name: 'Save Walk-in cooler inspection' }).click();
  await expect(toast(page, 'Corrigo Procedure step updated successfully')).toBeVisible({ timeout: PROVIDER_MS });
  await expect(inspection.getByRole('button', { name: 'Save Walk-in cooler inspection' })).toBeDisabled();
  const saved = (await atProvider(request, GUIDED.corrigoId)).Procedures.find((p) => p.Id === 9101)!;
  expect(saved.Steps.find((s) => s.Id === 91011)).toMatchObject({ State: 'Done', Value: '36', Comment: 'Read at the evaporator outlet' });
  expect(saved.Steps.find((s) => s.Id === 91012)).toMatchObject({ State: 'Done', Value: 'true' });

  // Finish checks out at the provider, then the normal stop form opens.
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(toast(page, 'Corrigo Work Order Saved')).toBeVisible({ timeout: PROVIDER_MS });
  await expect(wizard).toBeHidden();
  // The stop form opens with the wizard's status and comment in its Corrigo fields.
  const stop = page.getByRole('dialog', { name: `Stop Work Order ${GUIDED.workOrderNumber}` });
  await expect(stop).toBeVisible();
  await expect(stop.getByRole('combobox', { name: 'Corrigo Status' })).toHaveValue('Checked Out');
  await expect(stop.getByRole('textbox', { name: 'Corrigo Comment' })).toHaveValue('Replaced the condenser fan motor and tested the box.');
  const provider = await atProvider(request, GUIDED.corrigoId);
  expect(provider.Actions.map((a) => a.Action)).toContain('CheckedOut');
  expect(provider.Status).not.toBe('CheckedIn');
  expect(provider.LastCheckOut?.Location).toMatchObject({ Latitude: GEO.latitude, Longitude: GEO.longitude });
  expect(provider.LastCheckOut?.RepairInfo).toMatchObject({ CategoryId: 310, CodeId: 3101 });
  expect(provider.LastCheckOut?.CustomFields).toEqual(expect.arrayContaining([expect.objectContaining({ Id: 5101, Value: 'Yes' })]));
});

test('tech pauses a provider work order from the route, after backing out once', async ({ page, request }) => {
  const task = `Provider pause test ${Date.now()}`;
  made.push(await scheduleVisit(request, { userName: 'tech', task, workOrderNumber: PLAIN.workOrderNumber }));
  await clockIn(request, PLAIN.workOrderNumber);

  await openAs(page, 'tech', '/techScheduledRoute');
  const card = page.getByTestId('route-item').filter({ hasText: task });
  const wizard = wizardOf(page, PLAIN.workOrderNumber);

  // Cancel: nothing more opens and the provider is untouched.
  await card.getByRole('button', { name: `Stop ${PLAIN.workOrderNumber}` }).click();
  await expect(wizard).toBeVisible();
  await wizard.getByRole('button', { name: 'Cancel' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByRole('dialog', { name: `Stop Work Order ${PLAIN.workOrderNumber}` })).toHaveCount(0);

  // Repair codes are not required and there are no questions: the wizard starts past the repair step, on the
  // checklist, which asks for the status and comment itself.
  await card.getByRole('button', { name: `Stop ${PLAIN.workOrderNumber}` }).click();
  await expect(wizard.getByTestId('wizard-progress')).toHaveText('Step 1 of 1');
  await expect(wizard.getByRole('heading', { name: 'Checked List' })).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Repair Category' })).toHaveCount(0);
  await choose(wizard, 'Status', 'Paused');
  await wizard.getByRole('textbox', { name: 'Comment' }).fill('Wait');
  await shotPhoneAndDesktop(page, 'wizard-past-repair');
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(toast(page, 'Comment must be at least 5 characters.')).toBeVisible();
  expect((await atProvider(request, PLAIN.corrigoId)).Status).toBe('CheckedIn');

  await wizard.getByRole('textbox', { name: 'Comment' }).fill('Waiting for the compressor part to arrive.');
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(toast(page, 'Saved')).toBeVisible({ timeout: PROVIDER_MS });
  await expect(wizard).toBeHidden();
  const stop = page.getByRole('dialog', { name: `Stop Work Order ${PLAIN.workOrderNumber}` });
  await expect(stop).toBeVisible();
  await expect(stop.getByRole('combobox', { name: 'Corrigo Status' })).toHaveValue('Paused');
  const provider = await atProvider(request, PLAIN.corrigoId);
  expect(provider.Status).toBe('Paused');
  expect(provider.LastPause?.Location).toMatchObject({ Latitude: GEO.latitude, Longitude: GEO.longitude });
  expect(provider.LastPause?.Comment).toBe('Waiting for the compressor part to arrive.');
});
