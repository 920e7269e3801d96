import { expect, test, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { openAs } from './session';

const rowOf = (page: Page, table: string, name: string) => page.getByRole('table', { name: table }).locator(`tr[data-row="${name}"]`);

/** Opens the add form and fills in a technician's truck; the caller saves it. */
async function fillTruck(page: Page, name: string, technician: string, stock: string) {
  await page.getByRole('button', { name: 'Add warehouse' }).click();
  const truck = page.getByRole('dialog', { name: 'Add warehouse' });
  await truck.getByLabel('Name').fill(name);
  await choose(truck, 'Warehouse Type', 'Satellite Warehouse');
  await truck.getByRole('switch', { name: "Technician's Truck" }).check();
  await choose(truck, 'Technician', technician);
  await choose(truck, 'Truck Stock Type', stock);
  return truck;
}

test.describe('parts lists (desktop)', () => {
  test('an administrator adds a warehouse, a truck, a vendor and a ship-to address, sets the next PO number, and finds them after a reload', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('navigation', { name: 'Administration lists' }).getByRole('link', { name: /^Warehouses/ }).click();
    await expect(page).toHaveURL(/\/administration\/warehouses$/);

    await page.getByRole('button', { name: 'Add warehouse' }).click();
    const warehouse = page.getByRole('dialog', { name: 'Add warehouse' });
    await warehouse.getByLabel('Name').fill('East Yard');
    await choose(warehouse, 'Warehouse Type', 'Satellite Warehouse');
    await warehouse.getByLabel('City').fill('Mesquite');
    await warehouse.getByLabel('State').fill('TX');
    // The technician and the truck's stock type are asked for only when the place is a truck.
    await expect(warehouse.getByRole('combobox', { name: 'Technician', exact: true })).toHaveCount(0);
    await warehouse.getByRole('button', { name: 'Save' }).click();
    await expect(warehouse).toBeHidden();
    await expect(rowOf(page, 'Warehouses', 'East Yard')).toContainText('Satellite Warehouse');

    const truck = await fillTruck(page, 'Truck 2', 'Priya Natarajan', 'Standard Van Stock');
    await shot(page, 'truck-dialog-desktop', { fullPage: false });
    await truck.getByRole('button', { name: 'Save' }).click();
    await expect(truck).toBeHidden();
    await expect(rowOf(page, 'Warehouses', 'Truck 2')).toContainText('Priya Natarajan');
    await expect(rowOf(page, 'Warehouses', 'Truck 2')).toContainText('Standard Van Stock');

    // A technician has one truck: a second one for Priya is refused with a sentence, and the form stays open.
    const second = await fillTruck(page, 'Truck 3', 'Priya Natarajan', 'Refrigeration Van Stock');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Priya Natarajan already has a truck, Truck 2: a technician has at most one truck.')).toBeVisible();
    await expect(second).toBeVisible();
    await second.getByRole('button', { name: 'Cancel' }).click();
    await expect(rowOf(page, 'Warehouses', 'Truck 3')).toHaveCount(0);
    await shot(page, 'warehouses-desktop');

    await page.goto('/administration/vendors');
    await page.getByRole('button', { name: 'Add vendor' }).click();
    const vendor = page.getByRole('dialog', { name: 'Add vendor' });
    await vendor.getByLabel('Name').fill('Lone Star Refrigeration Parts');
    await vendor.getByLabel('Account Number').fill('LSR-7781');
    await choose(vendor, 'Terms', 'Net 30');
    await vendor.getByLabel('Email', { exact: true }).fill('orders at lonestar');
    await vendor.getByRole('button', { name: 'Save' }).click();
    await expect(vendor.getByText('Email is not a valid e-mail address.')).toBeVisible();
    await vendor.getByLabel('Email', { exact: true }).fill('orders@lonestarparts.example');
    await vendor.getByLabel('Phone', { exact: true }).fill('(214) 555 0188');
    await vendor.getByLabel('Contact', { exact: true }).fill('Ray Mendez');
    await vendor.getByRole('button', { name: 'Save' }).click();
    await expect(vendor).toBeHidden();
    await expect(rowOf(page, 'Vendors', 'Lone Star Refrigeration Parts')).toContainText('214-555-0188');

    await page.goto('/administration/shipToAddress');
    await page.getByRole('button', { name: 'Add ship-to address' }).click();
    const address = page.getByRole('dialog', { name: 'Add ship-to address' });
    await address.getByLabel('Name').fill('Mesquite Dock');
    await address.getByLabel('Street').fill('300 Dock Rd');
    await address.getByLabel('City').fill('Mesquite');
    await address.getByRole('switch', { name: 'Default' }).check();
    await address.getByRole('button', { name: 'Save' }).click();
    await expect(address).toBeHidden();
    // The default moves to the new address: the one that had it no longer shows it.
    await expect(rowOf(page, 'Ship-To Addresses', 'Mesquite Dock')).toContainText('Yes');
    await expect(rowOf(page, 'Ship-To Addresses', 'Main Warehouse')).not.toContainText('Yes');

    await page.goto('/administration');
    await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /Manage PO Numbers/ }).click();
    await expect(page).toHaveURL(/\/administration\/account-settings\/purchaseOrdersNumber$/);
    const numbering = page.getByRole('form', { name: 'Manage PO Numbers' });
    await numbering.getByLabel('Next PO Number').fill('7001');
    await numbering.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The next purchase order will be number 7001.')).toBeVisible();
    await shot(page, 'po-number-desktop');

    await page.reload();
    await expect(page.getByRole('form', { name: 'Manage PO Numbers' }).getByLabel('Next PO Number')).toHaveValue('7001');
    await page.goto('/administration/warehouses');
    await expect(rowOf(page, 'Warehouses', 'East Yard')).toBeVisible();
    await expect(rowOf(page, 'Warehouses', 'Truck 2')).toContainText('Priya Natarajan');
    await page.goto('/administration/vendors');
    await expect(rowOf(page, 'Vendors', 'Lone Star Refrigeration Parts')).toContainText('Ray Mendez');
    await page.goto('/administration/shipToAddress');
    await expect(rowOf(page, 'Ship-To Addresses', 'Mesquite Dock')).toContainText('Yes');
  });
});

test.describe('parts lists (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the vendors page fits a phone without scrolling sideways', async ({ page }) => {
    await openAs(page, 'admin', '/administration/vendors');
    await expect(rowOf(page, 'Vendors', 'Johnstone Supply')).toBeVisible();
    await shot(page, 'vendors-phone');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});
