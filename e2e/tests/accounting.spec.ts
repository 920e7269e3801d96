import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { choose, shot, toastGone } from './page-actions';
import { accessTokenOf, openAs, simulatorUrl } from './session';

// The company's books, as the administrator sets them up on the demo company: the Sage Intacct connection to the
// simulator beside the server (a wrong user password first), the chart of accounts and departments refreshed from it,
// an item GL group and an additional line item, and every kind of line mapped to an account. A freight-only invoice is
// then posted with Intacct's record number, shown on the invoice and in the sync log; with Freight unmapped the next
// stops with the gap's sentence until it is mapped and sent again; in a closed period the third is refused and, once
// the period is reopened, Send again posts it. Work orders 240018, 240019 and 240026 are no other test's.
const COMPANY = { senderId: 'SM-PARTNER', senderPassword: 'sm-partner-demo', companyId: 'POLAR-DEMO', userId: 'xml_gateway', userPassword: 'intacct-demo-1' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Each kind of line and the account it posts to in the simulator's chart of accounts. */
const MAPPING: [string, string][] = [
  ['Regular labor', '4000'],
  ['Overtime labor', '4010'],
  ['StandBy labor', '4010'],
  ['Apprentice labor', '4000'],
  ['Materials', '4100'],
  ['Standard items', '4100'],
  ['Rate sheet items', '4100'],
  ['Quoted work', '4000'],
  ['Trip charges', '4200'],
  ['Freight', '4300'],
  ['Sales tax', '2300'],
  ['Convenience fees', '4000'],
  ['Credit memos', '4900'],
  ['Payments received (undeposited funds)', '1150'],
];

test.describe.configure({ mode: 'serial' });
test.use({ viewport: DESKTOP });

/** Waits for a toast to show, then to close by itself, so the next one is not mistaken for it. */
async function toasted(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await toastGone(page, text);
}

/** Waits for the page opened again to have loaded what it shows. */
async function loaded(page: Page) {
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[data-testid="page-progress"], .mantine-Skeleton-root')).toHaveCount(0);
}

/**
 * The page at a laptop's and a phone's width, for review (page-actions.ts `shot`), then back at the laptop's. The app
 * reads the screen's size as it opens, so the page is opened again at each width; it must not be wider than a phone.
 * Only with E2E_SHOTS=1, as `shot`.
 */
async function shots(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== '1') return;
  await shot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await page.reload();
  await loaded(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits a phone`).toBeLessThanOrEqual(PHONE.width);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await loaded(page);
}

/** What the simulated Intacct holds of the demo company. */
async function ledger(request: APIRequestContext) {
  const state = await (await request.get(`${simulatorUrl()}/__state`)).json();
  return state.intacct.companies[COMPANY.companyId] as { invoices: { RECORDID: string; RECORDNO: string; TOTALENTERED: string }[] };
}

async function setPeriodClosedThrough(request: APIRequestContext, day: string | null) {
  const res = await request.post(`${simulatorUrl()}/intacct/__company/${COMPANY.companyId}`, { data: { periodClosedThrough: day } });
  expect(res.ok()).toBe(true);
}

/** Submits a freight-only invoice on a work order through its Invoice section, and answers its number. */
async function submitFreightInvoice(page: Page, workOrderNumber: string, freight: string): Promise<string> {
  await page.goto(`/workOrder/${workOrderNumber}/edit`);
  const section = page.getByTestId('invoice-section');
  await expect(section.getByText('Not invoiced')).toBeVisible();
  await section.getByRole('textbox', { name: 'Freight' }).fill(freight);
  await expect(section.getByTestId('preview-total')).toHaveText(`$${freight}`);
  await expect(section.getByTestId('invoice-preview-totals')).toHaveAttribute('aria-busy', 'false');
  const question = page.getByRole('dialog', { name: 'Submit Invoice' });
  // The button follows the preview, which may still be asked for again as the typing settles: clicked until it asks.
  await expect(async () => {
    if (!(await question.isVisible())) await section.getByRole('button', { name: 'Submit Invoice' }).click({ timeout: 5_000 });
    await expect(question).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await question.getByRole('button', { name: 'Submit Invoice' }).click();
  await expect(section.getByTestId('invoice-number')).toHaveText(/^\d+$/);
  return (await section.getByTestId('invoice-number').textContent())!;
}

test('the administrator connects Intacct, brings in the chart and maps every kind of line', async ({ page }) => {
  // Every kind of line is mapped one row at a time: the longest journey of the accounting pages.
  test.slow();
  await openAs(page, 'admin', '/administration');
  await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /^Intacct Settings/ }).click();
  await expect(page.getByRole('heading', { name: 'Intacct Settings', level: 2 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Intacct connection' });
  await expect(form.getByTestId('intacct-saved-state')).toContainText('Not connected yet');
  await expect(form.getByRole('button', { name: 'Test connection' })).toBeDisabled();
  await shots(page, 'settings-new');

  // The first save needs both passwords.
  await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(`${simulatorUrl()}/intacct/ia/xml/xmlgw.phtml`);
  await form.getByRole('textbox', { name: 'Sender ID' }).fill(COMPANY.senderId);
  await form.getByRole('textbox', { name: 'Company ID' }).fill(COMPANY.companyId);
  await form.getByRole('textbox', { name: 'User ID' }).fill(COMPANY.userId);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Sender Password field is required!')).toBeVisible();
  await form.getByLabel('Sender Password').fill(COMPANY.senderPassword);
  await form.getByLabel('User Password').fill('not-the-password');
  await form.getByRole('button', { name: 'Save' }).click();
  await toasted(page, 'Intacct connection saved');
  // Saved passwords are never shown again: the fields are blank and say so.
  await expect(form.getByLabel('Sender Password')).toHaveValue('');
  await expect(form.getByLabel('Sender Password')).toHaveAttribute('placeholder', 'saved — leave blank to keep');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('connection-test-result')).toContainText('Connection failed');
  await expect(form.getByTestId('connection-test-result')).toContainText('Intacct refused the company ID, user ID or user password');

  await form.getByLabel('User Password').fill(COMPANY.userPassword);
  await form.getByRole('button', { name: 'Save' }).click();
  await toasted(page, 'Intacct connection saved');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('connection-test-result')).toContainText('Connection works');
  await expect(form.getByTestId('connection-test-result')).toContainText(`Connected to Intacct company ${COMPANY.companyId}`);
  const answer = await (await page.request.get('/api/v1/Intacct/account', { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } })).text();
  expect(answer).not.toContain(COMPANY.senderPassword);
  expect(answer).not.toContain(COMPANY.userPassword);
  await shots(page, 'settings-saved');

  // The chart of accounts starts empty; Refresh from Intacct brings it in.
  await page.getByRole('link', { name: 'chart of accounts' }).click();
  await expect(page.getByText('No GL accounts yet')).toBeVisible();
  await shots(page, 'chart-empty');
  await page.getByRole('button', { name: 'Refresh from Intacct' }).click();
  await expect(page.getByTestId('refresh-result')).toContainText('Intacct added 10 and changed 0 GL accounts.');
  const chart = page.getByRole('table', { name: 'Chart of Accounts' });
  await expect(chart.locator('tr[data-row="4300"]')).toContainText('Freight Income');
  await expect(chart.locator('tr[data-row="4999"]')).toContainText('Inactive');
  await page.getByRole('button', { name: 'Refresh from Intacct' }).click();
  await expect(page.getByTestId('refresh-result')).toContainText('Nothing changed: the 10 GL accounts here are as in Intacct.');
  await shots(page, 'chart');

  await page.goto('/administration/intacct/departments');
  await page.getByRole('button', { name: 'Refresh from Intacct' }).click();
  await expect(page.getByTestId('refresh-result')).toContainText('Intacct added 2 and changed 0 departments.');
  await expect(page.getByRole('table', { name: 'Departments' }).locator('tr[data-row="SVC"]')).toContainText('Service');
  await shots(page, 'departments');

  // An item GL group: added, changed, and deleted after the question (No keeps it).
  await page.goto('/administration/intacct/itemGLGroup');
  await expect(page.getByText('No item gl groups yet')).toBeVisible();
  await shots(page, 'item-gl-groups-empty');
  await page.getByRole('button', { name: 'Add Item GL Group' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Item GL Group' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('GL Account field is required!')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Compressors');
  await choose(dialog, 'GL Account', '4100 — Materials Income');
  await shot(page, 'item-gl-group-dialog-1366');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const groups = page.getByRole('table', { name: 'Item GL Groups' });
  await expect(groups.locator('tr[data-row="Compressors"]')).toContainText('4100 — Materials Income');
  await groups.getByRole('button', { name: 'Edit Compressors' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Item GL Group' });
  await choose(dialog, 'GL Account', '4000 — Service Labor Income');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(groups.locator('tr[data-row="Compressors"]')).toContainText('4000 — Service Labor Income');
  await page.getByRole('button', { name: 'Add Item GL Group' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Item GL Group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Filters');
  await choose(dialog, 'GL Account', '4100 — Materials Income');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(groups.locator('tr[data-row="Filters"]')).toBeVisible();
  await groups.getByRole('button', { name: 'Delete Filters' }).click();
  await page.getByRole('dialog', { name: 'Delete Item GL Group' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(groups.locator('tr[data-row="Filters"]')).toBeVisible();
  await groups.getByRole('button', { name: 'Delete Filters' }).click();
  await page.getByRole('dialog', { name: 'Delete Item GL Group' }).getByRole('button', { name: 'Delete' }).click();
  await expect(groups.locator('tr[data-row="Filters"]')).toHaveCount(0);
  await toasted(page, 'Item GL group Filters was removed.');
  await shots(page, 'item-gl-groups');

  // A standard item names its group; the list shows it. (No invoice of these tests carries the item.)
  await page.goto('/administration/standardItems');
  const items = page.getByRole('table', { name: 'Standard Items' });
  await items.getByRole('button', { name: 'Edit Refrigerant Recovery' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit standard item' });
  await choose(dialog, 'Item GL Group', 'Compressors');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(items.locator('tr[data-row="Refrigerant Recovery"]')).toContainText('Compressors');
  await shots(page, 'standard-items-with-group');

  await page.goto('/administration/intacct/additionalLineItem');
  await page.getByRole('button', { name: 'Add Additional Line Item' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Additional Line Item' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Refrigerant disposal');
  await choose(dialog, 'GL Account', '4100 — Materials Income');
  await choose(dialog, 'Department', 'SVC — Service');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Additional Line Items' }).locator('tr[data-row="Refrigerant disposal"]')).toContainText('SVC — Service');
  await shots(page, 'additional-line-items');

  // Every kind of line to its account, each row saved alone.
  await page.goto('/administration/intacct/lineKindAccounts');
  await expect(page.getByTestId('mapping-gaps')).toContainText('14 kinds of line have no account yet.');
  await shots(page, 'line-accounts-empty');
  for (const [label, accountNo] of MAPPING) {
    await choose(page, `GL account of ${label}`, new RegExp(`^${accountNo} — `));
    if (label === 'Regular labor') await choose(page, `Department of ${label}`, 'SVC — Service');
    await page.getByRole('button', { name: `Save ${label}` }).click();
    await expect(page.getByRole('button', { name: `Save ${label}` })).toBeDisabled();
  }
  await expect(page.getByTestId('mapping-gaps')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'GL account of Freight' })).toHaveValue('4300 — Freight Income');
  await expect(page.getByText('Not mapped')).toHaveCount(0);
  await shots(page, 'line-accounts');
});

test('a submitted invoice is posted with its record number, shown on the invoice and in the sync log', async ({ page, request }) => {
  await openAs(page, 'admin', '/home');
  const number = await submitFreightInvoice(page, '240018', '45.60');
  const section = page.getByTestId('invoice-section');
  await expect(section.getByTestId('invoice-posting')).toHaveAttribute('data-status', 'posted');
  await expect(section.getByTestId('invoice-posting')).toContainText('Posted to Intacct as record');
  const recordNo = (await section.getByTestId('invoice-record-no').textContent())!;
  expect(recordNo).toMatch(/^\d+$/);
  const books = await ledger(request);
  expect(books.invoices.filter((i) => i.RECORDID === number)).toEqual([expect.objectContaining({ RECORDNO: recordNo, TOTALENTERED: '45.60' })]);
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'invoice-posted');

  await section.getByRole('link', { name: 'Open in the sync log' }).click();
  const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(drawer.getByTestId('posting-system')).toHaveText('Intacct');
  await expect(drawer.getByTestId('posting-intacct-record')).toHaveText(recordNo);
  await expect(drawer.getByTestId('posting-history')).toContainText('Posted');
  await expect(drawer.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await shots(page, 'sync-log-posted-detail');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.locator(`tr[data-posting="${number}"]`)).toContainText(`Intacct record ${recordNo}`);
});

test('a line without an account stops the posting with its sentence until it is mapped and sent again', async ({ page, request }) => {
  await openAs(page, 'admin', '/administration/intacct/lineKindAccounts');
  await page.getByRole('button', { name: 'Unmap Freight' }).click();
  await page.getByRole('dialog', { name: 'Unmap' }).getByRole('button', { name: 'Unmap' }).click();
  await toasted(page, 'Freight is no longer mapped.');
  await expect(page.getByTestId('mapping-gaps')).toContainText('1 kind of line has no account yet.');

  const number = await submitFreightInvoice(page, '240019', '30.00');
  const section = page.getByTestId('invoice-section');
  const gap = "Line 'Freight' has no GL account: map Freight in Intacct settings.";
  await expect(section.getByTestId('invoice-posting')).toHaveAttribute('data-status', 'failed');
  await expect(section.getByTestId('invoice-posting-message')).toHaveText(gap);
  await shots(page, 'invoice-gap');
  await section.getByRole('link', { name: 'Open in the sync log' }).click();
  let drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(drawer.getByTestId('posting-message')).toHaveText(gap);
  await expect(drawer.getByTestId('posting-history')).toContainText('Refused');
  await page.keyboard.press('Escape');
  await page.locator('.mantine-SegmentedControl-root').getByText('Failed', { exact: true }).click();
  await expect(page.getByTestId('sync-log-row')).toHaveCount(1);
  await expect(page.locator(`tr[data-posting="${number}"]`)).toContainText(gap);
  await shots(page, 'sync-log-failed');

  await page.goto('/administration/intacct/lineKindAccounts');
  await choose(page, 'GL account of Freight', /^4300 — /);
  await page.getByRole('button', { name: 'Save Freight' }).click();
  await expect(page.getByRole('button', { name: 'Save Freight' })).toBeDisabled();
  await page.goto('/administration/intacct/syncLog?status=failed');
  await page.getByRole('button', { name: `Open Invoice ${number}` }).click();
  drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
  await drawer.getByRole('button', { name: 'Send again' }).click();
  await page.getByRole('dialog', { name: 'Send again' }).getByRole('button', { name: 'Send again' }).click();
  await expect(drawer).toBeHidden();
  await page.locator('.mantine-SegmentedControl-root').getByText('All', { exact: true }).click();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh the sync log' }).click();
    await expect(page.locator(`tr[data-posting="${number}"]`).getByText('Posted', { exact: true })).toBeVisible({ timeout: 10_000 });
  }).toPass();
  expect((await ledger(request)).invoices.filter((i) => i.RECORDID === number)).toHaveLength(1);
});

test('a closed period in Intacct is refused and shown; once reopened, Send again posts it', async ({ page, request }) => {
  await setPeriodClosedThrough(request, '2099-12-31');
  try {
    await openAs(page, 'admin', '/home');
    const number = await submitFreightInvoice(page, '240026', '18.25');
    const section = page.getByTestId('invoice-section');
    await expect(section.getByTestId('invoice-posting')).toHaveAttribute('data-status', 'failed');
    await expect(section.getByTestId('invoice-posting-message')).toContainText('is in a closed period: the books are closed through 2099-12-31.');
    await shots(page, 'invoice-closed-period');
    await setPeriodClosedThrough(request, null);
    await section.getByRole('link', { name: 'Open in the sync log' }).click();
    const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
    await expect(drawer.getByTestId('posting-message')).toContainText('closed period');
    await shots(page, 'sync-log-refused-detail');
    await drawer.getByRole('button', { name: 'Send again' }).click();
    const question = page.getByRole('dialog', { name: 'Send again' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await drawer.getByRole('button', { name: 'Send again' }).click();
    await page.getByRole('dialog', { name: 'Send again' }).getByRole('button', { name: 'Send again' }).click();
    await expect(drawer).toBeHidden();
    // Sent again, the posting is queued, and the invoice looks again until it has run.
    await page.goto('/workOrder/240026/edit');
    await expect(page.getByTestId('invoice-posting')).toHaveAttribute('data-status', 'posted', { timeout: 60_000 });
    const recordNo = (await page.getByTestId('invoice-record-no').textContent())!;
    expect((await ledger(request)).invoices.filter((i) => i.RECORDID === number)).toEqual([expect.objectContaining({ RECORDNO: recordNo, TOTALENTERED: '18.25' })]);
    await page.goto('/administration/intacct/syncLog');
    await expect(page.getByTestId('sync-log-row')).toHaveCount(3);
    await shots(page, 'sync-log');
  } finally {
    await setPeriodClosedThrough(request, null);
  }
});

test('a technician is offered none of the accounting pages, and is turned away from their addresses', async ({ page }) => {
  await openAs(page, 'tech', '/administration');
  await expect(page.getByRole('heading', { name: 'Administration', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^(Intacct Settings|Sync Log|Chart of Accounts|Line Accounts)/ })).toHaveCount(0);
  await page.goto('/administration/intacct/syncLog');
  await expect(page).toHaveURL(/\/home$/);
});
