import { expect, type Page } from '@playwright/test';
import { accessTokenOf, openAs } from './session';

/**
 * Tech's labor on a work order through the API, as his phone sends it: clocked in `minutes` ago at Bishop Arts Cafe
 * as a Service Technician, clocked out now, off duty after. Leaves the page signed in as tech.
 */
export async function techWorked(page: Page, workOrderNumber: string, minutes: number) {
  await openAs(page, 'tech', '/home');
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const { workOrderId, billingCustomerId } = await (await page.request.get(`/api/v1/WorkOrder/${workOrderNumber}`, { headers })).json();
  const rates = (await (await page.request.get(`/api/v1/WorkOrder/rateSheetLaborItems/${billingCustomerId}`, { headers })).json()) as { serviceTechnicianId: number; employeeType: string }[];
  const serviceTechnicianId = rates.find((r) => r.employeeType === 'Service Technician')!.serviceTechnicianId;
  const clockIn = await page.request.post('/api/v1/WOStartStop/clockInWorkOrder', {
    headers,
    data: { workOrderId, serviceTechnicianId, startTime: new Date(Date.now() - minutes * 60_000).toISOString(), currentLatLong: { latitude: 32.7488, longitude: -96.8285 } },
  });
  expect(clockIn.status(), await clockIn.text()).toBe(200);
  const clockOut = await page.request.post('/api/v1/WOStartStop/clockOutWorkOrder', {
    headers,
    data: { workOrderId, workOrderLaborId: (await clockIn.json()).workOrderLaborId, description: 'Replaced the walk-in cooler door gasket', userStatusId: 10, workOrderStatusId: 13, serviceTechnicianId },
  });
  expect(clockOut.status(), await clockOut.text()).toBe(200);
}
