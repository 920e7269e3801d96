import { expect, test } from './fixtures';
import { expectAccessible } from './axe-check';
import { shot } from './page-actions';

// A server as an operator first starts it with public sign-up closed: an empty database, no demo (its own group).
// Until the first company is set up, the sign-in page sends to the setup page; afterwards nobody can set up again.

test('the first start offers the one-time setup; the first administrator is signed in, and setup is gone after', async ({ page, request }) => {
  await page.goto('/workOrder/mine');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page).toHaveTitle('Set Up Service Managed - WebBased');
  await page.goto('/register');
  await expect(page.getByRole('alert')).toContainText('Sign-up is closed on this server.');

  await page.goto('/setup');
  const form = page.getByRole('form', { name: 'Set Up Company' });
  await form.getByRole('button', { name: 'Set Up Company' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Company Name field is required!');
  await form.getByRole('textbox', { name: 'Company Name' }).fill('Gulf Coast Refrigeration');
  await form.getByRole('combobox', { name: 'Time Zone' }).fill('Chicago');
  await page.getByRole('option', { name: 'America/Chicago' }).click();
  await form.getByRole('textbox', { name: 'Street' }).fill('400 Water St');
  await form.getByRole('textbox', { name: 'City' }).fill('Corpus Christi');
  await form.getByRole('textbox', { name: 'State' }).fill('Texas');
  await form.getByRole('textbox', { name: 'Zip' }).fill('78401');
  await form.getByRole('textbox', { name: 'Your Name' }).fill('Dana Ortiz');
  await form.getByRole('textbox', { name: 'Email' }).fill('dana@gulfcoastrefrigeration.example');
  await form.getByRole('textbox', { name: 'User Name' }).fill('dana');
  await form.getByLabel(/^Password/).fill('brine-and-ice-2026');
  await form.getByLabel('Confirm Password').fill('brine-and-ice-2026');
  await form.getByRole('button', { name: 'Set Up Company' }).click();
  // A state is its two letters.
  await expect(page.getByTestId('form-error')).toHaveText('State must be two letters, like TX.');
  await form.getByRole('textbox', { name: 'State' }).fill('TX');
  await shot(page, 'setup');
  await expectAccessible(page, 'the setup page', { withShell: false });
  await form.getByRole('button', { name: 'Set Up Company' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/(setup|login)/);

  // Set up once: the page sends to sign-in, and the API refuses a second company.
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/(login|management|home|workOrder)/);
  const again = await request.post('/api/v1/Account/setup', {
    data: { companyName: 'Second', timeZone: 'America/Chicago', address: { street: '1 A St', city: 'Austin', state: 'TX', zip: '73301' }, name: 'Eve', userName: 'eve', email: 'eve@second.example', password: 'a-long-enough-secret' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This server is already set up. Sign in with your user name and password.');
});
