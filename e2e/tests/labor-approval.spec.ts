import { expect, test } from './fixtures';
import { shot } from './page-actions';
import { expectAccessible } from './axe-check';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };

// The server of this group has the demo's last two pay periods worked: work order 240001 has ten finished visits of
// Tom Alvarez, 4.50 hours each (db/seed/payroll-history.ts).
test('the office asks the customer to approve the labor; the customer approves it on a phone without signing in, once', async ({ browser, page }) => {
  await openAs(page, 'dispatcher', '/workOrder/240001/edit');
  const section = page.getByRole('region', { name: 'Customer Approval of Labor' });
  await expect(section).toContainText('The customer has not been asked to approve the labor yet.');
  await section.getByRole('button', { name: 'Ask Customer to Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask Customer to Approve' });
  await dialog.getByRole('textbox', { name: 'Send To' }).fill('not an address');
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  await expect(dialog.getByText('Send To is not a valid e-mail address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Send To' }).fill('store112@freshmart.example');
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  await expect(dialog).toContainText('An e-mail with the link is on its way to store112@freshmart.example.');
  const link = await dialog.getByRole('textbox', { name: 'Approval link' }).inputValue();
  expect(link).toMatch(/\/workOrderLaborApprove\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'the labor approval link dialog', { withShell: false });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('listitem')).toContainText(['Pending']);

  // The store manager opens the link on a phone: no sign-in.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const customer = await phone.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: 'Labor on work order 240001' })).toBeVisible();
  await expect(customer.getByRole('list', { name: 'Labor' }).getByRole('listitem')).toHaveCount(10);
  await expect(customer.getByTestId('total-hours')).toHaveText('45.00 h');
  await expectAccessible(customer, 'the labor approval page (phone)', { withShell: false });
  await customer.getByRole('button', { name: 'Dispute' }).click();
  await expect(customer.getByText('Your Name field is required!').first()).toBeVisible();
  await customer.getByRole('textbox', { name: 'Your Name' }).fill('Dana Lopez, store manager');
  await customer.getByRole('button', { name: 'Dispute' }).click();
  await expect(customer.getByText('Comment field is required!').first()).toBeVisible();
  await shot(customer, 'customer');
  await customer.getByRole('button', { name: 'Approve Labor' }).click();
  const confirmApproval = customer.getByRole('dialog', { name: 'Approve the labor?' });
  await expect(confirmApproval).toContainText('You approve 45.00 hours of labor on work order 240001, as Dana Lopez, store manager.');
  await expectAccessible(customer, 'the labor approval question (phone)', { withShell: false });
  await confirmApproval.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(customer.getByText('Approved', { exact: true })).toBeVisible();
  await expect(customer.getByText(/^Approved by Dana Lopez, store manager on /)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Approve Labor' })).toHaveCount(0);
  // The link takes one answer: opened again, it says how it was answered.
  await customer.reload();
  await expect(customer.getByText(/^Approved by Dana Lopez, store manager on /)).toBeVisible();
  await expect(customer.getByRole('textbox', { name: 'Your Name' })).toHaveCount(0);
  await phone.close();

  await page.reload();
  await expect(section.getByRole('listitem')).toContainText(['Approved']);
  await expect(section).toContainText('Approved by Dana Lopez, store manager');
  await expect(section.getByRole('button', { name: 'Ask Customer to Approve' })).toBeVisible();
});

test('a link that does not exist says so, without signing in', async ({ page }) => {
  await page.goto('/workOrderLaborApprove/not-a-real-link');
  await expect(page.getByRole('alert')).toContainText('This approval link is not valid. Ask the company that sent it for a new one.');
});
