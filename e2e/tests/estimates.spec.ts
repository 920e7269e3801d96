import { expect, test, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { expectAccessible } from './axe-check';
import { openAs } from './session';

// Customer estimates, as the office uses them: an office user starts an estimate for a demo customer, prices two
// lines, marks it sent, records that the customer accepted it and makes the work order, which links back to it; then
// the estimate at phone width.
const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUSTOMER = 'FreshMart #112 Lakewood';
const TITLE = 'Replace condenser fan motor on walk-in cooler';
const DESCRIPTION = 'The fan motor seized; replace motor and blade, test the refrigeration cycle.';

test.describe.configure({ mode: 'serial' });

let estimatePath = '';

/** axe-core on the page without the shell and without the app-wide toasts that the last action left (not this page's). */
async function checkAccessible(page: Page, where: string) {
  const hideToasts = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  await expectAccessible(page, where, { withShell: false });
  await hideToasts.evaluate((el) => (el as HTMLElement).remove());
}

/** Fills the line dialog and saves it. */
async function addLine(page: Page, line: { kind?: string; description: string; quantity: string; unitCost: string; markup: string; markupGroup?: RegExp }) {
  await page.getByRole('button', { name: 'Add Line' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Line' });
  if (line.kind) await choose(dialog, 'Kind', line.kind);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(line.description);
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill(line.quantity);
  await dialog.getByRole('textbox', { name: 'Unit Cost' }).fill(line.unitCost);
  if (line.markupGroup) {
    // A markup group of the company's list brings its percent.
    await choose(dialog, 'Markup Group', line.markupGroup);
    await expect(dialog.getByRole('textbox', { name: 'Markup %' })).toHaveValue(`${line.markup}.00%`);
  } else {
    await dialog.getByRole('textbox', { name: 'Markup %' }).fill(line.markup);
  }
  await dialog.getByRole('button', { name: 'Add Line' }).click();
  await expect(dialog).toBeHidden();
}

/** Whether the page is wider than the window: nothing may scroll sideways on a phone. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test('an office user prices an estimate for a customer, gets it accepted and makes its work order', async ({ page }) => {
  await page.setViewportSize(DESK);
  await openAs(page, 'admin', '/estimates');
  await expect(page.getByRole('heading', { name: 'Estimates' })).toBeVisible();
  await shot(page, 'grid-empty-1366');
  await page.getByRole('link', { name: 'New Estimate' }).click();
  await expect(page).toHaveURL(/\/estimates\/add$/);

  await page.getByRole('button', { name: 'Create Estimate' }).click();
  await expect(page.getByText('Customer field is required!').first()).toBeVisible();
  await choose(page, 'Customer', new RegExp(`^${CUSTOMER}`), 'FreshMart #112');
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await page.getByRole('textbox', { name: 'Description' }).fill(DESCRIPTION);
  await page.getByLabel('Valid Until').fill('2026-12-31');
  await checkAccessible(page, 'the new estimate page');
  await shot(page, 'add-1366');
  await page.getByRole('button', { name: 'Create Estimate' }).click();
  await expect(page).toHaveURL(/\/estimates\/\d+\/view$/);
  estimatePath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: /^Estimate \d+$/ })).toBeVisible();
  await expect(page.getByTestId('estimate-status')).toHaveText('Open');
  await expect(page.getByTestId('estimate-title')).toHaveText(TITLE);
  await expect(page.getByText('No lines yet.')).toBeVisible();

  await addLine(page, { description: 'Condenser fan motor 1/3 HP', quantity: '1', unitCost: '142.50', markup: '60' });
  await addLine(page, { kind: 'Labor', description: 'Technician, 3 h', quantity: '3', unitCost: '45', markup: '100', markupGroup: /^Labor \(100/ });
  const lines = page.getByRole('table', { name: 'Estimate lines' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines).toContainText('$228.00');
  await expect(lines).toContainText('$270.00');
  await expect(page.getByTestId('estimate-total')).toHaveText('$498.00');
  await expect(page.getByTestId('profit-factor')).toHaveText('44.28%');
  await checkAccessible(page, 'an open estimate');
  await shot(page, 'view-open-1366');

  await page.getByRole('button', { name: 'Mark Sent' }).click();
  await expect(page.getByTestId('estimate-status')).toHaveText('Sent');
  await page.getByRole('button', { name: 'Accepted' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('estimate-status')).toHaveText('Accepted');
  await expect(page.getByRole('button', { name: 'Add Line' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit line 1' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Work Order' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Create Work Order' });
  await expect(confirmDialog).toContainText(CUSTOMER);
  await confirmDialog.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page).toHaveURL(/\/workOrder\/\d+\/edit$/);
  const workOrderNumber = /\/workOrder\/(\d+)\/edit$/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: `Work Order ${workOrderNumber}` })).toBeVisible();
  await expect(page.getByText(TITLE).first()).toBeVisible();
  const origin = page.getByTestId('work-order-estimate');
  await expect(origin).toHaveText(/^estimate #\d+$/);
  await shot(page, 'work-order-1366');

  await origin.click();
  await expect(page).toHaveURL(new RegExp(`${estimatePath}$`));
  await expect(page.getByTestId('estimate-status')).toHaveText('Converted');
  await expect(page.getByTestId('estimate-work-order')).toHaveText(`work order ${workOrderNumber}`);
  await expect(page.getByRole('button', { name: 'Create Work Order' })).toHaveCount(0);
  await shot(page, 'view-converted-1366');

  await page.getByRole('link', { name: 'Estimates' }).first().click();
  await expect(page).toHaveURL(/\/estimates$/);
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toContainText('Converted');
  await expect(row).toContainText('$498.00');
  await expect(row.getByRole('link', { name: workOrderNumber })).toBeVisible();
  await shot(page, 'grid-1366');
});

test('the estimate pages fit a phone', async ({ page }) => {
  test.skip(!estimatePath, 'The estimate of the first test is needed.');
  await page.setViewportSize(PHONE);
  await openAs(page, 'admin', estimatePath);
  await expect(page.getByTestId('estimate-status')).toHaveText('Converted');
  // Lines are cards on a phone, not a table that scrolls sideways.
  await expect(page.getByRole('table', { name: 'Estimate lines' })).toHaveCount(0);
  await expect(page.getByLabel('Estimate lines')).toContainText('Condenser fan motor 1/3 HP');
  await expect(page.getByTestId('estimate-total')).toHaveText('$498.00');
  expect(await overflows(page)).toBe(false);
  await checkAccessible(page, 'a converted estimate on a phone');
  await shot(page, 'view-converted-390');

  // An Open estimate, with its actions, at the same width.
  await page.goto('/estimates/add');
  await choose(page, 'Customer', new RegExp(`^${CUSTOMER}`), 'FreshMart #112');
  await page.getByRole('textbox', { name: 'Title' }).fill('Door gasket replacement, reach-in freezer');
  expect(await overflows(page)).toBe(false);
  await shot(page, 'add-390');
  await page.getByRole('button', { name: 'Create Estimate' }).click();
  await expect(page).toHaveURL(/\/estimates\/\d+\/view$/);
  await expect(page.getByText('No lines yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Line' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Line' })).toBeVisible();
  await checkAccessible(page, 'the line dialog on a phone');
  await shot(page, 'line-dialog-390');
  await page.getByRole('dialog', { name: 'Add Line' }).getByRole('button', { name: 'Cancel' }).click();
  await addLine(page, { description: 'Door gasket 24 x 60', quantity: '2', unitCost: '38.20', markup: '45' });
  await expect(page.getByTestId('estimate-total')).toHaveText('$110.78');
  await expect(page.getByRole('button', { name: 'Mark Sent' })).toBeVisible();
  expect(await overflows(page)).toBe(false);
  await shot(page, 'view-open-390');

  await page.goto('/estimates');
  await expect(page.getByText('Door gasket replacement, reach-in freezer').first()).toBeVisible();
  expect(await overflows(page)).toBe(false);
  await shot(page, 'grid-390');
});
