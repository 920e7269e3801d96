import { expect, test, type Page } from './fixtures';
import { moneyText } from '@sm/shared';
import { expectAccessible } from './axe-check';
import { choose, shot, toastGone } from './page-actions';
import { accessTokenOf, openAs } from './session';
import { callAsPage as call, daysBefore } from './api';

// Receivables as the office collects them. The test makes its own customer (the demo has no unpaid invoices): a
// billing customer with two work orders, one of them invoiced 20 days ago (due on receipt: 1-30 days past due), the
// other still to do. The administrator opens Collections from the navbar, finds the invoice in the 1-30 bucket (its
// open invoices say so too), puts the customer on credit hold after confirming, and takes a payment of what it owes
// from the same page: the customer's aging falls to nothing. The hold is taken off at the end.

const PHONE = { width: 390, height: 844 };
const NAME = 'Harbor Street Creamery';
const AMOUNT = 412.35;

test.describe.configure({ mode: 'serial' });

/** The day `days` before a YYYY-MM-DD day. */
/** The customer, a work order invoiced 20 days before the company's today, and an open work order. */
async function pastDueCustomer(page: Page, name = NAME) {
  const { asOf } = await call(page, 'GET', 'Collection/aging?take=1');
  const { customerId } = await call(page, 'POST', 'Customer/create', { name, address: '40 Harbor St', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true });
  const invoiced = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Dipping cabinet not cold' });
  const open = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Ice cream freezer door gasket' });
  const invoice = await call(page, 'POST', 'Invoice/submit', {
    workOrderId: invoiced.workOrderId, invoiceDate: daysBefore(asOf, 20), quotedValues: [{ description: 'Compressor relay replaced, as quoted', amount: AMOUNT }],
  });
  return { customerId, asOf: asOf as string, invoiceId: invoice.invoiceId as number, invoiceNumber: invoice.invoiceNumber as number, openWorkOrder: open.workOrderNumber as string };
}

const rowOf = (page: Page, name: string) => page.getByTestId('aging-row').and(page.locator(`[data-customer="${name}"]`));

test('the office sees a past-due invoice in its bucket, puts the customer on hold, and a payment clears the aging', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', '/home');
  const made = await pastDueCustomer(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const money = nav.getByRole('button', { name: 'Money' });
  if ((await money.getAttribute('aria-expanded')) === 'false') await money.click();
  await nav.getByRole('link', { name: 'Collections' }).click();
  await expect(page).toHaveURL(/\/collection$/);
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible();
  const customer = { customerName: NAME, balance: AMOUNT, days1to30: AMOUNT };
  await expect(page.getByTestId('bucket-totals').locator('[data-total="days1to30"]')).not.toContainText('$0.00');
  await shot(page, 'collections-1366');

  // The bucket's filter keeps the customer; its row shows the amount in the 1-30 column.
  await page.getByRole('textbox', { name: 'Customer' }).fill(customer.customerName);
  const row = rowOf(page, customer.customerName);
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-bucket="days1to30"]')).toHaveText(moneyText(customer.days1to30));
  await expect(row.locator('[data-bucket="balance"]')).toHaveText(moneyText(customer.balance));
  await row.getByRole('button', { name: `Open invoices of ${customer.customerName}` }).click();
  const invoices = page.getByTestId('open-invoices');
  await expect(invoices.getByTestId('open-invoice-row')).toHaveCount(1);
  await expect(invoices.getByTestId('open-invoice-row').getByTestId('invoice-bucket')).toHaveText('1-30 days');
  await expectAccessible(page, 'Collections with open invoices (desktop)');
  await shot(page, 'collections-open-invoices-1366');

  // On hold, after confirming: the status says so.
  await row.getByRole('button', { name: `Credit of ${customer.customerName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Credit — ${customer.customerName}` });
  await dialog.getByRole('switch', { name: 'On credit hold' }).check();
  await expectAccessible(page, 'the credit dialog (desktop)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const sure = page.getByRole('dialog', { name: 'Put on credit hold?' });
  await expect(sure).toContainText(`${customer.customerName} owes ${moneyText(customer.balance)}`);
  await sure.getByRole('button', { name: 'Put on hold' }).click();
  await expect(dialog).toBeHidden();
  await toastGone(page, `${customer.customerName} is on credit hold: 1 work order moved to Credit Hold.`);
  await expect(row.getByTestId('credit-status')).toHaveText('On hold');

  // A payment of everything each open invoice owes clears the customer's aging.
  const workOrder = await call(page, 'GET', `WorkOrder/${made.openWorkOrder}`);
  expect(workOrder.workOrderStatusId).toBe(8);
  await expect(invoices).toBeVisible();
  await invoices.getByRole('button', { name: `Process payment on invoice ${made.invoiceNumber}` }).click();
  const pay = page.getByRole('dialog', { name: `Process Payment — Invoice ${made.invoiceNumber}` });
  await expect(pay.getByTestId('payment-amount-due')).toHaveText(moneyText(AMOUNT));
  await pay.getByRole('button', { name: 'Process Payment' }).click();
  await expect(pay).toBeHidden();
  await toastGone(page, `Payment of ${moneyText(AMOUNT)} recorded`);
  await expect(row.locator('[data-bucket="balance"]')).toHaveText('$0.00');
  await expect(row.locator('[data-bucket="days1to30"]')).toHaveText('$0.00');
  await expect(invoices).toContainText('No open invoices: nothing is owed.');
  await shot(page, 'collections-paid-1366');

  // On a phone the same customer is a card with its status.
  await page.setViewportSize(PHONE);
  await expect(row.getByTestId('credit-status')).toHaveText('On hold');
  await expectAccessible(page, 'Collections (phone)');
  await shot(page, 'collections-390');

  // Taking the hold off returns its work orders to the status they had.
  await page.setViewportSize({ width: 1366, height: 900 });
  await row.getByRole('button', { name: `Credit of ${customer.customerName}` }).click();
  await dialog.getByRole('switch', { name: 'On credit hold' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await toastGone(page, `${customer.customerName} is off credit hold: 1 work order returned to their status.`);
  expect((await call(page, 'GET', `WorkOrder/${made.openWorkOrder}`)).workOrderStatusId).toBe(13);
  // Owing nothing and no longer held, the customer leaves the aging.
  await expect(page.getByTestId('aging-empty')).toContainText('No customer matches these filters.');
});

test('an empty filter says so', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'admin', '/collection');
  await page.getByRole('textbox', { name: 'Customer' }).fill('no customer is called this');
  await expect(page.getByTestId('aging-empty')).toContainText('No customer matches these filters.');
  await shot(page, 'collections-empty-390');
});

test('a collection template is made on its administration page, and a customer\'s statement opens from its open invoices', async ({ page }) => {
  const name = 'Pier Nine Gelato';
  const template = 'Gentle first reminder';
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', '/administration');
  await page.getByRole('link', { name: /Collection Templates/ }).click();
  await expect(page).toHaveURL(/\/administration\/collectionSettings\/collectionTemplate$/);
  await expect(page.getByRole('heading', { name: 'Collection Templates' })).toBeVisible();

  // Add, with a merge field that does not exist first: the form says so and keeps the dialog open.
  await page.getByRole('button', { name: 'Add collection template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add collection template' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(template);
  await choose(dialog, 'Aging bucket', '31-60 days');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('{{customerName}}: a friendly reminder');
  await dialog.getByRole('textbox', { name: 'Body' }).fill('Dear {{customer}},\n\nYou owe {{balance}}.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('{{customer}} is not a merge field.');
  await dialog.getByRole('textbox', { name: 'Body' }).fill('Dear {{customerName}},\n\nYou owe {{balance}}; {{pastDue}} is past due.');
  await expectAccessible(page, 'the collection template dialog');
  await shot(page, 'collection-template-dialog-1366');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await toastGone(page, `Collection template ${template} added.`);
  const row = page.locator(`tr[data-row="${template}"]`);
  await expect(row).toContainText('31-60 days');
  await expect(row).toContainText('Active');
  await shot(page, 'collection-templates-1366');
  await page.setViewportSize(PHONE);
  await expectAccessible(page, 'Collection Templates (phone)');
  await shot(page, 'collection-templates-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The statement of a customer owing something opens from its open invoices as a PDF.
  const made = await pastDueCustomer(page, name);
  await page.goto('/collection');
  await page.getByRole('textbox', { name: 'Customer' }).fill(name);
  const customer = rowOf(page, name);
  await customer.getByRole('button', { name: `Open invoices of ${name}` }).click();
  const invoices = page.getByTestId('open-invoices');
  await expect(invoices.getByTestId('open-invoice-row')).toHaveCount(1);
  await expect(invoices).toContainText('No statement e-mailed yet.');
  const answered = page.waitForResponse((r) => r.url().includes(`/Collection/customers/${made.customerId}/statement`));
  const popup = page.waitForEvent('popup');
  await invoices.getByRole('button', { name: `Statement of ${name}` }).click();
  const statement = await answered;
  expect(statement.status()).toBe(200);
  expect(statement.headers()['content-type']).toBe('application/pdf');
  const again = await page.request.get(`/api/v1/Collection/customers/${made.customerId}/statement`, { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } });
  expect((await again.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  await shot(page, 'collections-statement-1366');

  // Deleting the template asks first.
  await page.goto('/administration/collectionSettings/collectionTemplate');
  await page.getByRole('button', { name: `Delete ${template}` }).click();
  const question = page.getByRole('dialog', { name: 'Delete collection template' });
  await expect(question).toContainText(`Delete the collection template ${template}?`);
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator(`tr[data-row="${template}"]`)).toHaveCount(0);
  await expect(page.getByText('No collection templates yet')).toBeVisible();

  // The customer is paid up, so it leaves the aging for the other tests.
  await call(page, 'POST', `Invoice/${made.invoiceId}/payments`, { amount: AMOUNT, paymentMethod: 'Check', paidOn: made.asOf });
});
