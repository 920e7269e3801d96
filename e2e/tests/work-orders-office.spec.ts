import { expect, test, type Locator, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { accessTokenOf, openAs, resetGridLayouts } from './session';

// The office's work-order screens, in order: a dispatcher creates a work order for a demo customer, assigns a second
// technician, schedules a visit, changes the status and finds it in All Work Orders; then the page at phone width, the
// change history for a team leader, and what a technician is not offered.
const PHONE = { width: 390, height: 844 };
const PROBLEM = 'Walk-in cooler door heater failed, frost on the frame';

test.describe.configure({ mode: 'serial' });

let workOrderNumber = '';

/** Adds an option of a Mantine multi-select (clicking the box around its pills). */
async function pick(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: label }) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function filterColumn(page: Page, title: string, value: string, operator?: string) {
  await page.getByRole('button', { name: `Filter ${title}` }).click();
  const form = page.getByRole('form', { name: `Filter ${title}` });
  if (operator) {
    await form.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: operator }).click();
  }
  await form.getByLabel('Value').fill(value);
  await form.getByRole('button', { name: 'Apply' }).click();
}

const office = (page: Page) => page.getByTestId('work-order-office');

test('a dispatcher creates a work order for a customer, with its terms and a technician', async ({ page }) => {
  await openAs(page, 'dispatcher', '/workOrder');
  await expect(page).toHaveURL(/\/workOrder\/all$/);
  await resetGridLayouts(page, 'allWorkOrders');
  await page.getByRole('link', { name: 'New Work Order' }).click();
  await expect(page).toHaveURL(/\/workOrder\/create$/);
  await expect(page.getByRole('heading', { name: 'New Work Order' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page.getByText('Customer field is required!').first()).toBeVisible();
  await choose(page, 'Customer', /^Pecan Lodge Deep Ellum/, 'Pecan');
  await expect(page.getByTestId('billing-customer')).toHaveText('Lone Star Restaurant Group');
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page.getByText('Problem field is required!').first()).toBeVisible();

  await page.getByLabel('Problem').fill(PROBLEM);
  await page.getByRole('textbox', { name: 'NTE' }).fill('850');
  await choose(page, 'Priority', 'High');
  await choose(page, 'Class', 'Service');
  await page.getByLabel('PO Number').fill('PO-4471');
  await page.getByLabel('Provider Reference').fill('LSR-88');
  await pick(page, page, 'Technicians', 'Tom Alvarez');
  await shot(page, 'create');
  await page.getByRole('button', { name: 'Create Work Order' }).click();

  await expect(page).toHaveURL(/\/workOrder\/\d+\/edit$/);
  workOrderNumber = page.url().match(/\/workOrder\/(\d+)\/edit$/)![1];
  await expect(page.getByRole('heading', { name: `Work Order ${workOrderNumber}` })).toBeVisible();
  await expect(page.getByTestId('work-order-problem')).toHaveText(PROBLEM);
  await expect(page.getByTestId('work-order-status')).toHaveText('ToDo');
  await expect(office(page).getByText('High', { exact: true })).toBeVisible();
  await expect(office(page).getByText('PO-4471')).toBeVisible();
  await expect(office(page).getByText('Lone Star Restaurant Group')).toBeVisible();
});

test('a customer chosen elsewhere comes preselected, with a warning when it is on credit hold', async ({ page }) => {
  // An administrator (who may set the credit hold) adds a customer on credit hold.
  await openAs(page, 'admin', '/workOrder/all');
  const adminToken = await accessTokenOf(page);
  const created = await page.request.post('/api/v1/Customer/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name: 'Overdue Diner', address: '12 Elm St', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true, isOnCreditHold: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { customerId } = (await created.json()) as { customerId: number };
  await openAs(page, 'dispatcher', `/workOrder/create?customerId=${customerId}`);
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Overdue Diner');
  await expect(page.getByTestId('billing-customer')).toHaveText('Overdue Diner (bills itself)');
  await expect(page.getByRole('alert').filter({ hasText: 'Credit hold' })).toContainText('created in status Credit Hold');
});

test('the dispatcher assigns a second technician and edits the header', async ({ page }) => {
  await openAs(page, 'dispatcher', `/workOrder/${workOrderNumber}/edit`);
  await office(page).getByRole('button', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog', { name: /Assign Technicians/ });
  await pick(page, assign, 'Technicians', 'Priya Natarajan');
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText('Priya Natarajan', { exact: true }).first()).toBeVisible();

  await office(page).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /Edit Work Order/ });
  await edit.getByLabel('PO Number').fill('PO-4472');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(office(page).getByText('PO-4472')).toBeVisible();
});

test('the dispatcher schedules a visit for the technician', async ({ page }) => {
  await openAs(page, 'dispatcher', `/workOrder/${workOrderNumber}/edit`);
  await office(page).getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/workOrder/${workOrderNumber}/schedule$`));
  await expect(page.getByText('No visits scheduled yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Schedule a visit' });
  await form.getByLabel('Start Time').fill('10:30');
  await form.getByRole('textbox', { name: 'Duration (hours)' }).fill('2');
  await choose(form, 'Technician', 'Priya Natarajan');
  await form.getByRole('button', { name: 'Schedule Visit' }).click();
  const row = page.getByTestId('visit-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Priya Natarajan');
  await expect(row).toContainText('10:30 AM');
  await expect(row).toContainText('12:30 PM (2 h)');
  await shot(page, 'schedule');
});

test('the dispatcher changes the status and reads its history', async ({ page }) => {
  await openAs(page, 'dispatcher', `/workOrder/${workOrderNumber}/edit`);
  await choose(office(page), 'Status', 'Parts Ordered', 'Parts Ord');
  await expect(page.getByTestId('work-order-status')).toHaveText('Parts Ordered');
  await shot(page, 'work-order');
  await office(page).getByRole('link', { name: 'Status History' }).click();
  await expect(page).toHaveURL(new RegExp(`/workOrder/${workOrderNumber}/showStatusHistory$`));
  const rows = page.getByTestId('status-history-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('ToDo');
  await expect(rows.first()).toContainText('Parts Ordered');
  await expect(rows.first()).toContainText('Dana Whitfield');
  await expect(rows.last()).toContainText('Created');
});

test('the work order is found in All Work Orders with a filter, and opens with the keyboard', async ({ page }) => {
  await openAs(page, 'dispatcher', '/workOrder/all');
  const grid = page.getByRole('table', { name: 'All work orders' });
  await expect(grid.getByRole('link', { name: workOrderNumber })).toBeVisible();
  await filterColumn(page, 'Technicians', 'priya');
  await filterColumn(page, 'Work Order #', workOrderNumber, 'Equals');
  await expect(grid.getByRole('row')).toHaveCount(2);
  const row = grid.getByRole('row').nth(1);
  await expect(row).toContainText('Parts Ordered');
  await expect(row).toContainText('Pecan Lodge Deep Ellum');
  await expect(row).toContainText('Priya Natarajan, Tom Alvarez');
  await expect(row).toContainText('$850.00');
  await shot(page, 'all');
  await row.getByRole('link', { name: workOrderNumber }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/workOrder/${workOrderNumber}/edit$`));
  await resetGridLayouts(page, 'allWorkOrders');
});

test('the work order page fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, 'dispatcher', `/workOrder/${workOrderNumber}/edit`);
  await expect(office(page).getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expect(office(page).getByRole('button', { name: 'Assign' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = (await office(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'work-order-phone');
  await shot(page, 'work-order-phone-top', { fullPage: false });
  await page.goto('/workOrder/all');
  await expect(page.getByRole('list', { name: 'All work orders' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'all-phone', { fullPage: false });
});

test('a team leader reads the change history; a technician is not offered the office\'s actions', async ({ page }) => {
  await openAs(page, 'leader', '/workOrder/history');
  const grid = page.getByRole('table', { name: 'Work order history' });
  await resetGridLayouts(page, 'workOrderHistory');
  await filterColumn(page, 'Work Order #', workOrderNumber, 'Equals');
  await expect(grid.getByRole('row')).toHaveCount(5);
  await expect(grid).toContainText('Status: ToDo → Parts Ordered');
  await expect(grid).toContainText('Technicians: Tom Alvarez → Priya Natarajan, Tom Alvarez');
  await expect(grid).toContainText('PO number: PO-4471 → PO-4472');
  await shot(page, 'history');
  await resetGridLayouts(page, 'workOrderHistory');

  await openAs(page, 'tech', '/workOrder');
  await expect(page).toHaveURL(/\/workOrder\/mine$/);
  await page.goto(`/workOrder/${workOrderNumber}/edit`);
  await expect(office(page).getByText('Parts Ordered')).toBeVisible();
  await expect(office(page).getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(office(page).getByRole('link', { name: 'Status History' })).toHaveCount(0);
  await page.goto('/workOrder/all');
  await expect(page).toHaveURL(/\/home$/);
});
