import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { call } from './api';
import { choose } from './page-actions';
import { accessTokenOf, openAs } from './session';

/** Steps the clock tests share: the work order page's Start and Stop dialogs, and putting a technician's clock back. */
export const GEO = { latitude: 32.78, longitude: -96.8 };
export const OFF_DUTY = 10;

export const editPath = (workOrderNumber: string) => `/workOrder/${workOrderNumber}/edit`;
export const workStatus = (page: Page) => page.getByRole('combobox', { name: 'Work status' });
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
export const openLabor = (page: Page) => page.locator('[data-testid="labor-entry"][data-open="true"]');
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
export const confirmation = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });

export async function openStart(page: Page, workOrderNumber: string) {
  await page.getByRole('button', { name: 'Start Work Order' }).click();
  const start = dialog(page, `Start Work Order ${workOrderNumber}`);
  await expect(start).toBeVisible();
  return start;
}

export async function openStop(page: Page, workOrderNumber: string) {
  await page.getByRole('button', { name: 'Stop Work Order' }).click();
  const stop = dialog(page, `Stop Work Order ${workOrderNumber}`);
  await expect(stop).toBeVisible();
  return stop;
}

/** Clocks in through the Start dialog (with an Employee Type for rate-sheet users). */
export async function startWorkOrder(page: Page, workOrderNumber: string, employeeType?: string) {
  const start = await openStart(page, workOrderNumber);
  if (employeeType) await choose(start, 'Employee Type', employeeType);
  await start.getByRole('button', { name: 'Save' }).click();
  await expect(start).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop Work Order' })).toBeVisible();
}

export { call };

/** Clocks the user out wherever labor is still open and sets their status back to Off Duty. */
export async function resetClock(page: Page, request: APIRequestContext, userName: string, anyWorkOrderNumber: string) {
  await openAs(page, userName, '/home');
  const token = await accessTokenOf(page);
  const { workOrderId } = await call(request, token, 'GET', `WorkOrder/${anyWorkOrderNumber}`);
  let view = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  if (view.newWorkOrderLabor) {
    view = await call(request, token, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId: view.newWorkOrderLabor.workOrderId });
  }
  if (view.stopMode) {
    await call(request, token, 'POST', 'WOStartStop/clockOutWorkOrder', {
      workOrderId: view.workOrderId,
      workOrderLaborId: view.workOrderLaborId,
      description: 'Clock test clean-up',
      userStatusId: OFF_DUTY,
      workOrderStatusId: 7,
    });
  }
  await call(request, token, 'GET', `User/updatestatus/${OFF_DUTY}`);
}
