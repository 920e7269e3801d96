import { expect, test } from './fixtures';
import { choose } from './page-actions';
import { techWorked } from './labor';
import { openAs } from './session';

// One dispatcher's morning from end to end: a new site of a customer, a work order for the site, a technician
// assigned and scheduled, the technician's labor seen on the work order, materials and a standard item added, the
// status changed, and the work order found again from the search box with a typo.
const CUSTOMER = 'FreshMart Grocers Inc.';
const SITE = 'FreshMart #140 Harborview';
const PROBLEM = 'Blast freezer evaporator iced over';

test('a dispatcher takes a new customer site from first call to a scheduled, costed work order found again by search', async ({ page }) => {
  // A new store of a chain the company already serves (its rate sheet sets the labor rates): added as a location.
  await openAs(page, 'dispatcher', '/customer');
  await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: CUSTOMER }).click();
  await expect(page.getByRole('heading', { name: CUSTOMER })).toBeVisible();
  await page.getByRole('link', { name: 'Add Location' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(SITE);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(972) 555-0140');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('900 Harbor Rd');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Dallas');
  await page.getByRole('textbox', { name: 'State', exact: true }).fill('TX');
  await page.getByRole('textbox', { name: 'Zip', exact: true }).fill('75207');
  await page.getByTestId('gps-input').fill('32.7833, -96.8070');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: SITE })).toBeVisible();

  // A work order for the site, billed to the customer, with a technician.
  await page.getByRole('link', { name: 'New Work Order' }).click();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(SITE);
  await expect(page.getByTestId('billing-customer')).toHaveText(CUSTOMER);
  await page.getByLabel('Problem').fill(PROBLEM);
  await page.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: 'Technicians' }) }).click();
  await page.getByRole('option', { name: 'Tom Alvarez', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page).toHaveURL(/\/workOrder\/\d+\/edit$/);
  const number = page.url().match(/\/workOrder\/(\d+)\/edit$/)![1];
  const workOrderUrl = `/workOrder/${number}/edit`;
  await expect(page.getByTestId('work-order-status')).toHaveText('ToDo');

  // A visit on the schedule.
  await page.getByTestId('work-order-office').getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('form', { name: 'Schedule a visit' });
  await form.getByLabel('Start Time').fill('08:00');
  await form.getByRole('textbox', { name: 'Duration (hours)' }).fill('3');
  // The work order's technician is proposed; choosing him again keeps him.
  await expect(form.getByRole('combobox', { name: 'Technician' })).toHaveValue('Tom Alvarez');
  await form.getByRole('combobox', { name: 'Technician' }).click();
  await page.getByRole('option', { name: 'Tom Alvarez' }).first().click();
  await expect(form.getByRole('combobox', { name: 'Technician' })).toHaveValue('Tom Alvarez');
  await form.getByRole('button', { name: 'Schedule Visit' }).click();
  await expect(page.getByTestId('visit-row')).toContainText('Tom Alvarez');

  // The technician works an hour on it, from the site, and goes off duty after (the status the other tests expect of him).
  await techWorked(page, number, 60, { at: { latitude: 32.7833, longitude: -96.807 }, description: 'Defrosted the evaporator, replaced the defrost timer' });

  // The dispatcher sees the labor, adds what was used and moves the status on.
  await openAs(page, 'dispatcher', workOrderUrl);
  await expect(page.getByText('Defrosted the evaporator, replaced the defrost timer')).toBeVisible();
  await page.getByRole('link', { name: 'Add Material' }).click();
  await choose(page, 'Material Status', 'Incurred');
  await page.getByLabel('Description').fill('Defrost timer 8145-20');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await page.getByRole('textbox', { name: 'Unit Cost' }).fill('42.10');
  await page.getByRole('textbox', { name: 'Markup %' }).fill('25');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${workOrderUrl}$`));
  await expect(page.getByTestId('materials-total')).toHaveText('$52.63');
  await page.getByRole('link', { name: 'Add Standard Item' }).click();
  await choose(page, 'Standard Item', 'Trip Charge — $85.00');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${workOrderUrl}$`));
  await expect(page.getByTestId('items-grand-total')).toHaveText('$137.63');
  await choose(page.getByTestId('work-order-office'), 'Status', 'Parts Ordered', 'Parts Ord');
  await expect(page.getByTestId('work-order-status')).toHaveText('Parts Ordered');

  // Later: found again from the header's search box, with the customer's name misspelt.
  await page.goto('/home');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await search.click();
  await search.pressSequentially('freshmart harborveiw', { delay: 20 });
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option').filter({ hasText: SITE }).first()).toBeVisible();
  await search.fill(`blast freezr evaporator`);
  const hit = results.getByRole('option').filter({ hasText: number });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`${workOrderUrl}$`));
  await expect(page.getByTestId('work-order-status')).toHaveText('Parts Ordered');
});
