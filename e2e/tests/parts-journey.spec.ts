import { expect, test } from './fixtures';
import { waitUntil } from '../../apps/server/src/test/smtp-sink';
import { call, tokenOf } from './api';
import { mailboxOfGroup } from './mail';
import { choose } from './page-actions';
import { openAs } from './session';

// Parts from the vendor to the customer's site and back, on one work order of tech's: the office orders two capacitors
// on a purchase order, e-mails it to the vendor (read back from the group's SMTP server) and receives one into tech's
// truck; tech, on his phone, scans it onto the work order (his truck holds one less) and then returns it for credit;
// the office finds the vendor credit, matched to the purchase order. The work order's status follows each step.
const BARCODE = '0712345000017';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const mail = mailboxOfGroup();

test('a part ordered for a work order is e-mailed, received into a truck, used from a phone and returned for credit', async ({ page, request }) => {
  // A work order of tech's of its own, so that what the other tests of the group did to theirs does not matter.
  const admin = await tokenOf(request, 'admin');
  const tech = await tokenOf(request, 'tech');
  const { userId: techId } = await call(request, tech, 'POST', 'Account/validateUser');
  const { customerId } = await call(request, admin, 'GET', 'WorkOrder/240017');
  const created = await call(request, admin, 'POST', 'WorkOrder/create', { customerId, problem: 'Walk-in cooler condenser fan not starting', technicianIds: [techId] });
  const number = String(created.workOrderNumber);
  const truck = (await call(request, tech, 'GET', 'WorkOrder/material/locations')).find((l: { isMine: boolean }) => l.isMine);
  const onTruck = async () => (await call(request, tech, 'GET', `Inventory/items/options?barcode=${BARCODE}&warehouseId=${truck.warehouseId}`))[0].onHand as number;

  // The office orders the parts from the work order's page.
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'admin', `/workOrder/${number}/edit`);
  await page.getByRole('region', { name: 'Purchase orders' }).getByRole('link', { name: 'Order parts' }).click();
  await expect(page.getByRole('combobox', { name: 'Work Order' })).toHaveValue(new RegExp(`^${number}`));
  await choose(page, 'Vendor', 'Johnstone Supply');
  await choose(page, 'Line 1 item', /^CAP-4540/, 'CAP-4540');
  await page.getByRole('textbox', { name: 'Line 1 quantity' }).fill('2');
  await expect(page.getByText('Total $36.80')).toBeVisible();
  await page.getByRole('button', { name: 'Create Purchase Order' }).click();
  const heading = page.getByRole('heading', { name: /^Purchase Order \d+$/ });
  await expect(heading).toBeVisible();
  const po = (await heading.textContent())!.replace('Purchase Order ', '');
  const orderPage = page.url();
  await expect(page.getByTestId('work-order-status')).toHaveText('Parts Ordered');

  // E-mailed to the vendor with its PDF.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const form = page.getByRole('dialog', { name: `E-mail purchase order ${po}` });
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Sent');
  await waitUntil(() => mail.received.some((m) => m.attachments.some((a) => a.filename === `Purchase-Order-${po}.pdf`)), 'the purchase order to reach the mail server', 30_000);

  // One of the two arrives, into tech's truck.
  const before = await onTruck();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('dialog', { name: /^Receive purchase order/ });
  await choose(receive, 'Location', /^Truck 1/, 'Truck');
  await receive.getByRole('textbox', { name: 'Received now of Run capacitor 45/5 µF 440 V' }).fill('1');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Partially Received');
  await expect.poll(onTruck).toBe(before + 1);

  // tech, on his phone, scans it onto the work order: his truck holds one less.
  await page.setViewportSize(PHONE);
  await openAs(page, 'tech', `/workOrder/${number}/edit`);
  const materials = page.getByTestId('items-materials');
  await materials.getByRole('button', { name: 'Scan part' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan part' });
  await scan.getByRole('textbox', { name: 'Barcode' }).fill(BARCODE);
  await scan.getByRole('textbox', { name: 'Barcode' }).press('Enter');
  await expect(scan.getByTestId('scanned-part')).toContainText('CAP-4540');
  await scan.getByRole('button', { name: 'Add to work order' }).click();
  await expect(scan).toHaveCount(0);
  const row = materials.getByTestId('material-row').filter({ hasText: 'Run capacitor' });
  await expect(row).toContainText('Sold From Inventory');
  await expect.poll(onTruck).toBe(before);

  // The part was the wrong one: back to the vendor for credit.
  await row.getByRole('button', { name: /^Change material/ }).click();
  const change = page.getByRole('dialog', { name: 'Change material' });
  await choose(change, 'Material Status', 'Returned For Credit', 'Returned');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(change).toHaveCount(0);
  await expect(row).toContainText('Returned For Credit');
  expect(await onTruck()).toBe(before);

  // The office finds the credit of the part's vendor for this work order, matched to the purchase order.
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'admin', '/vendorCredits');
  const credit = page.getByTestId('vendor-credit-row').filter({ hasText: number });
  await expect(credit).toContainText('Johnstone Supply');
  await expect(credit).toContainText('$18.40');
  await expect(credit).toContainText(po);
  await expect(credit).toContainText('Open');

  // The work order's status followed: the part is to go back for credit.
  await page.goto(orderPage);
  await expect(page.getByTestId('work-order-status')).toHaveText('Return Parts For Credit');
});
