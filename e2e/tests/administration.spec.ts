import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { openAs } from './session';
import { REFERENCE_LISTS } from '../../packages/shared/src/reference-list-definitions';

const CLASSES = '/administration/account-settings/workOrderClasses';

const table = (page: Page) => page.getByRole('table', { name: 'Work Order Classes' });
const row = (page: Page, name: string) => table(page).locator(`tr[data-row="${name}"]`);

test.describe('administration lists (desktop)', () => {
  test('an administrator adds, renames and deletes a work order class, with the keyboard and a confirmation', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await expect(page.getByRole('heading', { name: 'Administration', level: 2 })).toBeVisible();
    const lists = page.getByRole('navigation', { name: 'Administration lists' });
    // A Super Admin reads every list: a card for each, the job settings under their own heading.
    await expect(lists.getByRole('link')).toHaveCount(REFERENCE_LISTS.filter((d) => !d.group).length);
    await expect(page.getByRole('navigation', { name: 'Job Settings' }).getByRole('link')).toHaveCount(REFERENCE_LISTS.filter((d) => d.group === 'Job Settings').length);
    await shot(page, 'index-desktop');
    await lists.getByRole('link', { name: /Work Order Classes/ }).click();
    await expect(page).toHaveURL(new RegExp(`${CLASSES}$`));
    await expect(page).toHaveTitle('Work Order Classes - WebBased');
    await expect(row(page, 'Service')).toBeVisible();

    // Add, all by keyboard: the dialog opens on the name, Enter saves.
    await page.getByRole('button', { name: 'Add work order class' }).click();
    const add = page.getByRole('dialog', { name: 'Add work order class' });
    await expect(add.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Refrigeration Retrofit');
    await shot(page, 'add-dialog-desktop');
    await page.keyboard.press('Enter');
    await expect(add).toBeHidden();
    await expect(row(page, 'Refrigeration Retrofit')).toBeVisible();
    await expect(row(page, 'Refrigeration Retrofit')).toContainText('Active');

    // A name already taken is refused with the server's sentence, and the dialog stays open.
    await page.getByRole('button', { name: 'Add work order class' }).click();
    const again = page.getByRole('dialog', { name: 'Add work order class' });
    await again.getByLabel('Name').fill('refrigeration retrofit');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A work order class named refrigeration retrofit already exists.')).toBeVisible();
    await expect(again).toBeVisible();
    await again.getByLabel('Name').fill('');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByText('Name field is required!')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();

    // Rename and retire.
    await page.getByRole('button', { name: 'Edit Refrigeration Retrofit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit work order class' });
    await edit.getByLabel('Name').fill('Retrofit');
    await edit.getByRole('switch', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row(page, 'Retrofit')).toContainText('Retired');
    await expect(row(page, 'Refrigeration Retrofit')).toHaveCount(0);
    await shot(page, 'work-order-classes-desktop');

    // Delete asks first; No keeps the row, Yes removes it.
    await page.getByRole('button', { name: 'Delete Retrofit' }).click();
    const question = page.getByRole('dialog', { name: 'Delete work order class' });
    await expect(question).toContainText('Delete the work order class Retrofit?');
    await question.getByRole('button', { name: 'No' }).click();
    await expect(row(page, 'Retrofit')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Retrofit' }).click();
    await page.getByRole('dialog', { name: 'Delete work order class' }).getByRole('button', { name: 'Yes' }).click();
    await expect(row(page, 'Retrofit')).toHaveCount(0);
    await page.reload();
    await expect(row(page, 'Service')).toBeVisible();
    await expect(row(page, 'Retrofit')).toHaveCount(0);
  });

  test('a district is placed in a region chosen from the regions list, and the filter narrows the rows', async ({ page }) => {
    await openAs(page, 'admin', '/administration/account-settings/districts');
    const districts = page.getByRole('table', { name: 'Districts' });
    await expect(districts.locator('tr[data-row="Dallas"]')).toContainText('North');
    await page.getByRole('button', { name: 'Add district' }).click();
    const add = page.getByRole('dialog', { name: 'Add district' });
    await add.getByLabel('Name').fill('Galveston');
    await add.getByRole('combobox', { name: 'Region' }).click();
    await page.getByRole('option', { name: 'South' }).click();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(districts.locator('tr[data-row="Galveston"]')).toContainText('South');
    await page.getByRole('textbox', { name: 'Filter districts' }).fill('galv');
    await expect(districts.locator('tbody tr')).toHaveCount(1);
    await shot(page, 'districts-desktop');
  });

  test('the read-only lists and the lists a person may not open', async ({ page }) => {
    await openAs(page, 'admin', '/administration/status/workOrder');
    const statuses = page.getByRole('table', { name: 'Work Order Statuses' });
    await expect(statuses.locator('tr[data-row="En Route"]')).toContainText('50');
    await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);

    // The dispatcher reads standard items, the SOP lists (reading users), the MSA cost sheet (reading billing), the
    // warehouse types, the warehouses, the vendors and the collection task lists (reading Collection) but may not change
    // them, and keeps the quotes' inclusions and exclusions and the inventory's locations; no other list.
    await openAs(page, 'dispatcher', '/administration');
    const lists = page.getByRole('navigation', { name: 'Administration lists' });
    await expect(lists.getByRole('link')).toHaveCount(11);
    for (const name of [/Standard Items/, /SOP Types/, /SOP Statuses/, /MSA Cost Sheet/, /Warehouse Types/, /^Warehouses/, /Vendors/, /Collection Task Templates/, /Task Assignment/]) await expect(lists.getByRole('link', { name })).toContainText('Read only');
    await expect(lists.getByRole('link', { name: /^Locations/ })).not.toContainText('Read only');
    await expect(lists.getByRole('link', { name: /Quote Inclusions/ })).not.toContainText('Read only');
    await lists.getByRole('link', { name: /Standard Items/ }).click();
    await expect(page.getByRole('table', { name: 'Standard Items' }).locator('tr[data-row="Trip Charge"]')).toContainText('$85.00');
    await expect(page.getByRole('button', { name: 'Add standard item' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await shot(page, 'standard-items-read-only-desktop');
    await page.goto(CLASSES);
    await expect(page).toHaveURL(/\/home$/);

    // Sales keep the quotes' inclusions and exclusions and their sales tags (flags/sales), and may open no other list.
    await openAs(page, 'sales', '/administration');
    const salesLists = page.getByRole('navigation', { name: 'Administration lists' });
    await expect(salesLists.getByRole('link')).toHaveCount(2);
    await expect(salesLists.getByRole('link', { name: /Sales Tags/ })).toBeVisible();
    await page.goto(CLASSES);
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('administration lists (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a team leader manages the customer flags on a phone', async ({ page }) => {
    await openAs(page, 'leader', '/administration/flags/customers');
    const flags = page.getByRole('table', { name: 'Customer Flags' });
    await expect(flags.locator('tr[data-row="Key Account"]')).toBeVisible();
    await page.getByRole('button', { name: 'Add customer flag' }).click();
    const add = page.getByRole('dialog', { name: 'Add customer flag' });
    await add.getByLabel('Name').fill('Gate Code Needed');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(flags.locator('tr[data-row="Gate Code Needed"]')).toBeVisible();
    await shot(page, 'customer-flags-phone');
    await page.getByRole('button', { name: 'Delete Gate Code Needed' }).click();
    await page.getByRole('dialog', { name: 'Delete customer flag' }).getByRole('button', { name: 'Yes' }).click();
    await expect(flags.locator('tr[data-row="Gate Code Needed"]')).toHaveCount(0);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});
