import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './axe-check';
import { choose, shot, toastGone } from './page-actions';
import { callAsPage as call } from './api';
import { accessTokenOf, openAs } from './session';

// Commissions as the office and a sales person see them. The office makes a billing customer of its own (no other
// test knows it), names Maya Ortiz (the demo's second sales person, who sells nothing else) its sales person on the
// customer's page, and invoices a work order of it for freight alone: a subtotal of $1,234.57, untaxed in Texas. The
// demo's default rate for a sales person is 5 %: 1,234.57 × 5 % = 61.7285, to the cent half-up $61.73; its manager
// rate (1.5 %) pays no one, the customer having no manager. Maya signs in and reads $61.73 on /sales/reports, and the
// CSV the page downloads says the same as the API. Every sales page passes axe at 1366 and 390 px.

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const NAME = 'Lakeside Ice Rink';
const SUBTOTAL = '1234.57';
const COMMISSION = '$61.73';

test.describe.configure({ mode: 'serial' });

async function checkBothWidths(page: Page, where: string, shotName: string) {
  for (const [size, label] of [[DESKTOP, '1366'], [PHONE, '390']] as const) {
    await page.setViewportSize(size);
    await expectAccessible(page, `${where} (${label} px)`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${where} fits ${label} px`).toBeLessThanOrEqual(size.width);
    await shot(page, `${shotName}-${label}`);
  }
  await page.setViewportSize(DESKTOP);
}

test('the office names a customer\'s sales person and submits an invoice that pays the hand-computed commission', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'admin', '/home');
  const { customerId } = await call(page, 'POST', 'Customer/create', { name: NAME, address: '12 Lake Dr', city: 'Dallas', state: 'TX', zip: '75218', isBillingCustomer: true });
  await page.goto(`/customer/${customerId}`);
  const team = page.getByRole('region', { name: 'Sales team' });
  await expect(team).toContainText('Sales person');
  await team.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: `Sales team of ${NAME}` });
  await choose(dialog, 'Sales person', 'Maya Ortiz');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `The sales team of ${NAME} is saved.` })).toBeVisible();
  await toastGone(page, 'is saved');
  await expect(team).toContainText('Maya Ortiz');

  // A work order opened now carries the customer's sales person; the office invoices its freight.
  const wo = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Rink chiller short cycling' });
  await page.goto(`/workOrder/${wo.workOrderNumber}/edit`);
  const sale = page.getByRole('region', { name: 'Sale' });
  await expect(sale.getByRole('combobox', { name: 'Sales person' })).toHaveValue('Maya Ortiz');
  await expect(sale.getByRole('switch', { name: 'Commissionable' })).toBeChecked();
  const section = page.getByTestId('invoice-section');
  await section.getByRole('textbox', { name: 'Freight' }).fill(SUBTOTAL);
  await expect(section.getByTestId('preview-total')).toHaveText('$1,234.57');
  await section.getByRole('button', { name: 'Submit Invoice' }).click();
  await page.getByRole('dialog', { name: 'Submit Invoice' }).getByRole('button', { name: 'Submit Invoice' }).click();
  await expect(section.getByTestId('invoice-status')).toHaveText('Submitted');
  const commission = page.getByTestId('invoice-commission-salesPerson');
  await expect(commission).toContainText('Maya Ortiz');
  await expect(commission).toContainText('$1,234.57');
  await expect(commission).toContainText('5%');
  await expect(commission).toContainText(COMMISSION);
  await page.getByRole('region', { name: 'Commissions' }).scrollIntoViewIfNeeded();
  await shot(page, 'sales-invoice-commissions');
});

test('the sales person reads his commission on /sales/reports, and the CSV says what the API says', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'maya', '/home');
  await page.goto('/sales/reports');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sales Reports', exact: true })).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('table', { name: 'Commissions' }).getByRole('row').filter({ hasText: 'Sales Person' }).filter({ hasText: 'Maya Ortiz' });
  await expect(row).toContainText('$1,234.57');
  await expect(row.getByTestId('commission-amount')).toHaveText(COMMISSION);
  await expect(page.getByTestId('commission-total')).toHaveText(COMMISSION);
  await expect(page.getByRole('table', { name: 'Commissions' })).not.toContainText('Ben Carter');

  const answer = await call(page, 'GET', 'Sales/commissionReport');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  const csv = (await file.createReadStream().then(async (stream) => { let text = ''; for await (const chunk of stream) text += chunk; return text; })).trim().split(/\r?\n/);
  expect(csv[0]).toBe('Sales Person,Commission,Invoices,Base,Commission Amount');
  expect(csv.slice(1, -1)).toEqual(answer.rows.map((r: { userName: string; invoiceCount: number; base: number; amount: number }) => `${r.userName},Sales Person,${r.invoiceCount},${r.base.toFixed(2)},${r.amount.toFixed(2)}`));
  expect(csv.at(-1)).toBe(`Total,,1,${answer.totals.base.toFixed(2)},${answer.totals.amount.toFixed(2)}`);
  expect(answer.totals.amount.toFixed(2)).toBe('61.73');
  await checkBothWidths(page, 'Sales Reports', 'sales-reports');
});

test('the sales pages list the sales person\'s own work orders, quotes and tags, each accessible at both widths', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'maya', '/sales/work-order');
  await expect(page.getByRole('table', { name: 'Sales work orders' })).toContainText(NAME);
  await expect(page.getByRole('table', { name: 'Sales work orders' })).not.toContainText('FreshMart');
  await checkBothWidths(page, 'Sales Work Orders', 'sales-work-orders');

  await page.goto('/sales/quotes');
  await expect(page.getByText('No quote')).toBeVisible();
  await checkBothWidths(page, 'Sales Quotes', 'sales-quotes');

  // A tag of his own, put on the new customer, then filtered by.
  await page.goto('/sales/tags');
  await page.getByRole('textbox', { name: 'New tag' }).fill('Winter league');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Filter by tag' })).toContainText('Winter league');
  const form = page.getByRole('region', { name: 'Tag a customer or a work order' });
  await choose(form, 'Tag', 'Winter league');
  await choose(form, 'Customer', new RegExp(`^${NAME}`), 'Lakeside');
  await form.getByRole('textbox', { name: 'Note' }).fill('Ask about a second rink');
  await form.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${NAME} is tagged Winter league.` })).toBeVisible();
  await toastGone(page, 'is tagged');
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: /Winter league/ }).click();
  const tagged = page.getByRole('table', { name: 'Tagged customers and work orders' });
  await expect(tagged).toContainText(NAME);
  await expect(tagged).toContainText('Ask about a second rink');
  await checkBothWidths(page, 'Sales Tags', 'sales-tags');
  // Taking it off asks first.
  await tagged.getByRole('button', { name: `Remove Winter league from ${NAME}` }).click();
  await page.getByRole('dialog', { name: 'Remove tag' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Nothing tagged')).toBeVisible();
});

test('the office reads the commission structure, accessible at both widths; a technician has no sales page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'admin', '/administration/salesCommissionStructure');
  const rates = page.getByRole('table', { name: 'Commission rates' });
  await expect(rates.getByRole('row').filter({ hasText: 'Equipment Sales' })).toContainText('7.5%');
  await checkBothWidths(page, 'Sales Commission Structure', 'sales-commission-structure');
  await openAs(page, 'tech', '/workOrder/mine');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Sales (Reports|Work Orders|Quotes|Tags)$/, includeHidden: true })).toHaveCount(0);
  const refused = await page.request.get('/api/v1/Sales/commissionReport', { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } });
  expect(refused.status()).toBe(403);
});
