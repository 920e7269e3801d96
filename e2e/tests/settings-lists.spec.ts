import { expect, test, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { openAs } from './session';

const rowOf = (page: Page, table: string, name: string) => page.getByRole('table', { name: table }).locator(`tr[data-row="${name}"]`);

test.describe('settings lists (desktop)', () => {
  test('payment terms: reached from the administration index, a term is added with its net days and changed', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('navigation', { name: 'Administration lists' }).getByRole('link', { name: /^Terms/ }).click();
    await expect(page).toHaveURL(/\/administration\/termsRef$/);
    await expect(rowOf(page, 'Terms', 'Net 30')).toContainText('30');
    await page.getByRole('button', { name: 'Add payment term' }).click();
    const add = page.getByRole('dialog', { name: 'Add payment term' });
    await add.getByLabel('Name').fill('Net 60');
    await add.getByLabel('Net Days').fill('60');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(rowOf(page, 'Terms', 'Net 60')).toContainText('60');

    await page.getByRole('button', { name: 'Edit Net 60' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit payment term' });
    await edit.getByLabel('Name').fill('Net 50');
    // The box takes no more than a year: 500 becomes 365 when it is left, and the term is then set to 50.
    await edit.getByLabel('Net Days').fill('500');
    await edit.getByLabel('Name').focus();
    await expect(edit.getByLabel('Net Days')).toHaveValue('365');
    await edit.getByLabel('Net Days').fill('50');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, 'Terms', 'Net 50')).toContainText('50');
    await expect(rowOf(page, 'Terms', 'Net 60')).toHaveCount(0);
    await shot(page, 'terms-desktop');
  });

  test('quote inclusions and exclusions: a sentence is added as an exclusion and moved to the inclusions', async ({ page }) => {
    await openAs(page, 'admin', '/administration/account-settings/quoteInclusionExclusion');
    const table = 'Quote Inclusions & Exclusions';
    await expect(rowOf(page, table, 'Permits and inspection fees')).toContainText('Exclusion');
    await page.getByRole('button', { name: 'Add quote inclusion or exclusion' }).click();
    const add = page.getByRole('dialog', { name: 'Add quote inclusion or exclusion' });
    await add.getByLabel('Name').fill('Crane rental');
    await choose(add, 'Kind', 'Exclusion');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, table, 'Crane rental')).toContainText('Exclusion');
    await page.getByRole('button', { name: 'Edit Crane rental' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit quote inclusion or exclusion' });
    await choose(edit, 'Kind', 'Inclusion');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, table, 'Crane rental')).toContainText('Inclusion');
    await shot(page, 'quote-inclusions-desktop');
  });

  test('discount reasons: each kind has its page, and a reason added on one is not on the others', async ({ page }) => {
    await openAs(page, 'admin', '/administration/discount-reasons/freight');
    const freight = 'Freight Discount Reasons';
    await expect(rowOf(page, freight, 'Damaged in shipping')).toBeVisible();
    await expect(rowOf(page, freight, 'Loyal customer')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add freight discount reason' }).click();
    const add = page.getByRole('dialog', { name: 'Add freight discount reason' });
    await add.getByLabel('Name').fill('Carrier late');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, freight, 'Carrier late')).toBeVisible();
    await page.getByRole('button', { name: 'Edit Carrier late' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit freight discount reason' });
    await edit.getByLabel('Name').fill('Carrier delivered late');
    await edit.getByRole('switch', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, freight, 'Carrier delivered late')).toContainText('Retired');
    await page.goto('/administration/discount-reasons/labor');
    await expect(rowOf(page, 'Labor Discount Reasons', 'Loyal customer')).toBeVisible();
    await expect(rowOf(page, 'Labor Discount Reasons', 'Carrier delivered late')).toHaveCount(0);
  });

  test('customer defaults: terms and methods are picked from their lists and kept', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /Customer Defaults/ }).click();
    const form = page.getByRole('form', { name: 'Customer Defaults' });
    await choose(form, 'Terms', 'Net 45');
    await choose(form, 'Tax Status', 'Tax exempt');
    await choose(form, 'Billing Method', 'Customer Portal');
    await choose(form, 'Payment Method', 'ACH');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Customer Defaults saved.')).toBeVisible();
    await page.reload();
    await expect(form.getByRole('combobox', { name: 'Terms', exact: true })).toHaveValue('Net 45');
    await expect(form.getByRole('combobox', { name: 'Payment Method', exact: true })).toHaveValue('ACH');
    await shot(page, 'customer-defaults-desktop');
  });

  test('e-mail settings: a bad reply-to address is refused on the field, a good one saved', async ({ page }) => {
    await openAs(page, 'admin', '/administration/account-settings/emailSettings');
    const form = page.getByRole('form', { name: 'E-mail Settings' });
    await form.getByLabel('From Name').fill('Polar Service Desk');
    await form.getByLabel('Reply-To').fill('service at polar');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Reply-To is not a valid e-mail address.')).toBeVisible();
    await form.getByLabel('Reply-To').fill('service@polar.example');
    await form.getByLabel('Signature').fill('Polar Refrigeration\n214-555-0100');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('E-mail Settings saved.')).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Reply-To')).toHaveValue('service@polar.example');
    await shot(page, 'email-settings-desktop');
  });
});

test.describe('settings lists (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('company settings on a phone: the week start changes, the time zone is shown but not editable', async ({ page }) => {
    await openAs(page, 'admin', '/administration/account-settings/subscriberSettings');
    const form = page.getByRole('form', { name: 'Company Settings' });
    await expect(form.getByLabel('Company Name')).toHaveValue('Polar Refrigeration');
    await expect(form.getByLabel('Time Zone')).toHaveValue('America/Chicago');
    await expect(form.getByLabel('Time Zone')).toHaveAttribute('readonly', '');
    await form.getByLabel('Phone').fill('(214) 555 0142');
    await choose(form, 'Week Starts On', 'Monday');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Company Settings saved.')).toBeVisible();
    await expect(form.getByLabel('Phone')).toHaveValue('214-555-0142');
    await shot(page, 'company-settings-phone');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });

  test('PTO types on a phone: a type is added and renamed', async ({ page }) => {
    await openAs(page, 'admin', '/administration/account-settings/pto-types');
    await expect(rowOf(page, 'PTO Types', 'Vacation')).toBeVisible();
    await page.getByRole('button', { name: 'Add PTO type' }).click();
    const add = page.getByRole('dialog', { name: 'Add PTO type' });
    await add.getByLabel('Name').fill('Jury Duty');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, 'PTO Types', 'Jury Duty')).toBeVisible();
    await page.getByRole('button', { name: 'Edit Jury Duty' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit PTO type' });
    await edit.getByLabel('Name').fill('Jury Service');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, 'PTO Types', 'Jury Service')).toBeVisible();
    await shot(page, 'pto-types-phone');
  });
});
