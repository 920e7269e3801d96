import { expect, test, type Locator, type Page } from './fixtures';
import { LAST_SUPER_ADMIN } from '../../packages/shared/src/schemas/users-admin';
import { expectAccessible } from './axe-check';
import { choose, shot } from './page-actions';
import { accessTokenOf, openAs } from './session';

const USERS = '/administration/users';

/** A user of this run only: the demo's own people stay as the other tests expect them. */
const suffix = Date.now().toString(36).slice(-5);
const NEW_USER = { name: `Quinn Oduya ${suffix}`, userName: `qoduya.${suffix}`, email: `qoduya.${suffix}@example.com` };

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const row = (page: Page, userName: string) => table(page).locator(`tr[data-row="${userName}"]`);

/** Adds an option of a Mantine multi-select (clicking the box around its pills). */
async function pick(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: label }) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Shows the users of one state (a segment of the filter, which a person clicks by its label). */
const showState = (page: Page, state: string) => page.locator('.mantine-SegmentedControl-root').getByText(state, { exact: true }).click();

/** The state badge beside a user's name on the user's page. */
const stateBadge = (page: Page) => page.getByRole('main').locator('.mantine-Badge-root');

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('company users (desktop)', () => {
  test('an administrator invites a technician, changes him, deactivates and reactivates him', async ({ page }) => {
    await openAs(page, 'admin', '/administration');
    await page.getByRole('navigation', { name: 'Administration settings' }).getByRole('link', { name: /^Users/ }).click();
    await expect(page).toHaveURL(new RegExp(`${USERS}$`));
    await expect(page).toHaveTitle('Users - WebBased');
    await expect(row(page, 'admin')).toContainText('Alicia Moreno');
    await expect(row(page, 'admin')).toContainText('Super Admin');
    await expect(row(page, 'admin')).toContainText('Active');
    await expectAccessible(page, 'the users list');
    await shot(page, 'list-desktop');

    // The search narrows the list as one types.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('whitfield');
    await expect(row(page, 'dispatcher')).toBeVisible();
    await expect(row(page, 'admin')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody-by-this-name');
    await expect(table(page)).toContainText('No active users match "nobody-by-this-name".');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');

    // The dialog checks what was typed with the server's rules before sending it.
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Name field is required!', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Choose at least one role.', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the Invite User dialog', { withShell: false });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NEW_USER.name);
    await dialog.getByRole('textbox', { name: 'User Name' }).fill(NEW_USER.userName);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(NEW_USER.email);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('2145550199');
    await choose(dialog, 'Job Title', 'Apprentice');
    // A Super Admin may give the Super Admin role.
    await dialog.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: 'Roles' }) }).click();
    await expect(page.getByRole('option', { name: 'Super Admin', exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'Technician', exact: true }).click();
    await dialog.getByText('The user receives an e-mail').click();
    await shot(page, 'invite-dialog-desktop');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${NEW_USER.name} at ${NEW_USER.email}.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The new user is listed as Invited.
    await showState(page, 'Invited');
    await expect(page.getByRole('radio', { name: 'Invited' })).toBeChecked();
    await expect(row(page, NEW_USER.userName)).toContainText('Invited');
    await expect(row(page, NEW_USER.userName)).toContainText('Technician');
    await expect(row(page, NEW_USER.userName)).toContainText('Apprentice');
    await shot(page, 'list-invited-desktop');

    // His page: the user name stays, the job title and roles change.
    await row(page, NEW_USER.userName).getByRole('link', { name: NEW_USER.name }).click();
    await expect(page).toHaveURL(/\/administration\/users\/edit\/\d+$/);
    await expect(page.getByRole('heading', { name: NEW_USER.name, level: 2 })).toBeVisible();
    const details = page.getByRole('form', { name: 'User details' });
    await expect(details.getByRole('textbox', { name: 'User Name' })).toHaveAttribute('readonly', '');
    await expect(details.getByRole('textbox', { name: 'Phone' })).toHaveValue('214-555-0199');
    await expect(page.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
    await choose(details, 'Job Title', 'Service Technician');
    await pick(page, details, 'Roles', 'Data Specialist');
    await page.keyboard.press('Escape');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${NEW_USER.name} saved.`)).toBeVisible();
    const history = page.getByRole('list', { name: 'User history' });
    await expect(history.locator('[data-action="update"]')).toContainText('Roles: Technician → Technician, Data Specialist');
    await expect(history.locator('[data-action="invite"]')).toContainText('Alicia Moreno');
    await page.reload();
    await expect(details.getByRole('combobox', { name: 'Job Title' })).toHaveValue('Service Technician');
    await expect(details).toContainText('Data Specialist');

    // The invitation goes again.
    await page.getByRole('button', { name: 'Resend invitation' }).click();
    await expect(page.getByText(`A new invitation was sent to ${NEW_USER.email}.`)).toBeVisible();

    // Deactivating asks first; Cancel keeps him, Deactivate makes him Inactive.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const question = page.getByRole('dialog', { name: 'Deactivate user' });
    await expect(question).toContainText(`Deactivate ${NEW_USER.name}?`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(stateBadge(page)).toHaveText('Invited');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog', { name: 'Deactivate user' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${NEW_USER.name} is deactivated.`)).toBeVisible();
    await expect(stateBadge(page)).toHaveText('Inactive');
    await expect(history.locator('[data-action="deactivate"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend invitation' })).toHaveCount(0);
    await shot(page, 'edit-inactive-desktop');

    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await showState(page, 'Inactive');
    await expect(row(page, NEW_USER.userName)).toContainText('Inactive');
    await row(page, NEW_USER.userName).getByRole('link', { name: NEW_USER.name }).click();

    // Reactivated, he is back where he was: invited, without a password yet.
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await expect(page.getByText(`${NEW_USER.name} is active again.`)).toBeVisible();
    await expect(stateBadge(page)).toHaveText('Invited');
    await expect(history.locator('[data-action="reactivate"]')).toBeVisible();
    await shot(page, 'edit-desktop');
    await expectAccessible(page, "a user's page");

    // He leaves the demo as he found it: deactivated, out of every list of active people.
    const userId = page.url().split('/').pop();
    const res = await page.request.post(`/api/v1/Users/${userId}/deactivate`, { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } });
    expect(res.ok(), `deactivate: ${res.status()}`).toBe(true);
  });

  test("the company's only Super Admin keeps the role: taking it answers with the server's sentence", async ({ page }) => {
    await openAs(page, 'admin', USERS);
    await row(page, 'admin').getByRole('link', { name: 'Alicia Moreno' }).click();
    const details = page.getByRole('form', { name: 'User details' });
    // Her only role taken, Administrator given instead.
    await details.getByRole('combobox', { name: 'Roles' }).focus();
    await page.keyboard.press('Backspace');
    await pick(page, details, 'Roles', 'Administrator');
    await page.keyboard.press('Escape');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByRole('alert')).toContainText(LAST_SUPER_ADMIN);
    await shot(page, 'last-super-admin-desktop');
    await page.reload();
    await expect(details).toContainText('Super Admin');
    await expect(details).not.toContainText('Administrator');
  });

  test('a reader without write sees users read-only; a dispatcher is not shown the page and is sent home', async ({ page }) => {
    await openAs(page, 'payroll', USERS);
    await expect(row(page, 'tech')).toContainText('Tom Alvarez');
    await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
    await row(page, 'tech').getByRole('link', { name: 'Tom Alvarez' }).click();
    const details = page.getByRole('form', { name: 'User details' });
    await expect(details.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('readonly', '');
    await expect(details.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
    await expect(page.getByText('You may read this user; changing users needs the Users write permission.')).toBeVisible();

    await openAs(page, 'dispatcher', '/administration');
    await expect(page.getByRole('heading', { name: 'Administration', level: 2 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /^Users/ })).toHaveCount(0);
    await page.goto(USERS);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('on a phone the list, the dialog and a user fit the width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, 'admin', USERS);
    const users = page.getByRole('list', { name: 'Users' });
    await expect(users.locator('[data-row="admin"]')).toContainText('Alicia Moreno');
    expect(await scrollsSideways(page), 'the users list scrolls sideways').toBe(false);
    await shot(page, 'list-phone');
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    expect(await dialog.evaluate((el) => el.scrollWidth > el.clientWidth + 1), 'the dialog scrolls sideways').toBe(false);
    await shot(page, 'invite-dialog-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await users.locator('[data-row="tech"]').getByRole('link', { name: 'Tom Alvarez' }).click();
    await expect(page.getByRole('heading', { name: 'Tom Alvarez', level: 2 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'User history' }).or(page.getByText('No changes recorded.'))).toBeVisible();
    expect(await scrollsSideways(page), "a user's page scrolls sideways").toBe(false);
    await shot(page, 'edit-phone');
  });
});
