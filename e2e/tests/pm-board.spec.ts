import { expect, test, type Page } from './fixtures';
import type { PmBoardAnswer } from '@sm/shared';
import { call, tokenOf } from './api';
import { shot } from './page-actions';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };
// The demo's contract whose first visit, two days after the seed, is within its week's lead (db/seed/demo-pm.ts).
const CONTRACT = 'Ice machine sanitizing, monthly';

test.describe.configure({ mode: 'serial' });

const upcomingRow = (page: Page) => page.getByRole('table', { name: /^Upcoming visits/ }).getByRole('row').filter({ hasText: CONTRACT });

test('an approved contract\'s visit is generated once by "Generate now", shows on the PM board and the dispatcher\'s calendar, and opens its work order', async ({ page, request }) => {
  await openAs(page, 'admin', '/management/pmBoard');
  await expect(page.getByRole('heading', { name: 'PM Board', level: 1 })).toBeVisible();
  await expect(upcomingRow(page).first()).toContainText('Upcoming');
  await shot(page, 'board-before');

  await page.getByRole('button', { name: 'Generate now' }).click();
  await expect(page.getByText('1 visit generated, each with its work order.')).toBeVisible();
  await expect(upcomingRow(page).first()).toContainText('Scheduled');
  await page.getByRole('button', { name: 'Generate now' }).click();
  await expect(page.getByText('Nothing new to generate: every due visit already has its work order.')).toBeVisible();

  // Once: one work order for the date, on the dispatcher's scheduler at the contract's time.
  const admin = await tokenOf(request, 'admin');
  const board = (await call(request, admin, 'GET', 'PmBoard')) as PmBoardAnswer;
  const generated = board.upcoming.filter((v) => v.contractName === CONTRACT && v.workOrderId !== null);
  expect(generated).toHaveLength(1);
  const visit = generated[0];
  const dispatcher = await tokenOf(request, 'dispatcher');
  const items = (await call(request, dispatcher, 'GET', `Scheduler/items?start=${board.today}&end=${visit.dueOn}T23:59:59&workOrderId=${visit.workOrderId}`)) as { workOrderId: number | null; start: string }[];
  expect(items.map((i) => i.workOrderId)).toEqual([visit.workOrderId]);
  await openAs(page, 'dispatcher', `/management/dispatcher?view=week&date=${visit.dueOn}`);
  const event = page.getByText(`PM: ${CONTRACT} · WO ${visit.workOrderNumber}`);
  await expect(event).toHaveCount(1);
  await expect(event).toBeVisible();
  await shot(page, 'scheduler-visit');
  await openAs(page, 'admin', '/management/pmBoard');

  // The month's counts name the technician with the generated and scheduled visit.
  const month = page.getByRole('table', { name: new RegExp(`per technician$`) }).first();
  await expect(month.getByRole('row', { name: /Priya Natarajan/ })).toBeVisible();

  // The contract opens its visits beside the board; the visit opens its work order.
  await upcomingRow(page).first().getByRole('button', { name: `${CONTRACT}: the contract's visits` }).click();
  const drawer = page.getByRole('dialog');
  const visits = drawer.getByRole('table', { name: 'Visits' });
  await expect(visits.getByRole('row').filter({ hasText: 'Scheduled' })).toHaveCount(1);
  await expect(visits.getByRole('button', { name: /^Skip the visit of/ }).first()).toBeVisible();
  await shot(page, 'contract-visits');
  await page.keyboard.press('Escape');
  await upcomingRow(page).first().getByRole('link', { name: visit.workOrderNumber! }).click();
  await expect(page).toHaveURL(new RegExp(`/workOrder/${visit.workOrderNumber}/edit$`));
  await expect(page.getByText(`Preventive maintenance: ${CONTRACT}, visit due ${visit.dueOn}`).first()).toBeVisible();
});

test('the PM board reads on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'admin', '/management/pmBoard');
  await expect(page.getByRole('heading', { name: 'PM Board', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Upcoming visits/ }).getByRole('listitem').filter({ hasText: CONTRACT }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'board-phone');
});
