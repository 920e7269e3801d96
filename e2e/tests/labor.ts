import { expect, type Page } from '@playwright/test';
import { accessTokenOf, openAs } from './session';

/** Where tech says he is when he clocks in (Bishop Arts Cafe unless said), what he writes when he clocks out, and who he is (tech unless said). */
interface Visit {
  at?: { latitude: number; longitude: number };
  description?: string;
  userName?: string;
  /** Whether he works on rate sheets and so names his Employee Type (tech does, tech2 does not). */
  onRateSheet?: boolean;
}

/**
 * Tech's labor on a work order through the API, as his phone sends it: clocked in `minutes` ago from the site as a
 * Service Technician, clocked out now, off duty after. Leaves the page signed in as tech. A start may not come before
 * his last clock-out: two tests of one group that each back-date a start must not both follow another's labor.
 */
export async function techWorked(page: Page, workOrderNumber: string, minutes: number, visit: Visit = {}) {
  await openAs(page, visit.userName ?? 'tech', '/home');
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const { workOrderId, billingCustomerId } = await (await page.request.get(`/api/v1/WorkOrder/${workOrderNumber}`, { headers })).json();
  const rates = (await (await page.request.get(`/api/v1/WorkOrder/rateSheetLaborItems/${billingCustomerId}`, { headers })).json()) as { serviceTechnicianId: number; employeeType: string }[];
  const serviceTechnicianId = visit.onRateSheet === false ? undefined : rates.find((r) => r.employeeType === 'Service Technician')!.serviceTechnicianId;
  const clockIn = await page.request.post('/api/v1/WOStartStop/clockInWorkOrder', {
    headers,
    data: { workOrderId, serviceTechnicianId, startTime: new Date(Date.now() - minutes * 60_000).toISOString(), currentLatLong: visit.at ?? { latitude: 32.7488, longitude: -96.8285 } },
  });
  expect(clockIn.status(), await clockIn.text()).toBe(200);
  const clockOut = await page.request.post('/api/v1/WOStartStop/clockOutWorkOrder', {
    headers,
    data: { workOrderId, workOrderLaborId: (await clockIn.json()).workOrderLaborId, description: visit.description ?? 'Replaced the walk-in cooler door gasket', userStatusId: 10, workOrderStatusId: 13, serviceTechnicianId },
  });
  expect(clockOut.status(), await clockOut.text()).toBe(200);
}
