import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { techWorked } from './labor';
import { accessTokenOf, openAs } from './session';

// The money of one work order, as the office handles it: tech works two and a half hours on 240016 (Bishop Arts
// Cafe, billed to Lone Star Restaurant Group at $115.00 an hour; Texas taxes neither labor nor freight). The
// administrator reads the preview, adds freight, submits the invoice, takes a partial payment and sees the balance fall
// by exactly that much; an over-payment is refused with its sentence, leaving everything as it was; a credit memo
// lowers the balance again. The payment dialog offers a method the company added to its list. No other test uses
// 240016.
const WORK_ORDER = '240016';
const EDIT = `/workOrder/${WORK_ORDER}/edit`;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

const line = (page: Page, label: string) => page.getByTestId('invoice-lines').locator(`tr[data-line="${label}"]`);

/** The company's additional line item "Haul-away fee" (administration, Intacct), on an account of its own. */
async function haulAwayItem(page: Page) {
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const offered = (await (await page.request.get('/api/v1/Billing/additionalLineItems', { headers })).json()) as { name: string }[];
  if (offered.some((i) => i.name === 'Haul-away fee')) return;
  const account = await page.request.post('/api/v1/Intacct/chartOfAccount', { headers, data: { accountNo: '4850', title: 'Haul-away Income' } });
  expect(account.ok(), `GL account: ${account.status()}`).toBe(true);
  const { glAccountId } = (await account.json()) as { glAccountId: number };
  const item = await page.request.post('/api/v1/Intacct/additionalLineItem', { headers, data: { name: 'Haul-away fee', glAccountId } });
  expect(item.ok(), `additional line item: ${item.status()}`).toBe(true);
}

test('an office user invoices a work order after the technician’s labor and takes a partial payment', async ({ page }) => {
  await techWorked(page, WORK_ORDER, 150);

  await openAs(page, 'admin', EDIT);
  await haulAwayItem(page);
  await page.reload();
  const section = page.getByTestId('invoice-section');
  await expect(section.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(section.getByText('Not invoiced')).toBeVisible();
  // 2.50 hours at $115.00; no tax on labor in Texas.
  await expect(section.getByTestId('preview-labor')).toHaveText('$287.50');
  await expect(section.getByTestId('preview-tax')).toHaveText('$0.00');
  await expect(section.getByTestId('preview-total')).toHaveText('$287.50');
  await expect(line(page, 'Regular')).toContainText('2.50 h');
  await expect(line(page, 'Invoice Total')).toContainText('$287.50');
  // Details name the technician and the rate; every mode ends with the same amount due.
  await section.getByText('Details', { exact: true }).click();
  await expect(line(page, 'Regular')).toContainText('Tom Alvarez · 2.50 h × $115.00');
  await section.getByText('Labor/Material Separated Subtotal', { exact: true }).click();
  await expect(line(page, 'Labor Subtotal')).toContainText('$287.50');
  await expect(line(page, 'Amount Due')).toContainText('$287.50');
  await section.getByText('Summary', { exact: true }).click();
  // The office adds freight; Texas does not tax it either.
  await section.getByRole('textbox', { name: 'Freight' }).fill('12.40');
  await expect(section.getByTestId('preview-total')).toHaveText('$299.90');
  await expect(line(page, 'Freight')).toContainText('$12.40');
  // A discount on the labor entry, then the same amount billed as a quoted value: the total comes back to the cent.
  const adjustments = section.getByTestId('invoice-adjustments');
  await adjustments.getByRole('textbox', { name: "Discount on Tom Alvarez's regular labor of 2.5 h" }).fill('37.50');
  await expect(section.getByTestId('preview-labor')).toHaveText('$250.00');
  await expect(section.getByTestId('preview-total')).toHaveText('$262.40');
  await adjustments.getByRole('button', { name: 'Add Quoted Value' }).click();
  await adjustments.getByRole('textbox', { name: 'Quoted value 1 amount' }).fill('37.50');
  await expect(adjustments.getByText('Description field is required!')).toBeVisible();
  await adjustments.getByRole('textbox', { name: 'Quoted value 1 description' }).fill('Coil cleaning, as quoted');
  await expect(section.getByTestId('preview-total')).toHaveText('$299.90');
  await expect(line(page, 'Quoted Values')).toContainText('$37.50');
  // An additional line item from the company's list, billed as a service (Texas taxes none), then removed again.
  const extra = section.getByTestId('invoice-additional-lines');
  await extra.getByRole('button', { name: 'Add Line Item' }).click();
  await extra.getByLabel('Additional line 1 item', { exact: true }).click();
  await page.getByRole('option', { name: 'Haul-away fee' }).click();
  await expect(extra.getByRole('textbox', { name: 'Additional line 1 description' })).toHaveValue('Haul-away fee');
  await extra.getByRole('textbox', { name: 'Additional line 1 amount' }).fill('25');
  await expect(section.getByTestId('preview-total')).toHaveText('$324.90');
  await expect(line(page, 'Haul-away fee')).toContainText('$25.00');
  await extra.scrollIntoViewIfNeeded();
  await shot(page, 'preview-additional-line');
  await extra.getByRole('button', { name: 'Remove additional line 1' }).click();
  await expect(section.getByTestId('preview-total')).toHaveText('$299.90');
  await expect(line(page, 'Haul-away fee')).toHaveCount(0);
  await shot(page, 'preview');

  // Submitting asks first; No leaves the work order uninvoiced.
  await section.getByRole('button', { name: 'Submit Invoice' }).click();
  let dialog = page.getByRole('dialog', { name: 'Submit Invoice' });
  await expect(dialog).toContainText(`Submit the invoice of work order ${WORK_ORDER} for $299.90?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Not invoiced')).toBeVisible();
  await section.getByRole('button', { name: 'Submit Invoice' }).click();
  await page.getByRole('dialog', { name: 'Submit Invoice' }).getByRole('button', { name: 'Submit Invoice' }).click();

  await expect(section.getByTestId('invoice-number')).toHaveText(/^\d+$/);
  const invoiceNumber = (await section.getByTestId('invoice-number').textContent())!;
  await expect(section.getByTestId('invoice-status')).toHaveText('Submitted');
  await expect(page.getByTestId('work-order-status')).toHaveText('Invoice Submitted');
  await expect(section.getByTestId('invoice-total')).toHaveText('$299.90');
  await expect(section.getByTestId('invoice-paid')).toHaveText('$0.00');
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$299.90');
  await expect(section.getByTestId('payment-history')).toContainText('No payments yet.');

  // The company adds a payment method of its own (administration, Payment Methods): the dialog offers it.
  const added = await page.request.post('/api/v1/ReferenceList/paymentMethods', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` }, data: { name: 'Money Order' },
  });
  expect([200, 409]).toContain(added.status());

  // A partial payment by check: the amount due falls by exactly that amount.
  await section.getByRole('button', { name: 'Process Payment' }).click();
  dialog = page.getByRole('dialog', { name: `Process Payment — Invoice ${invoiceNumber}` });
  await expect(dialog.getByTestId('payment-amount-due')).toHaveText('$299.90');
  const amount = dialog.getByRole('textbox', { name: 'Amount' });
  await amount.fill('');
  await dialog.getByRole('button', { name: 'Process Payment' }).click();
  await expect(dialog.getByText('Amount field is required!')).toBeVisible();
  // A card payment shows the 3% convenience fee charged on top.
  await dialog.getByRole('combobox', { name: 'Payment Method' }).click();
  await expect(page.getByRole('option', { name: 'Money Order', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'Credit Card', exact: true }).click();
  await amount.fill('100');
  await expect(dialog.getByTestId('convenience-fee')).toContainText('Convenience fee (3%): $3.00');
  await dialog.getByRole('combobox', { name: 'Payment Method' }).click();
  await page.getByRole('option', { name: 'Check', exact: true }).click();
  await expect(dialog.getByTestId('convenience-fee')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Reference' }).fill('Check 10442');
  // Received a few days ago: the payment is dated as the check was.
  await dialog.getByLabel('Payment Date').fill('2026-11-20');
  await dialog.getByRole('button', { name: 'Process Payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('invoice-paid')).toHaveText('$100.00');
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$199.90');
  await expect(section.getByTestId('payment-row')).toHaveCount(1);
  await expect(section.getByTestId('payment-row')).toContainText('Check 10442');
  await expect(section.getByTestId('payment-row')).toContainText('11/20/2026');
  await expect(line(page, 'Payments')).toContainText('$100.00');

  // More than is due is refused with the sentence, and nothing changes.
  await section.getByRole('button', { name: 'Process Payment' }).click();
  dialog = page.getByRole('dialog', { name: `Process Payment — Invoice ${invoiceNumber}` });
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('200');
  await dialog.getByRole('button', { name: 'Process Payment' }).click();
  await expect(dialog.getByText('Amount must be at most the amount due, $199.90.')).toBeVisible();
  await shot(page, 'payment-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The server refuses it too, with the same sentence, and the invoice is as it was.
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const row = (await (await page.request.post('/api/v1/Billing/invoices', {
    headers, data: { filter: { logic: 'and', filters: [{ field: 'workOrderNumber', operator: 'eq', value: WORK_ORDER }] } },
  })).json()).data[0];
  const refused = await page.request.post(`/api/v1/Invoice/${row.invoiceId}/payments`, { headers, data: { amount: 200, paymentMethod: 'Check' } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).title).toBe('Amount must be at most the amount due, $199.90.');
  await page.reload();
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$199.90');
  await expect(section.getByTestId('invoice-paid')).toHaveText('$100.00');
  await expect(section.getByTestId('payment-row')).toHaveCount(1);
  await shot(page, 'after-payment');

  // The billing grid lists it, its number linking back to the work order.
  await page.goto('/billing');
  const grid = page.getByRole('table', { name: 'Invoices' });
  await expect(grid.getByRole('link', { name: `Invoice ${invoiceNumber}, work order ${WORK_ORDER}` })).toBeVisible();
  await expect(grid.locator('tbody tr').first()).toContainText('$199.90');
  await shot(page, 'billing');
  await grid.getByRole('link', { name: `Invoice ${invoiceNumber}, work order ${WORK_ORDER}` }).click();
  await expect(page).toHaveURL(new RegExp(`${EDIT}$`));
});

test('the invoice and its payment read well on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'admin', EDIT);
  const section = page.getByTestId('invoice-section');
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$199.90');
  await section.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'invoice-phone');
  await section.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.getByRole('dialog', { name: /^Process Payment/ })).toBeVisible();
  await shot(page, 'payment-phone');
});

test('a dispatcher reads invoices but is offered neither Submit nor Process Payment; a technician sees no invoice', async ({ page }) => {
  await openAs(page, 'dispatcher', EDIT);
  const section = page.getByTestId('invoice-section');
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$199.90');
  await expect(section.getByRole('button', { name: 'Process Payment' })).toHaveCount(0);
  await openAs(page, 'tech', EDIT);
  await expect(page.getByRole('heading', { name: 'Work Description' })).toBeVisible();
  await expect(page.getByTestId('invoice-section')).toHaveCount(0);
});

test('a credit memo for the billing customer is applied to the invoice and lowers what is due', async ({ page }) => {
  await openAs(page, 'admin', '/creditMemos');
  await expect(page.getByTestId('credit-memos-empty')).toContainText('No credit memos yet.');
  await page.getByRole('button', { name: 'New Credit Memo' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Credit Memo' });
  await dialog.getByRole('button', { name: 'Create Credit Memo' }).click();
  await expect(dialog.getByText('Customer field is required!')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Billing Customer' }).pressSequentially('Lone Star', { delay: 20 });
  await page.getByRole('option', { name: /Lone Star Restaurant Group/ }).first().click();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('50');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Door gasket covered by warranty');
  await dialog.getByRole('button', { name: 'Create Credit Memo' }).click();
  await expect(dialog).toBeHidden();
  const memo = page.getByTestId('credit-memo-row');
  await expect(memo).toHaveCount(1);
  await expect(memo).toContainText('Lone Star Restaurant Group');
  await expect(memo).toContainText('$50.00');

  await memo.getByRole('button', { name: /^Apply credit memo/ }).click();
  dialog = page.getByRole('dialog', { name: 'Apply Credit' });
  await dialog.getByRole('combobox', { name: 'Invoice' }).click();
  await page.getByRole('option', { name: new RegExp(`WO ${WORK_ORDER} — due \\$199\\.90`) }).click();
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('$50.00');
  await shot(page, 'apply-credit');
  await dialog.getByRole('button', { name: 'Apply Credit' }).click();
  await expect(dialog).toBeHidden();
  await expect(memo.getByTestId('memo-remaining')).toHaveText('$0.00');
  await expect(memo.getByRole('button', { name: /^Apply credit memo/ })).toHaveCount(0);
  await shot(page, 'credit-memos');

  await page.goto(EDIT);
  const section = page.getByTestId('invoice-section');
  await expect(section.getByTestId('invoice-credits')).toHaveText('$50.00');
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$149.90');
  await expect(line(page, 'Credits Applied')).toContainText('$50.00');
});
