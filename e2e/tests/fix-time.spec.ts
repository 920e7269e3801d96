import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { call, tokenOf } from './api';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const DAY = 86_400_000;

// The server of this group has the demo's last two bi-weekly periods worked (db/seed/payroll-history.ts): Priya
// Natarajan (tech2) works 7:00-11:00 and 12:00-16:00 each weekday. These tests correct and lock the older of the two,
// so the payroll and labor approval tests, which read the later one and Tom Alvarez's labor, see what they expect.

/** The first day of the older worked period: two before the period the history was seeded in. */
async function olderWorkedPeriod(page: Page) {
  const port = new URL(test.info().project.use.baseURL!).port;
  const seededAt = new Date(readFileSync(fileURLToPath(new URL(`../../.tmp/e2e-data-${port}/payroll-history-at`, import.meta.url)), 'utf8'));
  const token = await tokenOf(page.request, 'payroll');
  const seededDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(seededAt);
  const seeded = (await call(page.request, token, 'GET', `Payroll/timesheets?date=${seededDay}`)).period.startsOn as string;
  const startsOn = new Date(new Date(`${seeded}T00:00:00Z`).getTime() - 28 * DAY).toISOString().slice(0, 10);
  const priya = (await call(page.request, token, 'GET', `Payroll/timesheets?date=${startsOn}`)).rows.find((r: { name: string }) => r.name === 'Priya Natarajan');
  /** A day of the period: its date, its row's name and its short name, as the timesheet writes them. */
  const day = (n: number) => {
    const at = new Date(new Date(`${startsOn}T00:00:00Z`).getTime() + n * DAY);
    const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...o }).format(at);
    return { date: at.toISOString().slice(0, 10), row: fmt({ weekday: 'long', month: 'long', day: 'numeric' }), short: fmt({ month: 'short', day: 'numeric' }) };
  };
  return { startsOn, priyaId: priya.userId as number, day, token };
}

test('the office corrects a labor entry with a reason: the timesheet shows the corrected hours and who changed what, and why', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const { startsOn, priyaId, day } = await olderWorkedPeriod(page);
  const monday = day(1);
  await openAs(page, 'payroll', `/payroll?date=${startsOn}&employee=${priyaId}`);
  const drawer = page.getByRole('dialog', { name: 'Timesheet' });
  const row = drawer.getByRole('row', { name: monday.row, exact: true });
  await expect(row).toContainText(/7:00\sAM – 11:00\sAM · Work order \S+ · 4\.00 h/);
  await expect(row.getByRole('cell').nth(2)).toHaveText('8.00');

  await row.getByRole('button', { name: new RegExp(`^Edit the labor of ${monday.short} from 7:00\\sAM`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct Labor' });
  await expect(dialog.getByLabel('Stop')).toHaveValue(`${monday.date}T11:00`);
  await dialog.getByLabel('Stop').fill(`${monday.date}T11:30`);
  await dialog.getByLabel('Reason').fill('Left the site at 11:30; confirmed with the store manager.');
  await shot(page, 'edit-dialog-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  await expect(page.getByText('The labor of Priya Natarajan was corrected.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(row).toContainText(/7:00\sAM – 11:30\sAM · Work order \S+ · 4\.50 h/);
  await expect(row.getByRole('cell').nth(2)).toHaveText('8.50');
  await row.getByRole('button', { name: /^Corrected: history/ }).click();
  const history = row.getByRole('list', { name: 'Correction history' });
  await expect(history).toContainText('Grace Kim');
  await expect(history).toContainText(/Stop: \w+ \d+, 11:00\sAM.*\w+ \d+, 11:30\sAM/);
  await expect(history).toContainText('Left the site at 11:30; confirmed with the store manager.');
  await shot(page, 'history-desktop');

  // The same on a phone: each day a card, the dialog full screen.
  await page.setViewportSize(PHONE);
  const card = drawer.getByRole('group', { name: monday.row, exact: true });
  await card.getByRole('button', { name: /^Corrected: history/ }).click();
  await expect(card.getByRole('list', { name: 'Correction history' })).toContainText('Grace Kim');
  await shot(page, 'history-phone');
  await card.getByRole('button', { name: new RegExp(`^Edit the labor of ${monday.short} from 7:00\\sAM`) }).click();
  await expect(dialog.getByLabel('Stop')).toHaveValue(`${monday.date}T11:30`);
  await shot(page, 'edit-dialog-phone', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a technician asks for a correction from his phone and reads the office\'s answer on the entry', async ({ browser, page }) => {
  await page.setViewportSize(DESKTOP);
  const { startsOn, day } = await olderWorkedPeriod(page);
  const tuesday = day(2);
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const tech = await phone.newPage();
  await openAs(tech, 'tech2', `/payroll?date=${startsOn}`);
  await expect(tech.getByRole('heading', { name: 'My Timesheet' })).toBeVisible();
  const card = tech.getByRole('group', { name: tuesday.row, exact: true });
  await card.getByRole('button', { name: new RegExp(`^Request a correction of the labor of ${tuesday.short} from 7:00\\sAM`) }).click();
  const dialog = tech.getByRole('dialog', { name: 'Request Correction' });
  await dialog.getByLabel('Start').fill(`${tuesday.date}T06:45`);
  await dialog.getByLabel('Reason').fill('Started early to meet the delivery truck.');
  await shot(tech, 'request-dialog-phone', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(tech.getByText('Your request was sent to the office.')).toBeVisible();
  await expect(card.getByTestId('correction-request-status')).toHaveText('Correction pending');
  await shot(tech, 'request-pending-phone');

  // The office finds the request on the timesheets page and approves it on the entry.
  await openAs(page, 'payroll', '/payroll');
  const requests = page.getByRole('region', { name: 'Correction requests' });
  await expect(requests).toContainText('Priya Natarajan');
  await requests.getByRole('button', { name: 'Open Timesheet' }).first().click();
  const row = page.getByRole('dialog', { name: 'Timesheet' }).getByRole('row', { name: tuesday.row, exact: true });
  await expect(row.getByTestId('correction-request-status')).toHaveText('Correction pending');
  await shot(page, 'request-office-desktop');
  await row.getByRole('button', { name: /^Approve the correction/ }).click();
  await expect(page.getByText('The correction was approved and applied.')).toBeVisible();
  await expect(row).toContainText(/6:45\sAM – 11:00\sAM · Work order \S+ · 4\.25 h/);

  await tech.reload();
  await expect(card.getByTestId('correction-request-status')).toHaveText('Correction approved');
  await expect(card).toContainText(/6:45\sAM – 11:00\sAM/);
  await shot(tech, 'request-approved-phone');
  await phone.close();
});

test('a correction inside a locked pay period is refused, and the labor stays as it was', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const { startsOn, priyaId, day, token } = await olderWorkedPeriod(page);
  const wednesday = day(3);
  // Payroll approves the period's timesheets as they stand and locks it.
  const sheets = await call(page.request, token, 'GET', `Payroll/timesheets?date=${startsOn}`);
  for (const r of sheets.rows.filter((x: { built: { workedMinutes: number; ptoMinutes: number } }) => x.built.workedMinutes + x.built.ptoMinutes > 0)) {
    await call(page.request, token, 'POST', 'Payroll/timesheetApprovals', { userId: r.userId, startsOn });
  }
  await call(page.request, token, 'POST', 'Payroll/payPeriodLocks', { startsOn });

  await openAs(page, 'payroll', `/payroll?date=${startsOn}&employee=${priyaId}`);
  const drawer = page.getByRole('dialog', { name: 'Timesheet' });
  await expect(drawer).toContainText('This pay period is locked');
  const row = drawer.getByRole('row', { name: wednesday.row, exact: true });
  await row.getByRole('button', { name: new RegExp(`^Edit the labor of ${wednesday.short} from 7:00\\sAM`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct Labor' });
  await dialog.getByLabel('Stop').fill(`${wednesday.date}T10:30`);
  await dialog.getByLabel('Reason').fill('Left early for a doctor appointment.');
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  await expect(page.getByText('This labor is in a locked pay period; adjust it in payroll.')).toBeVisible();
  await shot(page, 'locked-refusal-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText(/7:00\sAM – 11:00\sAM · Work order \S+ · 4\.00 h/);
  await expect(row.getByRole('button', { name: /^Corrected/ })).toHaveCount(0);
  const sheet = await call(page.request, token, 'GET', `Payroll/timesheets/${priyaId}?date=${startsOn}`);
  expect(sheet.days.find((d: { date: string }) => d.date === wednesday.date).regularMinutes).toBe(480);
});
