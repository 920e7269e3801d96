import { expect, test } from './fixtures';
import { LANDINGS, signIn } from './session';

test.describe('sign-in and landing', () => {
  for (const [userName, landing] of Object.entries(LANDINGS)) {
    test(`${userName} signs in and lands on ${landing}`, async ({ page }) => {
      await signIn(page, userName);
      await expect(page).toHaveURL(new RegExp(`${landing.replace('/', '\\/')}$`));
      await expect(page).toHaveTitle(/ - WebBased$/);
    });
  }

  test('a wrong password shows the sentence and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('User Name').fill('tech');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByText('Invalid user name or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unauthorised route sends the user home', async ({ page }) => {
    await signIn(page, 'tech');
    await page.goto('/permissions');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Permissions' })).toHaveCount(0);
  });

  test('a saved intended URL is restored after signing in', async ({ page }) => {
    await page.goto('/workOrder/mine');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, 'leader');
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/permissions');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/permissions$/);
  });

  test('an expired token logs the user out to the login page', async ({ page }) => {
    await signIn(page, 'tech');
    await page.evaluate(() => {
      const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const past = Math.floor(Date.now() / 1000) - 3600;
      const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ userId: 1, exp: past, iat: past - 100, nbf: past - 100 })}.c2lnbmF0dXJl`;
      localStorage.setItem('sm.accessToken', token);
    });
    await page.goto('/workOrder/mine');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('User Name')).toBeVisible();
  });
});
