import { expect, test, type Page } from './fixtures';
import { choose, shot, toastGone } from './page-actions';
import { accessTokenOf, openAs, simulatorUrl } from './session';

// QuickBooks Online as the administrator sets it up on the demo company: the connection to the simulator beside the
// server (a wrong refresh token first), saved switched off so the company keeps posting where the accounting test
// posts, then the import list read from QuickBooks: one customer matched, one item created, one customer ignored, and
// a second read that keeps the rows and their statuses. A dispatcher (Billing read only) sees the list without its
// status controls or the rows' detail.
const QUICKBOOKS = { realmId: '9130357766520846', clientId: 'ABsmDemoClient0001', clientSecret: 'qbo-demo-secret', refreshToken: 'AB11-demo-refresh-token' };
const CUSTOMER = 'FreshMart #112 Lakewood';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

test.describe.configure({ mode: 'serial' });
test.use({ viewport: DESKTOP });

async function toasted(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await toastGone(page, text);
}

/** The page at a laptop's and a phone's width, for review; it must not be wider than a phone. Only with E2E_SHOTS=1. */
async function shots(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== '1') return;
  await shot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.locator('[data-testid="page-progress"], .mantine-Skeleton-root')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits a phone`).toBeLessThanOrEqual(PHONE.width);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(page.locator('[data-testid="page-progress"], .mantine-Skeleton-root')).toHaveCount(0);
}

const rowOf = (page: Page, name: string) => page.getByTestId('qb-import-row').filter({ has: page.getByText(name, { exact: true }) });

test('the administrator connects QuickBooks and tests the connection', async ({ page }) => {
  await openAs(page, 'admin', '/administration');
  await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /^QuickBooks Settings/ }).click();
  await expect(page.getByRole('heading', { name: 'QuickBooks Settings', level: 2 })).toBeVisible();
  const form = page.getByRole('form', { name: 'QuickBooks connection' });
  await expect(form.getByTestId('quickbooks-saved-state')).toContainText('Not connected yet');
  // Which system the company posts to: Intacct when the accounting test enabled it on this server, else none yet.
  const intacct = await (await page.request.get('/api/v1/Intacct/account', { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } })).json();
  await expect(page.getByTestId('posting-system')).toContainText(intacct.isEnabled ? 'Your company posts to Sage Intacct.' : 'Your company posts to no accounting system yet');
  await shots(page, 'quickbooks-settings-new');

  await form.getByRole('textbox', { name: 'Base URL' }).fill(`${simulatorUrl()}/quickbooks`);
  await form.getByRole('textbox', { name: 'Token URL' }).fill(`${simulatorUrl()}/quickbooks/oauth2/v1/tokens/bearer`);
  await form.getByRole('textbox', { name: 'Realm ID' }).fill(QUICKBOOKS.realmId);
  await form.getByRole('textbox', { name: 'Client ID' }).fill(QUICKBOOKS.clientId);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Client Secret field is required!')).toBeVisible();
  await form.getByLabel('Client Secret').fill(QUICKBOOKS.clientSecret);
  await form.getByLabel('Refresh Token').fill('not-the-token');
  await form.getByRole('button', { name: 'Save' }).click();
  await toasted(page, 'QuickBooks connection saved');
  await expect(form.getByLabel('Client Secret')).toHaveValue('');
  await expect(form.getByLabel('Client Secret')).toHaveAttribute('placeholder', 'saved — leave blank to keep');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('connection-test-result')).toContainText('Connection failed');

  await form.getByLabel('Refresh Token').fill(QUICKBOOKS.refreshToken);
  await form.getByRole('button', { name: 'Save' }).click();
  await toasted(page, 'QuickBooks connection saved');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('connection-test-result')).toContainText('Connection works');
  await expect(form.getByTestId('connection-test-result')).toContainText(QUICKBOOKS.realmId);
  const answer = await (await page.request.get('/api/v1/QuickBooks/account', { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } })).text();
  expect(answer).not.toContain(QUICKBOOKS.clientSecret);
  expect(answer).not.toContain(QUICKBOOKS.refreshToken);
  await shots(page, 'quickbooks-settings-saved');
});

test('the administrator reads the import list, matches, creates and ignores, and reads again without duplicates', async ({ page }) => {
  await openAs(page, 'admin', '/administration');
  await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /^QuickBooks Import List/ }).click();
  await expect(page.getByRole('heading', { name: 'QuickBooks Import List', level: 2 })).toBeVisible();
  await expect(page.getByText('Nothing read from QuickBooks yet')).toBeVisible();
  await shots(page, 'quickbooks-import-empty');

  await page.getByRole('button', { name: 'Read from QuickBooks' }).click();
  await expect(page.getByTestId('read-result')).toContainText('QuickBooks added 9 and changed 0 rows');
  await expect(page.getByTestId('qb-import-row')).toHaveCount(9);

  // A customer matched to one already here, through the searchable picker.
  await rowOf(page, 'Northwind Cold Storage').getByRole('button', { name: 'Match Northwind Cold Storage' }).click();
  const match = page.getByRole('dialog', { name: 'Match Northwind Cold Storage' });
  await match.getByRole('button', { name: 'Match' }).click();
  await expect(match.getByText('Choose the customer to match Northwind Cold Storage to.')).toBeVisible();
  await choose(match, 'Customer', new RegExp(`^${CUSTOMER}`), 'FreshMart #112');
  await match.getByRole('button', { name: 'Match' }).click();
  await toasted(page, `Northwind Cold Storage matched to ${CUSTOMER}`);
  await expect(rowOf(page, 'Northwind Cold Storage')).toContainText(CUSTOMER);
  await expect(rowOf(page, 'Northwind Cold Storage').locator('[data-status]')).toHaveAttribute('data-status', 'matched');

  // An item created here, after a confirmation; No leaves it pending.
  await rowOf(page, 'Filter change').getByRole('button', { name: 'Create Filter change' }).click();
  const create = page.getByRole('dialog', { name: 'Create Filter change' });
  await expect(create).toContainText('Create a standard item named Filter change from QuickBooks?');
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, 'Filter change').locator('[data-status]')).toHaveAttribute('data-status', 'pending');
  await rowOf(page, 'Filter change').getByRole('button', { name: 'Create Filter change' }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await toasted(page, 'Filter change created');
  await expect(rowOf(page, 'Filter change').locator('[data-status]')).toHaveAttribute('data-status', 'created');
  await expect(rowOf(page, 'Filter change')).not.toContainText('None');

  // A customer ignored, after a confirmation.
  await rowOf(page, 'Harbor Ice Co.').getByRole('button', { name: 'Ignore Harbor Ice Co.' }).click();
  await page.getByRole('dialog', { name: 'Ignore Harbor Ice Co.' }).getByRole('button', { name: 'Ignore' }).click();
  await toasted(page, 'Harbor Ice Co. ignored');
  await expect(rowOf(page, 'Harbor Ice Co.').locator('[data-status]')).toHaveAttribute('data-status', 'ignored');

  // The detail: what QuickBooks said of the row and who changed its status.
  await page.getByRole('button', { name: 'Open Harbor Ice Co.' }).click();
  const drawer = page.getByRole('dialog', { name: 'Harbor Ice Co.' });
  await expect(drawer.getByRole('table', { name: 'What QuickBooks said' })).toContainText('Alicia Moreno');
  await expect(drawer).toContainText('DisplayName');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Reading again keeps every row and its status: nothing is added twice.
  await page.getByRole('button', { name: 'Read from QuickBooks' }).click();
  await expect(page.getByTestId('read-result')).toContainText('Nothing new: the 9 rows here are as in QuickBooks.');
  await expect(page.getByTestId('qb-import-row')).toHaveCount(9);
  await expect(rowOf(page, 'Harbor Ice Co.').locator('[data-status]')).toHaveAttribute('data-status', 'ignored');

  // Filtered by kind and status.
  await page.getByRole('radiogroup', { name: 'Kind' }).getByText('Customers').click();
  await expect(page.getByTestId('qb-import-row')).toHaveCount(3);
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Matched').click();
  await expect(page.getByTestId('qb-import-row')).toHaveCount(1);
  await expect(rowOf(page, 'Northwind Cold Storage')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Kind' }).getByText('All').click();
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('All').click();
  await expect(page.getByTestId('qb-import-row')).toHaveCount(9);
  await shots(page, 'quickbooks-import-list');
});

test('a dispatcher reads the import list without its status controls or its detail', async ({ page }) => {
  await openAs(page, 'dispatcher', '/administration/quickbooks/qbImportList');
  await expect(page.getByTestId('qb-import-row')).toHaveCount(9);
  await expect(rowOf(page, 'Northwind Cold Storage')).toContainText(CUSTOMER);
  await expect(page.getByRole('columnheader', { name: 'Change status' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Match|Create|Ignore) / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Read from QuickBooks' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open Northwind Cold Storage' })).toHaveCount(0);
  await shots(page, 'quickbooks-import-dispatcher');
});

test('a technician is offered neither QuickBooks page, and is turned away from their addresses', async ({ page }) => {
  await openAs(page, 'tech', '/administration');
  await expect(page.getByRole('heading', { name: 'Administration', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^QuickBooks (Settings|Import List)/ })).toHaveCount(0);
  await page.goto('/administration/quickbooks/qbImportList');
  await expect(page).toHaveURL(/\/home$/);
});
