import { expect, test, type APIRequestContext } from './fixtures';
import { accessTokenOf, openAs } from './session';

// The live NTE meter (spec clock 8, 9; platform 4.9): a new work order of tech's on 240001's site (his rate sheet),
// with an NTE a little above what 0.01 hour of his labor costs. His running labor bills 0.01 hour after 18 s and
// 0.02 hour after 54 s, so the meter turns amber, then red, while the page stays open. The labor is clocked in and
// out through the API, as his phone does, so the page hears of it only over the work order's hub.
const OFF_DUTY = 10;
const AT_SITE = { latitude: 32.7488, longitude: -96.8285 };

/** Calls the API with a token and expects success. */
const caller = (request: APIRequestContext, token: string) => async (method: 'GET' | 'POST', path: string, data?: unknown) => {
  const res = await request.fetch(`/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return res.json();
};

test('the NTE meter turns amber, then red, live while labor runs; Request NTE raise moves the work order to 46 with a quote', async ({ page, request }, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'tech', '/home');
  const asTech = caller(request, await accessTokenOf(page));
  const site = await asTech('GET', 'WorkOrder/240001');
  const rates = (await asTech('GET', `WorkOrder/rateSheetLaborItems/${site.billingCustomerId}`)) as { serviceTechnicianId: number; employeeType: string; technicianUserId: number; hourlyRate: number }[];
  const item = rates.find((r) => r.employeeType === 'Service Technician')!;
  // 1.15 × 0.01 hour: 0.01 hour is above 80 % of it, 0.02 hour above all of it.
  const nteCents = Math.round(item.hourlyRate * 1.15);
  const nte = `$${Math.floor(nteCents / 100)}.${String(nteCents % 100).padStart(2, '0')}`;
  const login = await request.post('/api/v1/Account/login', { data: { userName: 'admin', password: 'demo1234' } });
  const asAdmin = caller(request, (await login.json()).accessToken);
  const created = await asAdmin('POST', 'WorkOrder/create', {
    customerId: site.customerId, problem: 'Walk-in cooler warm: NTE meter', nte: nteCents / 100, technicianIds: [item.technicianUserId],
  });

  await page.goto(`/workOrder/${created.workOrderNumber}/edit`);
  const meter = page.getByRole('meter', { name: 'NTE meter' });
  const word = page.getByTestId('nte-level-word');
  await expect(meter).toHaveAttribute('data-level', 'ok');
  await expect(page.getByTestId('nte-summary')).toHaveText(`NTE ${nte} — $0.00 used (0.0 %)`);
  await expect(word).toHaveText('Within NTE');
  await expect(page.getByRole('button', { name: 'Request NTE raise' })).toBeHidden();
  // A mark in the page that a reload would wipe.
  await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));

  const labor = await asTech('POST', 'WOStartStop/clockInWorkOrder', {
    workOrderId: created.workOrderId, serviceTechnicianId: item.serviceTechnicianId, startTime: new Date().toISOString(), currentLatLong: AT_SITE,
  });
  try {
    await expect(page.getByTestId('nte-running')).toBeVisible();
    await expect(meter).toHaveAttribute('data-level', 'amber', { timeout: 120_000 });
    await expect(word).toHaveText('Near NTE');
    await expect(meter).toHaveAttribute('aria-valuetext', /Near NTE$/);
    await page.screenshot({ path: testInfo.outputPath('nte-meter-phone-amber.png') });
    await expect(meter).toHaveAttribute('data-level', 'red', { timeout: 120_000 });
    await expect(word).toHaveText('Over NTE');
    await expect(meter).toHaveAttribute('aria-valuenow', '100');
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('nte-meter-phone-red.png') });

    await page.getByRole('button', { name: 'Request NTE raise' }).click();
    await expect(page.getByTestId('work-order-status')).toHaveText('NTE Raise Requested');
    await expect(page.getByTestId('nte-raise-quote')).toHaveText(/^Quote \d+ drafted for the office$/);
  } finally {
    await asTech('POST', 'WOStartStop/clockOutWorkOrder', { workOrderId: created.workOrderId, workOrderLaborId: labor.workOrderLaborId, description: 'NTE meter test', userStatusId: OFF_DUTY, workOrderStatusId: 46 });
    await asTech('GET', `User/updatestatus/${OFF_DUTY}`);
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', `/workOrder/${created.workOrderNumber}/edit`);
  await expect(page.getByTestId('work-order-status')).toHaveText('NTE Raise Requested');
  await expect(page.getByRole('meter', { name: 'NTE meter' })).toHaveAttribute('data-level', 'red');
  const draft = page.getByRole('link', { name: /^Quote \d+ drafted$/ });
  await expect(draft).toBeVisible();
  await page.getByTestId('nte-meter-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('nte-meter-desktop-office.png') });
  await draft.click();
  await expect(page).toHaveURL(/\/quotes\/\d+\/1\/view$/);
  await expect(page.getByText('NTE raise: work so far')).toBeVisible();
});
