import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { accessTokenOf, openAs, signIn } from './session';

interface RoleSummary {
  roleId: number;
  roleName: string;
  permissions: { permissionDescription: string; canRead: boolean; canWrite: boolean; functionalities: string[] }[];
}

/** The Technician role as the server holds it, read with the admin's token. */
async function technicianRole(request: APIRequestContext, token: string): Promise<RoleSummary> {
  const response = await request.get('/api/v1/Account/roles', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const role = ((await response.json()) as RoleSummary[]).find((r) => r.roleName === 'Technician');
  if (!role) throw new Error('The demo company has no Technician role.');
  return role;
}

const workOrderRights = (role: RoleSummary) => role.permissions.find((p) => p.permissionDescription === 'Work Orders');

const workOrdersRow = (page: Page) => page.locator('tr[data-area="Work Orders"]');

/** Ticks or unticks one special permission of the Work Orders area through its multi-select. */
async function toggleMyWorkOrders(page: Page) {
  await workOrdersRow(page).getByRole('combobox', { name: 'Work Orders special permissions' }).click();
  await page.getByRole('option', { name: 'My WorkOrders' }).click();
  await page.keyboard.press('Escape');
}

async function saveAndConfirm(page: Page) {
  const saved = page.getByRole('alert').filter({ hasText: 'Permissions saved' });
  // The toast of an earlier save must be gone, so the one checked below is this save's.
  await expect(saved).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save permissions' });
  await expect(dialog).toContainText('Save the permissions of Technician?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(saved).toBeVisible();
  await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
}

test.describe('permissions', () => {
  test('taking My WorkOrders from Technician hides My Work Orders from tech until it is given back', async ({ page, browser, request }) => {
    await openAs(page, 'admin', '/permissions');
    const adminToken = await accessTokenOf(page);
    const original = await technicianRole(request, adminToken);
    expect(workOrderRights(original)?.functionalities).toContain('My WorkOrders');

    const techContext = await browser.newContext();
    try {
      await page.getByRole('navigation', { name: 'Roles' }).getByRole('button', { name: /^Technician/ }).click();
      await expect(page.getByRole('heading', { name: 'Technician', level: 3 })).toBeVisible();
      await expect(workOrdersRow(page).getByText('My WorkOrders', { exact: true })).toBeVisible();

      await toggleMyWorkOrders(page);
      await expect(workOrdersRow(page).getByText('My WorkOrders', { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('unsaved-changes')).toHaveText('Unsaved changes (1)');
      await saveAndConfirm(page);
      expect(workOrderRights(await technicianRole(request, adminToken))?.functionalities).not.toContain('My WorkOrders');

      // tech, in a browser of their own, lands home without the area and cannot open it by address.
      const techPage = await techContext.newPage();
      await signIn(techPage, 'tech');
      await expect(techPage).toHaveURL(/\/home$/);
      const techNav = techPage.getByRole('navigation', { name: 'Main navigation' });
      await expect(techNav.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(techNav.getByRole('link', { name: 'My Work Orders' })).toHaveCount(0);
      await techPage.goto('/workOrder/mine');
      await expect(techPage).toHaveURL(/\/home$/);

      // Given back, the area returns for tech.
      await toggleMyWorkOrders(page);
      await expect(workOrdersRow(page).getByText('My WorkOrders', { exact: true })).toBeVisible();
      await saveAndConfirm(page);
      await techPage.reload();
      await expect(techNav.getByRole('link', { name: 'My Work Orders' })).toBeVisible();
      await techNav.getByRole('link', { name: 'My Work Orders' }).click();
      await expect(techPage).toHaveURL(/\/workOrder\/mine$/);
      await expect(techPage.getByRole('table', { name: 'My work orders' })).toBeVisible();
    } finally {
      await techContext.close();
      // Whatever happened above, Technician leaves with the matrix it came with.
      const response = await request.put(`/api/v1/Account/roles/${original.roleId}/permissions`, {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: { permissions: original.permissions },
      });
      expect(response.ok()).toBe(true);
    }
  });

  test('the Super Admin role is read-only', async ({ page }) => {
    await openAs(page, 'admin', '/permissions');
    await page.getByRole('navigation', { name: 'Roles' }).getByRole('button', { name: /^Super Admin/ }).click();
    await expect(page.getByRole('heading', { name: 'Super Admin', level: 3 })).toBeVisible();
    await expect(page.getByTestId('read-only-role')).toContainText('cannot be edited');
    await expect(page.getByRole('checkbox', { name: 'Read Work Orders' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Read Work Orders' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Write Work Orders' })).toBeDisabled();
    await expect(workOrdersRow(page).getByRole('combobox', { name: 'Work Orders special permissions' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  });
});
