import { expect, test, type Page } from './fixtures';
import { pdfText } from '../../apps/server/src/test/pdf-text';
import { waitUntil } from '../../apps/server/src/test/smtp-sink';
import { expectAccessible } from './axe-check';
import { mailboxOfGroup } from './mail';
import { choose, shot } from './page-actions';
import { openAs } from './session';

// The office orders parts for a work order: a purchase order of two lines made from the work order's page, e-mailed
// to the vendor as a PDF (read back from the group's SMTP server), received in part into Truck 1 and then in full. The
// purchase order's status and the work order's follow: Partially Received with Parts Ordered, then Received with
// Parts Here. The pages and dialogs on the way pass the accessibility check.
const WORK_ORDER = '240017';
const VENDOR_ADDRESS = 'orders@johnstone.example.com';

const mail = mailboxOfGroup();

test.use({ viewport: { width: 1366, height: 900 } });

async function receive(page: Page, quantities: Record<string, string>) {
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Receive purchase order/ });
  await choose(dialog, 'Location', /^Truck 1/, 'Truck');
  for (const [description, quantity] of Object.entries(quantities)) {
    await dialog.getByRole('textbox', { name: `Received now of ${description}` }).fill(quantity);
  }
  await expectAccessible(page, 'the Receive dialog', { withShell: false });
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the office orders parts for a work order, e-mails the order, and receives it in part and then in full into a truck', async ({ page }) => {
  await openAs(page, 'admin', `/workOrder/${WORK_ORDER}/edit`);
  const section = page.getByRole('region', { name: 'Purchase orders' });
  await expect(section.getByText('No parts ordered for this work order.')).toBeVisible();
  await section.getByRole('link', { name: 'Order parts' }).click();

  // The new-order form: the work order filled in, the default ship-to chosen; a stocked part and a free-text line.
  await expect(page.getByRole('heading', { name: 'New Purchase Order' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Work Order' })).toHaveValue(new RegExp(`^${WORK_ORDER}`));
  await expect(page.getByRole('combobox', { name: 'Ship To' })).toHaveValue(/^Main Warehouse/);
  await choose(page, 'Vendor', 'Johnstone Supply');
  await choose(page, 'Line 1 item', /^CAP-4540/, 'CAP-4540');
  await expect(page.getByRole('textbox', { name: 'Line 1 description' })).toHaveValue('Run capacitor 45/5 µF 440 V');
  await page.getByRole('textbox', { name: 'Line 1 quantity' }).fill('3');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByRole('textbox', { name: 'Line 2 description' }).fill('Door closer, heavy duty');
  await page.getByRole('textbox', { name: 'Line 2 quantity' }).fill('2');
  await page.getByRole('textbox', { name: 'Line 2 unit cost' }).fill('0.10');
  // 3 × $18.40 + 2 × $0.10, exactly.
  await expect(page.getByText('Total $55.40')).toBeVisible();
  await expectAccessible(page, 'the new purchase order form');
  await shot(page, 'purchase-order-new');
  await page.getByRole('button', { name: 'Create Purchase Order' }).click();

  // The purchase order's page; the work order moved to Parts Ordered.
  const heading = page.getByRole('heading', { name: /^Purchase Order \d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Purchase Order ', '');
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Open');
  await expect(page.getByTestId('work-order-status')).toHaveText('Parts Ordered');
  await expectAccessible(page, 'a purchase order');

  // Send: the vendor's address first, the PDF attached; it arrives at the SMTP server with the PDF.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const form = page.getByRole('dialog', { name: `E-mail purchase order ${number}` });
  await expect(form.getByText(VENDOR_ADDRESS)).toBeVisible();
  await expect(form.getByRole('button', { name: `Purchase-Order-${number}.pdf` })).toBeVisible();
  await expectAccessible(page, 'the purchase order e-mail form', { withShell: false });
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Sent');
  const fileName = `Purchase-Order-${number}.pdf`;
  await waitUntil(() => mail.received.some((m) => m.attachments.some((a) => a.filename === fileName)), 'the purchase order to reach the mail server', 30_000);
  const sent = mail.received.find((m) => m.attachments.some((a) => a.filename === fileName))!;
  expect(sent.to && 'text' in sent.to ? sent.to.text : '').toContain(VENDOR_ADDRESS);
  const printed = pdfText(sent.attachments.find((a) => a.filename === fileName)!.content);
  for (const shown of ['PURCHASE ORDER', 'CAP-4540', 'Door closer, heavy duty', '$55.40']) expect(printed.some((s) => s.includes(shown)), shown).toBe(true);

  // Part of the capacitors arrive on Truck 1: partially received, the work order still waits for parts.
  await receive(page, { 'Run capacitor 45/5 µF 440 V': '1', 'Door closer, heavy duty': '0' });
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Partially Received');
  await expect(page.getByTestId('work-order-status')).toHaveText('Parts Ordered');
  await expect(page.getByRole('list', { name: 'Receipts' })).toContainText('1 of Run capacitor 45/5 µF 440 V into Truck 1');
  await shot(page, 'purchase-order-partial');

  // The rest arrives (the dialog offers what is outstanding): received, and the parts are here.
  await receive(page, {});
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Received');
  await expect(page.getByTestId('work-order-status')).toHaveText('Parts Here');

  // The grid finds it by number; the work order's section lists it.
  await page.goto('/purchaseOrders');
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  await expect(page.getByRole('link', { name: `PO ${number}` })).toBeVisible();
  await expectAccessible(page, 'the purchase orders grid');
  await shot(page, 'purchase-orders-grid');
  await openAs(page, 'admin', `/workOrder/${WORK_ORDER}/edit`);
  await expect(page.getByRole('region', { name: 'Purchase orders' }).getByRole('link', { name: `PO ${number}` })).toBeVisible();
});

test('the purchase order pages fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'admin', '/purchaseOrders');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await expectAccessible(page, 'the purchase orders grid on a phone');
  await shot(page, 'purchase-orders-phone');
  await page.getByRole('list', { name: 'Purchase orders' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Purchase Order \d+$/ })).toBeVisible();
  await expectAccessible(page, 'a purchase order on a phone');
  await shot(page, 'purchase-order-phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
