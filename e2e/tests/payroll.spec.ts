import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { shot, toastGone } from './page-actions';
import { call, tokenOf } from './api';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };

const rowOf = (page: Page, name: string) => page.getByRole('row', { name });

/**
 * Steps back from today's pay period to the last one the demo worked: the one before the period its history was seeded
 * in (e2e/seeded-data-dir.ts), which is two back when a new period began since.
 */
async function toLastWorkedPeriod(page: Page) {
  const port = new URL(test.info().project.use.baseURL!).port;
  const seededAt = new Date(readFileSync(fileURLToPath(new URL(`../../.tmp/e2e-data-${port}/payroll-history-at`, import.meta.url)), 'utf8'));
  const token = await tokenOf(page.request, 'payroll');
  const seededDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(seededAt);
  const then = (await call(page.request, token, 'GET', `Payroll/timesheets?date=${seededDay}`)).period.startsOn;
  const now = (await call(page.request, token, 'GET', 'Payroll/timesheets')).period.startsOn;
  const shown = page.getByTestId('pay-period');
  for (let step = then === now ? 1 : 2; step > 0; step--) {
    const before = await shown.innerText();
    await page.getByRole('button', { name: 'Previous pay period' }).click();
    await expect(shown).not.toHaveText(before);
  }
}

/** The hours of a row of the period, as its cells read: Regular, Overtime, PTO, Total. */
const hoursOf = async (page: Page, name: string) => (await rowOf(page, name).getByRole('cell').allInnerTexts()).slice(1, 5);

// The server of this group has the demo's last two bi-weekly periods worked (db/seed/payroll-history.ts): Tom Alvarez
// 9.5 hours a weekday (7.5 hours of overtime a week), Priya Natarajan 8.
test("a payroll manager approves and locks the last bi-weekly period, built from the technicians' labor, with exact hours; a correction is an adjustment the technician sees", async ({ browser, page }) => {
  await openAs(page, 'payroll', '/payroll');
  await expect(page.getByRole('heading', { name: 'Timesheets' })).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lock Period' })).toBeDisabled();
  await toLastWorkedPeriod(page);
  await expect(page.getByText('Over, not locked')).toBeVisible();
  const period = await page.getByTestId('pay-period').innerText();
  await expect.poll(() => hoursOf(page, 'Tom Alvarez')).toEqual(['80.00', '15.00', '0.00', '95.00']);
  expect(await hoursOf(page, 'Priya Natarajan')).toEqual(['80.00', '0.00', '0.00', '80.00']);
  await expect(rowOf(page, 'Tom Alvarez')).toContainText('Needs approval');
  await shot(page, 'period');

  // Locking asks first, and is refused until every timesheet is approved.
  await page.getByRole('button', { name: 'Lock Period' }).click();
  await page.getByRole('dialog', { name: 'Lock Pay Period' }).getByRole('button', { name: 'Lock Period' }).click();
  const refused = 'These timesheets need an approval of their current hours first: Priya Natarajan, Tom Alvarez.';
  await expect(page.getByText(refused)).toBeVisible();
  await toastGone(page, refused);

  // Tom's days: the fifth weekday of each week goes past 40 hours.
  await page.getByRole('button', { name: 'Open the timesheet of Tom Alvarez' }).click();
  const drawer = page.getByRole('dialog', { name: 'Timesheet' });
  await expect(drawer.getByRole('group', { name: 'Overtime hours' })).toContainText('15.00');
  const friday = drawer.getByRole('row', { name: /^Friday/ }).first();
  await expect(friday.getByRole('cell')).toHaveText([/^Fri/, /En Route · 0\.50 h/, '2.00', '7.50', '0.00']);
  await shot(page, 'timesheet');
  await drawer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Approve the timesheet of Tom Alvarez' }).click();
  await expect(rowOf(page, 'Tom Alvarez')).toContainText('Approved');
  await page.getByRole('button', { name: 'Approve the timesheet of Priya Natarajan' }).click();
  await expect(rowOf(page, 'Priya Natarajan')).toContainText('Approved');
  await page.getByRole('button', { name: 'Lock Period' }).click();
  const ask = page.getByRole('dialog', { name: 'Lock Pay Period' });
  await expect(ask).toContainText(`Lock the pay period ${period}?`);
  await ask.getByRole('button', { name: 'Lock Period' }).click();
  await expect(page.getByText('The pay period is locked.')).toBeVisible();
  await expect(page.getByText('Locked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve the timesheet/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lock Period' })).toHaveCount(0);

  // A late clock-out found after the lock: an adjustment with its reason.
  await page.getByRole('button', { name: 'Open the timesheet of Tom Alvarez' }).click();
  await expect(drawer).toContainText('This pay period is locked');
  await expect(drawer.getByRole('button', { name: 'Add Time Off' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Add Adjustment' }).click();
  const adjust = page.getByRole('dialog', { name: "Adjust Tom Alvarez's Hours" });
  await adjust.getByRole('textbox', { name: 'Overtime Hours' }).fill('1.3');
  await adjust.getByRole('textbox', { name: 'Reason' }).fill('Clocked out from the truck after the walk-in repair ran late.');
  await adjust.getByRole('button', { name: 'Record Adjustment' }).click();
  await expect(adjust.getByText('Overtime Hours must be in quarter hours (such as 1.25).')).toBeVisible();
  await adjust.getByRole('textbox', { name: 'Overtime Hours' }).fill('1.5');
  await adjust.getByRole('button', { name: 'Record Adjustment' }).click();
  await expect(page.getByText("The adjustment of Tom Alvarez's hours was recorded.")).toBeVisible();
  await expect(drawer.getByRole('group', { name: 'Overtime hours' })).toContainText('16.50');
  await expect(drawer.getByRole('group', { name: 'Overtime hours' })).toContainText('15.00 before adjustments');
  await expect(drawer.getByRole('group', { name: /^Adjustment of/ })).toContainText('Overtime +1.50 h');
  await expect(drawer.getByRole('group', { name: /^Adjustment of/ })).toContainText('By Grace Kim');
  await drawer.getByRole('button', { name: 'Close' }).click();
  expect(await hoursOf(page, 'Tom Alvarez')).toEqual(['80.00', '16.50', '0.00', '96.50']);

  // The pay of the period, to the cent: Tom's 80 regular hours at 28.50 and 16.50 overtime hours at 42.75.
  await page.goto('/administration/payrollReport');
  await toLastWorkedPeriod(page);
  await expect(page.getByTestId('pay-period')).toHaveText(period);
  const tomPay = page.getByRole('row', { name: 'Tom Alvarez' });
  await expect(tomPay.getByRole('cell')).toHaveText([/^Tom Alvarez\s*Service Technician · \$28\.50\/h · Approved$/, '80.00', '16.50', '0.00', '$2,985.38', '$2,280.00', '$705.38', '$0.00']);
  await expect(page.getByRole('row', { name: 'Priya Natarajan' }).getByRole('cell').nth(4)).toHaveText('$2,080.00');
  await expect(page.getByRole('table', { name: 'Payroll report' }).locator('tfoot')).toContainText('$5,065.38');
  await shot(page, 'report');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Tom Alvarez,Service Technician,28.50,80.00,16.50,0.00,0,2280.00,705.38,0.00,2985.38,Yes\r\n');

  // Tom reads his own timesheet on his phone: the lock and the adjustment included.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const tom = await phone.newPage();
  await openAs(tom, 'tech', '/payroll');
  await expect(tom.getByRole('heading', { name: 'My Timesheet' })).toBeVisible();
  await toLastWorkedPeriod(tom);
  await expect(tom.getByTestId('pay-period')).toHaveText(period);
  await expect(tom.getByText('Locked', { exact: true })).toBeVisible();
  await expect(tom.getByRole('group', { name: 'Overtime hours' })).toContainText('16.50');
  await expect(tom.getByRole('group', { name: /^Friday/ }).first()).toContainText('2.00 regular, 7.50 overtime');
  await expect(tom.getByRole('button', { name: 'Add Adjustment' })).toHaveCount(0);
  await shot(tom, 'technician-phone');
  await phone.close();
});

test('a team leader reads every timesheet but approves none, and a technician sees only his own', async ({ page }) => {
  await openAs(page, 'leader', '/payroll');
  await toLastWorkedPeriod(page);
  await expect(rowOf(page, 'Priya Natarajan')).toContainText('80.00');
  await expect(page.getByRole('button', { name: /^Approve the timesheet/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay Calendar' })).toHaveCount(0);
  // No pay figures for a team leader: the payroll report is not his.
  await page.goto('/administration/payrollReport');
  await expect(page).toHaveURL(/\/home$/);
  await openAs(page, 'tech2', '/payroll');
  await expect(page.getByRole('heading', { name: 'My Timesheet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Priya Natarajan' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Tom Alvarez' })).toHaveCount(0);
});
