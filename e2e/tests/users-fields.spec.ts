import { expect, test, type Page } from './fixtures';
import { choose, shot } from './page-actions';
import { accessTokenOf, openAs } from './session';

/** People and rows of this run only: the demo's own stay as the other tests expect them. */
const suffix = Date.now().toString(36).slice(-5);
const PERSON = { name: `Rowan Ilves ${suffix}`, userName: `rilves.${suffix}`, email: `rilves.${suffix}@example.com` };
const CITY = `Plano ${suffix}`;
const TECHNICIAN = 7;
const PLUMBER = 8;

/** Calls the API as the page's signed-in user. */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const token = await accessTokenOf(page);
  const res = await page.request.fetch(`/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('where a user works, their pay and the company’s role names (desktop)', () => {
  test('an administrator sets a user’s region, district, base city, team leader, rate sheets and pay rate', async ({ page }) => {
    await openAs(page, 'admin', '/administration/account-settings/baseCities');
    await expect(page.getByRole('heading', { name: 'Base Cities' })).toBeVisible();
    await page.getByRole('button', { name: 'Add base city' }).click();
    const add = page.getByRole('dialog');
    await add.getByRole('textbox', { name: 'Name' }).fill(CITY);
    await add.getByRole('button', { name: /^(Add|Save)/ }).click();
    await expect(page.locator(`tr[data-row="${CITY}"]`)).toBeVisible();

    const user = await api(page, 'POST', 'Users/invite', { ...PERSON, roleIds: [TECHNICIAN] });
    await page.goto(`/administration/users/edit/${user.userId}`);
    const form = page.getByRole('form', { name: 'User details' });
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(PERSON.name);
    // No district before a region; then only the region's districts.
    await expect(form.getByRole('combobox', { name: 'District', exact: true })).toBeDisabled();
    await choose(form, 'Region', 'North');
    await form.getByRole('combobox', { name: 'District', exact: true }).click();
    await expect(page.getByRole('option', { name: 'Houston', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: 'Dallas', exact: true }).click();
    await choose(form, 'Base City', CITY);
    await form.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: 'Team Leaders' }) }).click();
    await page.getByRole('option', { name: 'Marcus Reed', exact: true }).click();
    // A multiple choice stays open for the next pick: Escape closes it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('option', { name: 'Marcus Reed', exact: true })).toBeHidden();
    await form.getByRole('checkbox', { name: 'Works on rate sheets' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${PERSON.name} saved.`)).toBeVisible();

    // Kept: the page read again shows them.
    await page.reload();
    await expect(form.getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('North');
    await expect(form.getByRole('combobox', { name: 'District', exact: true })).toHaveValue('Dallas');
    await expect(form.getByRole('combobox', { name: 'Base City', exact: true })).toHaveValue(CITY);
    await expect(form.getByText('Marcus Reed')).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Works on rate sheets' })).toBeChecked();

    // Changing the region empties the district.
    await choose(form, 'Region', 'South');
    await expect(form.getByRole('combobox', { name: 'District', exact: true })).toHaveValue('');

    // The pay rate: none yet, then a rate from a day on, to the cent.
    const pay = section(page, 'Pay rate');
    await expect(pay.getByTestId('current-pay-rate')).toHaveText('No pay rate in force yet.');
    await pay.getByRole('textbox', { name: 'New hourly rate' }).fill('31.25');
    await pay.getByLabel('Effective from').fill('2026-01-05');
    await pay.getByRole('button', { name: 'Set pay rate' }).click();
    await expect(pay.getByTestId('current-pay-rate')).toHaveText(/^\$31\.25\/h as Employee, since 01\/05\/2026\.$/);
    await expect(pay.getByRole('table', { name: 'Pay rates' })).toContainText('$31.25');
    await shot(page, 'user-work-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(pay.getByTestId('current-pay-rate')).toContainText('$31.25');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    await shot(page, 'user-work-phone');
  });

  test('payroll sees and sets the pay rate; the user statuses list is read-only', async ({ page }) => {
    await openAs(page, 'payroll', '/administration/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('Alvarez');
    await page.getByRole('link', { name: 'Tom Alvarez' }).click();
    await expect(section(page, 'Pay rate').getByTestId('current-pay-rate')).toContainText('$28.50/h as Service Technician');
    await expect(section(page, 'Pay rate').getByRole('button', { name: 'Set pay rate' })).toBeVisible();

    await openAs(page, 'admin', '/administration/status/user');
    await expect(page.getByRole('heading', { name: 'User Statuses' })).toBeVisible();
    await expect(page.locator('tr[data-row="Off Duty"]')).toContainText('10');
    await expect(page.getByText('These ids are fixed and shared by every company')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);
  });

  test("the company's names for roles show on the users pages, and a hidden role is not offered", async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /^Masked User Roles/ }).click();
    await expect(page).toHaveURL(/\/administration\/account-settings\/maskedUserRoles$/);
    try {
      const technician = page.locator('tr[data-row="Technician"]');
      await technician.getByRole('textbox', { name: 'Technician shown as' }).fill('Field Engineer');
      await technician.getByRole('button', { name: 'Save Technician' }).click();
      await expect(page.getByText('Technician is shown as Field Engineer.')).toBeVisible();
      const plumber = page.locator('tr[data-row="Plumber"]');
      await plumber.getByRole('checkbox', { name: 'Hide Plumber' }).check();
      await plumber.getByRole('button', { name: 'Save Plumber' }).click();
      await expect(page.getByText('Plumber is shown as Plumber, hidden from the role pickers.')).toBeVisible();
      await expect(page.locator('tr[data-row="Super Admin"]').getByRole('checkbox', { name: 'Hide Super Admin' })).toBeDisabled();
      await shot(page, 'masked-roles-desktop');

      await page.goto('/administration/users');
      await expect(page.locator('tr[data-row="tech"]')).toContainText('Field Engineer');
      await page.getByRole('button', { name: 'Invite User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite User' });
      await dialog.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: 'Roles' }) }).click();
      await expect(page.getByRole('option', { name: 'Field Engineer', exact: true })).toBeVisible();
      await expect(page.getByRole('option', { name: 'Plumber', exact: true })).toHaveCount(0);
      await expect(page.getByRole('option', { name: 'Technician', exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/administration/account-settings/maskedUserRoles');
      await expect(page.locator('tr[data-row="Technician"]').getByRole('textbox')).toHaveValue('Field Engineer');
      await shot(page, 'masked-roles-phone');
    } finally {
      await api(page, 'PUT', `MaskedUserRoles/${TECHNICIAN}`, { displayName: null, isHidden: false });
      await api(page, 'PUT', `MaskedUserRoles/${PLUMBER}`, { displayName: null, isHidden: false });
    }
  });
});
