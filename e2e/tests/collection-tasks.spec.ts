import { expect, test } from './fixtures';
import { moneyText } from '@sm/shared';
import { expectAccessible } from './axe-check';
import { choose, shot, toastGone } from './page-actions';
import { openAs } from './session';
import { callAsPage as call, daysBefore } from './api';

// The collection tasks as the office works them. The test makes its own customer with an invoice 25 days past due
// (due on receipt), then opens Collection Tasks from the navbar and makes today's tasks: the company's starting
// template for 1-30 days past due gives the administrator (to whom the demo assigns that bucket) a reminder call.
// The result is recorded as a promise to pay, which needs its day and amount, and the task moves to Done.

const NAME = 'Pier Nine Oyster Bar';
const AMOUNT = 268.4;

test('the office makes the day\'s collection tasks and records a promise to pay', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', '/home');
  const { asOf } = await call(page, 'GET', 'Collection/aging?take=1');
  const { customerId } = await call(page, 'POST', 'Customer/create', { name: NAME, address: '9 Pier Rd', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true });
  const wo = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Walk-in cooler alarm' });
  await call(page, 'POST', 'Invoice/submit', { workOrderId: wo.workOrderId, invoiceDate: daysBefore(asOf, 25), quotedValues: [{ description: 'Evaporator fan motor replaced', amount: AMOUNT }] });

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const money = nav.getByRole('button', { name: 'Money' });
  if ((await money.getAttribute('aria-expanded')) === 'false') await money.click();
  await nav.getByRole('link', { name: 'Collection Tasks' }).click();
  await expect(page).toHaveURL(/\/collection\/tasks$/);
  await page.getByRole('button', { name: "Make today's tasks" }).click();
  const made = page.getByRole('alert').filter({ hasText: /\d+ tasks? made\./ });
  await expect(made).toBeVisible();
  await page.mouse.move(1, 899);
  await expect(made).toBeHidden();
  await page.getByRole('switch', { name: 'Mine only' }).check();
  const row = page.getByTestId('collection-task').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Friendly reminder call');
  await expect(row).toContainText('Alicia Moreno');
  await expect(row).toContainText(moneyText(AMOUNT));
  // A second run finds nothing new to make.
  await page.getByRole('button', { name: "Make today's tasks" }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Every task due was already made.' })).toBeVisible();
  await toastGone(page, 'already made.');
  await expectAccessible(page, 'Collection Tasks (desktop)');
  await shot(page, 'collection-tasks-1366');

  await row.getByRole('button', { name: `Record result: Friendly reminder call for ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Result — Friendly reminder call' });
  await choose(dialog, 'Outcome', 'Promised to pay');
  await dialog.getByRole('button', { name: 'Save and mark done' }).click();
  await expect(dialog.getByText('Promise date field is required!')).toBeVisible();
  await expectAccessible(page, 'the task result dialog with its errors', { withShell: false });
  const promised = daysBefore(asOf, -7);
  await dialog.getByLabel('Promise Date').fill(promised);
  await dialog.getByRole('textbox', { name: 'Promised Amount' }).fill(String(AMOUNT));
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Check goes out Friday');
  await dialog.getByRole('button', { name: 'Save and mark done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: `Friendly reminder call for ${NAME} is done.` })).toBeVisible();
  await toastGone(page, 'is done.');
  await expect(row).toHaveCount(0);

  await page.getByRole('radiogroup', { name: 'Which tasks' }).getByText('Done', { exact: true }).click();
  await expect(row).toContainText(`Promised to pay: ${moneyText(AMOUNT)}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText('Promised to pay');
  await expectAccessible(page, 'Collection Tasks (phone)');
  await shot(page, 'collection-tasks-390');
});
