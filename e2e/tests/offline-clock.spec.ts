import type { GroupServer } from '../server/group-server';
import { expect, test, type Page } from './fixtures';
import { choose, photo, shot } from './page-actions';
import { accessTokenOf, openAs } from './session';

// tech2 (no rate sheet: no Employee Type to pick) has work orders 240031–240060; this group's server is its own, on a
// fresh demo, and each test clocks on a work order of its own. The first test stops and starts that server.
const PHONE = { width: 390, height: 844 };
const GEO = { latitude: 32.78, longitude: -96.8 };
const editPath = (workOrderNumber: string) => `/workOrder/${workOrderNumber}/edit`;
const waiting = (page: Page) => page.getByTestId('outbox-waiting');

let server: GroupServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(({ groupServer }) => {
  server = groupServer;
});

async function api<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`${server.url}/api/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface WorkOrderRead {
  workOrderId: number;
  laborEntries: { userName?: string; startTime: string; stopTime: string | null; isOpen: boolean }[];
}

/** Opens the work order with signal and waits until its clock form is kept on the phone for later. */
async function openReady(page: Page, workOrderNumber: string) {
  await openAs(page, 'tech2', editPath(workOrderNumber));
  await expect(page.getByRole('button', { name: 'Start Work Order' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('sm-offline');
            open.onsuccess = () => {
              const tx = open.result.transaction('cache', 'readonly');
              const count = tx.objectStore('cache').count();
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => resolve(0);
            };
            open.onerror = () => resolve(0);
          }),
      ),
    )
    .toBeGreaterThan(0);
}

/** Start, a material, a photo and a stop, all without signal; answers when the stop was pressed (ms). */
async function workWithoutSignal(page: Page, workOrderNumber: string, jpeg: Buffer): Promise<{ startedAt: number; stoppedAt: number }> {
  const startedAt = Date.now();
  await page.getByRole('button', { name: 'Start Work Order' }).click();
  const start = page.getByRole('dialog', { name: `Start Work Order ${workOrderNumber}` });
  await start.getByRole('button', { name: 'Save' }).click();
  await expect(start).toBeHidden();
  await expect(waiting(page)).toContainText('1 action waiting to send');
  await expect(page.getByRole('button', { name: 'Stop Work Order' })).toBeVisible();

  await page.getByTestId('items-materials').getByRole('link', { name: 'Add Material' }).click();
  await choose(page, 'Material Status', 'Incurred');
  await page.getByLabel('Description').fill('Door gasket 30 in');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await page.getByRole('textbox', { name: 'Unit Cost' }).fill('42.10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${editPath(workOrderNumber)}$`));
  await expect(waiting(page)).toContainText('2 actions waiting to send');

  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attachments').getByRole('button', { name: 'Take photo' }).click();
  await (await chooser).setFiles([{ name: 'IMG_7001.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
  await expect(waiting(page)).toContainText('3 actions waiting to send');

  await page.getByRole('button', { name: 'Stop Work Order' }).click();
  const stop = page.getByRole('dialog', { name: `Stop Work Order ${workOrderNumber}` });
  await stop.getByLabel('Description').fill('Replaced the door gasket in the walk-in.');
  await stop.getByRole('button', { name: 'Clock Out' }).click();
  await choose(stop, 'User Status', 'Off Duty');
  const stoppedAt = Date.now();
  await stop.getByRole('button', { name: `Continue Clock Out ${workOrderNumber}` }).click();
  await expect(stop).toBeHidden();
  await expect(waiting(page)).toContainText('4 actions waiting to send');
  await expect(page.getByRole('button', { name: 'Start Work Order' })).toBeVisible();
  return { startedAt, stoppedAt };
}

test('a technician without signal clocks in, adds a material and a photo, clocks out, reloads; after a server restart each reaches the server once', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: server.url, geolocation: GEO, permissions: ['geolocation'] });
  const page = await context.newPage();
  await openReady(page, '240045');
  const token = await accessTokenOf(page);
  const jpeg = await photo(page, '#2a7d4f');

  await context.setOffline(true);
  const { startedAt, stoppedAt } = await workWithoutSignal(page, '240045', jpeg);
  await waiting(page).getByRole('button', { name: 'Show' }).click();
  await shot(page, 'offline-waiting-phone');

  // Reloading without signal loses nothing: the actions wait on the phone, not in the page.
  await page.reload().catch(() => undefined);
  await server.stop();
  await server.start();
  const sentAfter = Date.now();
  await context.setOffline(false);
  await page.goto(editPath('240045'));
  await expect(page.getByRole('heading', { name: 'Work Order 240045' })).toBeVisible();
  await expect(waiting(page)).toBeHidden();

  const workOrder = await api<WorkOrderRead>(page, token, 'WorkOrder/240045');
  expect(workOrder.laborEntries).toHaveLength(1);
  const [labor] = workOrder.laborEntries;
  expect(labor!.isOpen).toBe(false);
  // The device's times, not the times the server heard of them (after the restart).
  const start = Date.parse(labor!.startTime);
  const stop = Date.parse(labor!.stopTime!);
  expect(start).toBeGreaterThanOrEqual(startedAt - 60_000);
  expect(start).toBeLessThan(sentAfter);
  expect(Math.abs(stop - stoppedAt)).toBeLessThan(15_000);
  const materials = await api<{ materials: { description: string | null }[] }>(page, token, `WorkOrder/${workOrder.workOrderId}/materials`);
  expect(materials.materials.filter((m) => m.description === 'Door gasket 30 in')).toHaveLength(1);
  const files = await api<{ name: string }[]>(page, token, `Files/list?folder=workOrders/${workOrder.workOrderId}`);
  expect(files.filter((f) => f.name === 'IMG_7001.jpg')).toHaveLength(1);
  await context.close();
});

test('each waiting action sent three times has one effect', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: server.url, geolocation: GEO, permissions: ['geolocation'] });
  const page = await context.newPage();
  await openReady(page, '240046');
  const token = await accessTokenOf(page);
  const jpeg = await photo(page, '#7d2a4f');
  await context.setOffline(true);
  await workWithoutSignal(page, '240046', jpeg);

  // Every request carrying an idempotency key reaches the server three times; the page reads the last answer.
  const sent: string[] = [];
  await page.route('**/api/v1/**', async (route) => {
    if (!route.request().headers()['idempotency-key']) return route.continue();
    sent.push(new URL(route.request().url()).pathname);
    await route.fetch();
    await route.fetch();
    await route.fulfill({ response: await route.fetch() });
  });
  // The phone sends what waits as soon as the network returns (a press of Send now would race it).
  await context.setOffline(false);
  await expect(waiting(page)).toBeHidden();
  expect(sent).toHaveLength(4);

  const workOrder = await api<WorkOrderRead>(page, token, 'WorkOrder/240046');
  expect(workOrder.laborEntries).toHaveLength(1);
  expect(workOrder.laborEntries[0]!.isOpen).toBe(false);
  const materials = await api<{ materials: { description: string | null }[] }>(page, token, `WorkOrder/${workOrder.workOrderId}/materials`);
  expect(materials.materials.filter((m) => m.description === 'Door gasket 30 in')).toHaveLength(1);
  const files = await api<{ name: string }[]>(page, token, `Files/list?folder=workOrders/${workOrder.workOrderId}`);
  expect(files.filter((f) => f.name === 'IMG_7001.jpg')).toHaveLength(1);
  await context.close();
});

test('a start sent late that meets another open labor waits for payroll, who dismisses it with a note', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const login = await page.request.post(`${server.url}/api/v1/Account/login`, { data: { userName: 'tech2', password: 'demo1234' } });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const idOf = async (number: string) => ((await (await page.request.get(`${server.url}/api/v1/WorkOrder/${number}`, { headers })).json()) as WorkOrderRead).workOrderId;
  const open = await page.request.post(`${server.url}/api/v1/WOStartStop/clockInWorkOrder`, {
    headers,
    data: { workOrderId: await idOf('240047'), startTime: new Date().toISOString() },
  });
  expect(open.ok(), await open.text()).toBe(true);
  // Done on the phone a moment later, without signal, and sent now.
  const deviceTime = new Date().toISOString();
  const late = await page.request.post(`${server.url}/api/v1/WOStartStop/clockInWorkOrder`, {
    headers: { ...headers, 'Idempotency-Key': 'late-start-240048', 'X-Device-Time': deviceTime },
    data: { workOrderId: await idOf('240048'), startTime: deviceTime },
  });
  expect(late.status()).toBe(409);

  await openAs(page, 'payroll', '/payroll');
  await expect(page.getByText('1 clock action sent late could not be recorded')).toBeVisible();
  await page.getByRole('link', { name: 'Review clock conflicts' }).click();
  await expect(page.getByRole('heading', { name: 'Clock Conflicts' })).toBeVisible();
  const row = page.getByTestId('clock-conflict');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Priya Natarajan');
  await expect(row).toContainText('Start on work order 240048');
  await expect(row).toContainText('You are still clocked in on work order 240047');
  await shot(page, 'clock-conflicts');
  await row.getByRole('button', { name: 'Dismiss' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss the conflict' });
  await dialog.getByLabel('Note').fill('Started 240048 after finishing 240047; entered by payroll.');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No open conflicts')).toBeVisible();
  await page.getByText('Dismissed', { exact: true }).click();
  await expect(row).toContainText('Started 240048 after finishing 240047; entered by payroll.');
  await context.close();
});
