import { formatDate } from '@sm/shared';
import { expect, test } from './fixtures';
import { call, tokenOf } from './api';
import { choose, shot } from './page-actions';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };
// A work order of the tech's that no other test uses: the office puts a 40 lb rack on it.
const WORK_ORDER = '240014';
const RACK = 'Rack 40 lb';

/** A day `daysAgo` before today at noon, as the date-and-time field takes it (the browser's zone). */
const noonDaysAgo = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T12:00`;
};
/** A day from now as the product writes days (MM/dd/yyyy), counted in UTC as the test's dates are. */
const dayText = (daysAhead: number) => formatDate(new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10));

test.describe.configure({ mode: 'serial' });

test('a technician on a phone adds refrigerant twice to a 40 lb rack, sees the leak warning, the deadline and the verification tests', async ({ page, request }) => {
  // The office registers a 40 lb R-404A rack (Refrigeration, 20 %) at the work order's location and names it on it.
  const admin = await tokenOf(request, 'admin');
  const wo = await call(request, admin, 'GET', `WorkOrder/${WORK_ORDER}`);
  const choices = await call(request, admin, 'GET', 'Equipment/choices');
  const idOf = (rows: { id: number; name: string }[], name: string) => rows.find((r) => r.name === name)!.id;
  const rack = await call(request, admin, 'POST', 'Equipment', {
    customerId: wo.customerId, name: RACK, categoryId: idOf(choices.categories, 'Refrigeration'), refrigerantId: idOf(choices.refrigerants, 'R-404A'), chargePounds: 40,
  });
  await call(request, admin, 'POST', `WorkOrder/${wo.workOrderId}/equipments`, { equipmentId: rack.equipmentId });

  await page.setViewportSize(PHONE);
  await openAs(page, 'tech', `/workOrder/${WORK_ORDER}/edit`);
  const section = page.getByTestId('items-refrigerant');
  await expect(section.getByText('No refrigerant logged yet.')).toBeVisible();
  const form = section.getByRole('form', { name: 'Log refrigerant' });
  await choose(form, 'Equipment', `${RACK} · R-404A`);

  // 3 lb, 31 days ago: the first addition, over 365 days: 3/40 × 365/365 = 7.50 %.
  await form.getByRole('textbox', { name: 'Pounds' }).fill('3');
  await form.getByRole('textbox', { name: 'Cylinder' }).fill('CYL-E2E-1');
  await form.getByLabel('Certification Number').fill('608-E2E-5150');
  await form.getByLabel('When').fill(noonDaysAgo(31));
  await form.getByRole('button', { name: 'Log refrigerant' }).click();
  const log = section.getByRole('list', { name: 'Refrigerant log' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log).toContainText('Added 3 lb R-404A');
  await expect(log.getByTestId('leak-rate')).toHaveText('Leak rate 7.50 % / 20 %');
  await expect(section.getByTestId('leak-warning')).toHaveCount(0);

  // 2 lb 30 days later: 2/40 × 365/30 = 60.83 %, above 20 %. The form is cleared for the next entry, and the
  // certification number is offered again.
  await expect(form.getByRole('textbox', { name: 'Pounds' })).toHaveValue('');
  await expect(form.getByLabel('When')).toHaveValue('');
  await expect(form.getByLabel('Certification Number')).toHaveValue('608-E2E-5150');
  await form.getByRole('textbox', { name: 'Pounds' }).fill('2');
  await form.getByLabel('When').fill(noonDaysAgo(1));
  await form.getByRole('button', { name: 'Log refrigerant' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByTestId('leak-rate').nth(1)).toHaveText('Leak rate 60.83 % / 20 %');
  await expect(section.getByRole('status').filter({ hasText: 'Leak rate 60.83 %' })).toContainText(`on ${RACK} is above 20 %`);

  // The warning, with the repair deadline 30 days after the addition and the Leak Test work order of the verification tests.
  const warning = section.getByTestId('leak-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`${RACK}: leak rate 60.83 % is above 20 %.`);
  await expect(warning).toContainText(`Repair by ${dayText(29)}`);
  await expect(warning).toContainText(/Verification tests on work order \d+ \(Leak Test\): initial to do, follow-up to do\./);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'work-order-phone');

  // The office reads the repair on the leak repairs page, linked from the equipment register.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, 'leader', '/equipments');
  await page.getByRole('link', { name: 'Leak Repairs' }).click();
  await expect(page).toHaveURL(/\/equipments\/leakRepairs$/);
  const row = page.getByTestId('leak-repair-row').filter({ hasText: RACK });
  await expect(row).toContainText('60.83 % / 20 %');
  await expect(row).toContainText(dayText(29));
  await shot(page, 'leak-repairs-desktop');

  // The PM board lists the open repair with its deadline and what it waits for.
  await openAs(page, 'admin', '/management/pmBoard');
  const repairs = page.getByRole('list', { name: /^Leak repairs/ });
  await expect(repairs.getByRole('listitem').filter({ hasText: RACK })).toContainText(/Due \w{3} \d{2}\/\d{2}\/\d{4} · waiting for: Repair/);
});
