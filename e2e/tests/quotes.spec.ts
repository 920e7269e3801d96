import { expect, test, type Page } from './fixtures';
import { shot } from './page-actions';
import { openAs } from './session';

// Quotes, as the office uses them: a dispatcher starts a quote from a work order, adds lines (meeting the minimum
// profit factor), makes a new version, finds the old one unchanged, approves the new one and finds it in the grid;
// the lines at phone width; a technician is offered none of it.
const WORK_ORDER = '240044';
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

let quotePath = '';

/** Fills the line dialog and saves it. */
async function addLine(page: Page, line: { description: string; quantity: string; unitCost: string; markup: string }) {
  await page.getByRole('button', { name: 'Add Line' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Line' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(line.description);
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill(line.quantity);
  await dialog.getByRole('textbox', { name: 'Unit Cost' }).fill(line.unitCost);
  await dialog.getByRole('textbox', { name: 'Markup %' }).fill(line.markup);
  return dialog;
}

test('a dispatcher builds a quote for a work order, versions it and approves it', async ({ page }) => {
  await openAs(page, 'dispatcher', `/workOrder/${WORK_ORDER}/edit`);
  await page.getByRole('link', { name: 'Create Quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/create\?workOrderId=\d+$/);
  await expect(page.getByRole('link', { name: `Work Order ${WORK_ORDER}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Replace condenser fan motor');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+\/1\/view$/);
  quotePath = new URL(page.url()).pathname;
  await expect(page.getByTestId('quote-status')).toHaveText('Open');
  await expect(page.getByTestId('quote-work-order-status')).toHaveText('Quote Open');
  await expect(page.getByText('No lines yet.')).toBeVisible();

  // A line that leaves a quote of 1,500.00 at 20% is refused with the spec's rule, in the dialog and by the server.
  let dialog = await addLine(page, { description: 'Condenser fan motor 1/3 HP', quantity: '1', unitCost: '1200', markup: '25' });
  await expect(dialog.getByRole('alert')).toHaveText('A quote of 1,500.00 needs a profit factor of at least 33.33%; this one has 20.00%.');
  await dialog.getByRole('button', { name: 'Add Line' }).click();
  await expect(page.getByText('A quote of 1,500.00 needs a profit factor of at least 33.33%; this one has 20.00%.').last()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Markup %' }).fill('60');
  await expect(dialog.getByTestId('line-preview')).toContainText('$1,920.00');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Line' }).click();
  await expect(dialog).toBeHidden();

  dialog = await addLine(page, { description: 'Labor, 2 technicians', quantity: '4', unitCost: '45', markup: '100' });
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Labor' }).click();
  await dialog.getByRole('button', { name: 'Add Line' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('quote-total')).toHaveText('$2,280.00');
  await expect(page.getByTestId('profit-factor')).toHaveText('39.47%');
  await shot(page, 'view');

  // A new version copies the lines; the first stays readable as it was.
  await page.getByRole('button', { name: 'New Version' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+\/2\/view$/);
  await expect(page.getByRole('table', { name: 'Quote lines' }).getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete line 2' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('quote-total')).toHaveText('$1,920.00');
  await page.goto(quotePath);
  await expect(page.getByText('This is version 1, kept as it was.')).toBeVisible();
  await expect(page.getByTestId('quote-total')).toHaveText('$2,280.00');
  await expect(page.getByRole('button', { name: 'Add Line' })).toHaveCount(0);
  await page.getByRole('link', { name: /Open the current version/ }).click();

  // Approving asks first, then moves the quote and its work order.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog', { name: 'Please Confirm' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Approved');
  await expect(page.getByTestId('quote-work-order-status')).toHaveText('Quote Approved');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The navbar leads to all quotes, where this one is found by its number.
  const quoteNumber = quotePath.split('/')[2];
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'All Quotes' }).click();
  await expect(page).toHaveURL(/\/quotes\/all$/);
  await expect(page.getByRole('link', { name: quoteNumber, exact: true })).toBeVisible();
  await shot(page, 'all');
});

test('the lines are cards at phone width', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'dispatcher', quotePath.replace('/1/view', '/2/view'));
  await expect(page.getByRole('table', { name: 'Quote lines' })).toHaveCount(0);
  await expect(page.getByText('1. Condenser fan motor 1/3 HP')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'phone');
});

test('a technician is offered no quotes', async ({ page }) => {
  await openAs(page, 'tech', '/quotes');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Quotes/ })).toHaveCount(0);
  await page.goto(`/workOrder/240001/edit`);
  await expect(page.getByRole('heading', { name: 'Work Order 240001' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Quote' })).toHaveCount(0);
});
