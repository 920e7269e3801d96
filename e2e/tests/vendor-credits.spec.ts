import { expect, test, type Page } from './fixtures';
import { call, tokenOf } from './api';
import { choose, shot } from './page-actions';
import { openAs } from './session';

// tech's demo work order that no other test of the parts group adds to; CAP-4540 is stocked on his Truck 1.
const WORK_ORDER = '240027';
const EDIT = `/workOrder/${WORK_ORDER}/edit`;
const BARCODE = '0712345000017';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

test.describe.configure({ mode: 'serial' });

const materials = (page: Page) => page.getByTestId('items-materials');

test('a technician scans a part from his truck on a phone, then returns it for credit; the office applies the credit', async ({ page, request }) => {
  const token = await tokenOf(request, 'tech');
  const truck = (await call(request, token, 'GET', 'WorkOrder/material/locations')).find((l: { isMine: boolean }) => l.isMine);
  expect(truck.name).toBe('Truck 1');
  const onTruck = async () => (await call(request, token, 'GET', `Inventory/items/options?barcode=${BARCODE}&warehouseId=${truck.warehouseId}`))[0].onHand as number;
  const before = await onTruck();
  expect(before).toBeGreaterThan(0);

  await page.setViewportSize(PHONE);
  await openAs(page, 'tech', EDIT);
  await materials(page).getByRole('button', { name: 'Scan part' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan part' });
  // Typing is always there, camera or not; an unknown code is said so.
  await scan.getByRole('textbox', { name: 'Barcode' }).fill('0000000000000');
  await scan.getByRole('button', { name: 'Find' }).click();
  await expect(scan.getByRole('alert')).toHaveText('No part has the barcode 0000000000000.');
  await scan.getByRole('textbox', { name: 'Barcode' }).fill(BARCODE);
  await scan.getByRole('textbox', { name: 'Barcode' }).press('Enter');
  const found = scan.getByTestId('scanned-part');
  await expect(found).toContainText('CAP-4540');
  await expect(found).toContainText(`${before} available on Truck 1`);
  await expect(scan.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'scan-part-phone');
  await scan.getByRole('button', { name: 'Add to work order' }).click();
  await expect(scan).toHaveCount(0);
  const row = materials(page).getByTestId('material-row').filter({ hasText: 'Run capacitor' });
  await expect(row).toContainText('Sold From Inventory');
  await expect(row).toContainText('Truck 1');
  await expect.poll(onTruck).toBe(before - 1);

  // The part goes back to the vendor: Returned For Credit.
  await row.getByRole('button', { name: /^Change material/ }).click();
  const change = page.getByRole('dialog', { name: 'Change material' });
  await choose(change, 'Material Status', 'Returned For Credit', 'Returned');
  await shot(page, 'material-change-phone');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(change).toHaveCount(0);
  await expect(row).toContainText('Returned For Credit');
  expect(await onTruck()).toBe(before - 1);

  // The office finds the credit of the part's vendor for this work order and applies it.
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'admin', '/vendorCredits');
  await expect(page.getByRole('heading', { name: 'Vendor Credits' })).toBeVisible();
  const credit = page.getByTestId('vendor-credit-row').filter({ hasText: WORK_ORDER });
  await expect(credit).toContainText('Johnstone Supply');
  await expect(credit).toContainText('Open');
  await expect(credit).toContainText('$18.40');
  await shot(page, 'vendor-credits-desktop');
  await credit.getByRole('button', { name: /^Credit \d+$/ }).click();
  const detail = page.getByRole('dialog', { name: /^Vendor credit \d+$/ });
  await expect(detail.getByTestId('vendor-credit-line')).toContainText('CAP-4540');
  await expect(detail.getByTestId('vendor-credit-amount')).toHaveText('$18.40');
  await detail.getByRole('button', { name: 'Apply' }).click();
  await expect(detail.getByText('Credit Memo Reference field is required!')).toBeVisible();
  await detail.getByRole('textbox', { name: 'Credit Memo Reference' }).fill('CM-55120');
  await shot(page, 'vendor-credit-detail-desktop');
  await detail.getByRole('button', { name: 'Apply' }).click();
  await expect(detail.getByText('Applied with credit memo CM-55120 by Alicia Moreno')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(credit).toContainText('Applied');
});

test('the office opens a vendor credit of its own and cancels it after confirming, on a phone too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'admin', '/vendorCredits');
  await page.getByRole('button', { name: 'New vendor credit' }).click();
  const form = page.getByRole('dialog', { name: 'New vendor credit' });
  await form.getByRole('button', { name: 'Open credit' }).click();
  await expect(form.getByText('Vendor field is required!')).toBeVisible();
  await choose(form, 'Vendor', 'Ferguson HVAC');
  await form.getByRole('textbox', { name: 'Description' }).fill('Wrong drier shipped');
  await form.getByRole('textbox', { name: 'Unit Cost' }).fill('31.10');
  await form.getByRole('textbox', { name: 'Quantity' }).fill('2');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'vendor-credit-new-phone');
  await form.getByRole('button', { name: 'Open credit' }).click();
  const detail = page.getByRole('dialog', { name: /^Vendor credit \d+$/ });
  await expect(detail.getByTestId('vendor-credit-amount')).toHaveText('$62.20');
  await detail.getByRole('button', { name: 'Cancel credit' }).click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(detail.getByRole('button', { name: 'Cancel credit' })).toBeVisible();
  await detail.getByRole('button', { name: 'Cancel credit' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(detail.getByText('Canceled')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Cancel credit' })).toHaveCount(0);
});
