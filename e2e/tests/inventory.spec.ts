import { expect, test, type Locator, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { openAs } from './session';

const PART = 'E2E-RLY-24';

/** The row of a location in the item's stock table. */
const stockRow = (scope: Page | Locator, location: string) => scope.getByRole('table', { name: 'Stock by location' }).getByRole('row').filter({ hasText: location });

/** What the technician's truck holds of a part, as the My Truck list shows it. */
const truckQuantity = async (page: Page, part: string) => Number(await page.getByRole('listitem', { name: new RegExp(`^${part} `) }).getByTestId('on-hand').textContent());

test.describe('inventory (desktop and phone)', () => {
  test('the office adds an item with opening stock, adjusts it, sets its minimum and sees it to reorder; a technician asks for parts for his truck and gets them', async ({ page, browser }) => {
    await openAs(page, 'admin', '/inventory');
    await expect(page.getByRole('table', { name: 'Items' })).toContainText('CAP-4540');

    // The office adds an item with ten in the main warehouse.
    await page.getByRole('button', { name: 'Add item' }).click();
    const add = page.getByRole('dialog', { name: 'Add item' });
    await add.getByLabel('Part Number').fill(PART);
    await add.getByLabel('Description').fill('Relay 24 V DPDT');
    await add.getByLabel('Unit Cost').fill('12.50');
    await choose(add, 'Preferred Vendor', 'Johnstone Supply');
    await choose(add, 'Location 1', 'Main Warehouse');
    await add.getByLabel('Quantity 1').fill('10');
    await shot(page, 'inventory-add-item-desktop', { fullPage: false });
    await add.getByRole('button', { name: 'Add item' }).click();
    await expect(add).toBeHidden();
    const drawer = page.getByRole('dialog', { name: `${PART} · Relay 24 V DPDT` });
    await expect(stockRow(drawer, 'Main Warehouse')).toContainText('10');

    // An adjustment needs a reason; taking stock asks first.
    await drawer.getByRole('button', { name: 'Adjust' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust stock' });
    await adjust.getByLabel('Quantity').fill('-2');
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    await expect(adjust.getByText('Reason field is required!')).toBeVisible();
    await adjust.getByLabel('Reason').fill('Two cracked in the box');
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    await page.getByRole('dialog', { name: 'Take stock?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(adjust).toBeHidden();
    await expect(stockRow(drawer, 'Main Warehouse').getByRole('cell').nth(1)).toHaveText('8');
    await expect(drawer.getByRole('table', { name: 'Stock ledger' })).toContainText('Two cracked in the box');

    // A minimum above what is there puts it on the reorder list, up to the maximum.
    await drawer.getByRole('button', { name: 'Min and max at Main Warehouse' }).click();
    const level = page.getByRole('dialog', { name: 'Min / max at Main Warehouse' });
    await level.getByLabel('Minimum').fill('12');
    await level.getByLabel('Maximum').fill('20');
    await level.getByRole('button', { name: 'Save' }).click();
    await expect(level).toBeHidden();
    await expect(stockRow(drawer, 'Main Warehouse')).toContainText('12');
    await shot(page, 'inventory-item-desktop');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('tab', { name: 'Reorder' }).click();
    const reorder = page.getByRole('table', { name: 'Reorder from Johnstone Supply' }).getByRole('row').filter({ hasText: PART });
    await expect(reorder.getByRole('cell').last()).toHaveText('12');
    await shot(page, 'inventory-reorder-desktop');

    // The technician, on his phone, sees his truck and asks for two capacitors from the main warehouse.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, baseURL: test.info().project.use.baseURL });
    const tech = await phone.newPage();
    await openAs(tech, 'tech', '/inventory/my-truck');
    await expect(tech.getByRole('heading', { name: 'My Truck' })).toBeVisible();
    await expect(tech.getByRole('list', { name: 'Parts on my truck' })).toContainText('CAP-4540');
    const before = await truckQuantity(tech, 'CAP-4540');
    expect(before).toBeGreaterThan(0);
    await tech.getByRole('textbox', { name: 'Search my truck' }).fill('capacitor');
    await expect(tech.getByRole('listitem', { name: /^CON-30A2P / })).toHaveCount(0);
    await tech.getByRole('button', { name: 'Request parts' }).click();
    const ask = tech.getByRole('dialog', { name: 'Request parts' });
    await choose(ask, 'From warehouse', 'Main Warehouse');
    await choose(ask, 'Item', /^CAP-4540/, 'CAP-4540');
    await ask.getByLabel('Quantity').fill('2');
    await ask.getByLabel('Note').fill('For the walk-in job tomorrow');
    await shot(tech, 'my-truck-request-phone', { fullPage: false });
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(ask).toBeHidden();
    const mine = tech.getByRole('list', { name: 'My requests' }).getByRole('listitem').filter({ hasText: '2 × CAP-4540' }).first();
    await expect(mine).toContainText('Requested');
    await shot(tech, 'my-truck-phone');
    const widths = await tech.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);

    // The office completes it.
    await page.getByRole('tab', { name: 'Transfer requests' }).click();
    const request = page.getByRole('table', { name: 'Transfer requests' }).getByRole('row').filter({ hasText: 'For the walk-in job tomorrow' });
    await expect(request).toContainText('Main Warehouse → Truck 1');
    await shot(page, 'inventory-transfer-requests-desktop');
    await request.getByRole('button', { name: /^Complete request/ }).click();
    await page.getByRole('dialog', { name: 'Complete transfer?' }).getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('CAP-4540 moved to Truck 1.')).toBeVisible();
    await expect(request).toHaveCount(0);

    // The technician sees the parts on his truck and the request completed.
    await tech.reload();
    await expect(tech.getByRole('list', { name: 'My requests' }).getByRole('listitem').filter({ hasText: '2 × CAP-4540' }).first()).toContainText('Completed');
    await expect.poll(() => truckQuantity(tech, 'CAP-4540')).toBe(before + 2);
    await phone.close();
  });
});
