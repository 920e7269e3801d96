import { expect, test } from './fixtures';
import { accessTokenOf, openAs } from './session';

test.describe('third party settings', () => {
  // Each test signs in, opens pages and calls the provider simulator: give them room on a busy machine.
  test.slow();

  test('admin sees the Corrigo connection without its secret, tests it, and sees the linked work orders', async ({ page, request }) => {
    await openAs(page, 'admin', '/third-party/corrigo');
    await expect(page.getByRole('heading', { name: 'Corrigo', level: 2 })).toBeVisible();

    const form = page.getByRole('form', { name: 'Corrigo connection' });
    await expect(form.getByLabel('Base URL')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/corrigo$/);
    await expect(form.getByLabel('Client ID')).toHaveValue('polar-refrigeration');
    const secret = form.getByLabel('Client Secret');
    await expect(secret).toHaveValue('');
    await expect(secret).toHaveAttribute('placeholder', 'saved — leave blank to keep');
    await expect(secret).toHaveAttribute('type', 'password');
    await expect(form.getByLabel('User Name')).toHaveCount(0);
    await expect(form.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(await page.content()).not.toContain('corrigo-demo-secret');

    await form.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('connection-test-result');
    await expect(result).toContainText('Connection works');
    await expect(result).toContainText('Connected to Corrigo: the credentials were accepted.');

    const linked = page.getByRole('region', { name: 'Linked work orders' });
    const row = linked.getByRole('row').filter({ hasText: '240021' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText('CheckedIn');
    await expect(linked.getByText(/^\d+ work orders?$/)).toBeVisible();

    // What the page showed is what the server holds, and the answer never carries the secret.
    const answer = await request.get('/api/v1/ThirdParty/corrigo/account', { headers: { Authorization: `Bearer ${await accessTokenOf(page)}` } });
    expect(await answer.text()).not.toContain('corrigo-demo-secret');

    await row.getByRole('link', { name: '240021' }).click();
    await expect(page).toHaveURL(/\/workOrder\/240021\/edit$/);
  });

  test('admin is told why a wrong address fails, and saving keeps the stored secret', async ({ page }) => {
    await openAs(page, 'admin', '/third-party/corrigo');
    const form = page.getByRole('form', { name: 'Corrigo connection' });
    const baseUrl = form.getByLabel('Base URL');
    await expect(baseUrl).toHaveValue(/corrigo$/);
    const original = await baseUrl.inputValue();

    await baseUrl.fill('not an address');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Base URL must be a web address starting with http:// or https://.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Test connection' })).toBeDisabled();

    await baseUrl.fill(original.replace(/\/corrigo$/, '/nowhere'));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Connection saved' })).toBeVisible();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-test-result')).toContainText('Connection failed');

    // Back to the simulator's address with the secret field left blank: the stored secret still works.
    await baseUrl.fill(original);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('button', { name: 'Test connection' })).toBeEnabled();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-test-result')).toContainText('Connection works');
  });

  test('the ServiceChannel page asks for the user it signs in too, and its connection works', async ({ page }) => {
    await openAs(page, 'admin', '/third-party/service-channel');
    await expect(page.getByRole('heading', { name: 'ServiceChannel', level: 2 })).toBeVisible();
    const form = page.getByRole('form', { name: 'ServiceChannel connection' });
    await expect(form.getByLabel('User Name')).toBeVisible();
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'saved — leave blank to keep');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-test-result')).toContainText('Connected to ServiceChannel');
  });

  test('tech cannot open the Third Party pages', async ({ page }) => {
    await openAs(page, 'tech', '/third-party/corrigo');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Corrigo' })).toHaveCount(0);
    await page.goto('/third-party/service-channel');
    await expect(page).toHaveURL(/\/home$/);
  });
});
