import { expect, test } from './fixtures';
import { call, tokenOf } from './api';
import { expectAccessible } from './axe-check';
import { choose, NEXT_YEAR, shot } from './page-actions';
import { openAs } from './session';

const PHONE = { width: 390, height: 844 };
const NAME = 'Two-unit quarterly care';
const SEND_TO = 'facilities@pm-e2e.example';

// The office writes a preventive-maintenance contract for two pieces of equipment at a location, sends it, the
// customer approves it on a phone through the e-mailed link, and the office sees it approved.
test('a PM contract for two pieces, sent and approved by the customer on a phone through its link', async ({ page, browser, request }) => {
  const admin = await tokenOf(request, 'admin');
  // The demo contract's location and two of its pieces of equipment.
  const demo = (await call(request, admin, 'GET', 'PmContract?take=100')).data.at(-1);
  const pieces: { name: string; tasks: string[] }[] = await call(request, admin, 'GET', `PmContract/location/${demo.customerId}/equipment`);
  const [first, second] = pieces;

  await openAs(page, 'admin', '/preventative-maintenance');
  await expect(page.getByRole('heading', { name: 'PM Contracts', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'PM contracts' })).toContainText(demo.name);
  await shot(page, 'pm-contracts-desktop');

  await page.getByRole('link', { name: 'New contract' }).first().click();
  await expect(page.getByRole('heading', { name: 'New PM contract' })).toBeVisible();
  // The first failing rule is shown before anything is sent.
  await page.getByRole('button', { name: 'Save contract' }).click();
  await expect(page.getByText('Location field is required!').first()).toBeVisible();
  await choose(page, 'Location', new RegExp(`^${demo.customerName}`), demo.customerName.slice(0, 8));
  await page.getByRole('textbox', { name: 'Contract Name' }).fill(NAME);
  await choose(page, 'Frequency', 'Quarterly');
  await page.getByRole('checkbox', { name: first.name, exact: true }).check();
  await page.getByRole('checkbox', { name: second.name, exact: true }).check();
  // Each piece's tasks come from its category's template, and can be changed.
  const firstTasks = page.getByRole('textbox', { name: `Tasks on ${first.name}` });
  await expect(firstTasks).toHaveValue(first.tasks.join('\n'));
  await firstTasks.fill(`${first.tasks[0]}\nCheck the door heater`);
  await page.getByRole('textbox', { name: 'Price' }).fill('210.50');
  await page.getByLabel('Starts On').fill(`${NEXT_YEAR}-01-04`);
  await page.getByLabel('Ends On').fill(`${NEXT_YEAR}-12-31`);
  await shot(page, 'pm-contract-form');
  await page.getByRole('button', { name: 'Save contract' }).click();
  await expect(page.getByText(`Contract "${NAME}" saved as a draft.`)).toBeVisible();
  await expect(page).toHaveURL(/view-pm-contract\?id=\d+$/);
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page.getByText('Check the door heater')).toBeVisible();
  await expect(page.getByText('$210.50 per visit')).toBeVisible();

  // Sent for approval: the customer's link is read from the e-mail in the outbox.
  await page.getByRole('button', { name: 'Send for approval' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send for approval' });
  await dialog.getByLabel('Send To').fill(SEND_TO);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Contract sent to ${SEND_TO} for approval.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Approval requests' })).toContainText('Pending');
  const outbox = await call(request, admin, 'POST', 'EmailOutbox/list', { skip: 0, take: 25 });
  const sent = outbox.data.find((m: { subject: string; to: string[] }) => m.subject.startsWith('Please approve your maintenance contract') && m.to.includes(SEND_TO));
  const mail = await call(request, admin, 'GET', `EmailOutbox/${sent.emailOutboxId}`);
  const link = /https?:\/\/\S+\/preventiveMaintenanceApproval\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The customer opens the link on a phone, without signing in, reads the contract and approves it.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const customer = await phone.newPage();
  await customer.goto(new URL(link!).pathname);
  await expect(customer.getByRole('heading', { name: `Maintenance contract for ${demo.customerName}` })).toBeVisible();
  await expect(customer.getByText('Check the door heater')).toBeVisible();
  await expect(customer.getByText(second.name, { exact: true })).toBeVisible();
  await expect(customer.getByText('$210.50 per visit')).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(customer, 'the contract approval page on a phone', { withShell: false });
  await customer.getByRole('button', { name: 'Decline' }).click();
  await expect(customer.getByText('Your Name field is required!').first()).toBeVisible();
  await customer.getByRole('textbox', { name: 'Your Name' }).fill('Dana Lopez, facilities');
  await shot(customer, 'pm-contract-approval-phone');
  await customer.getByRole('button', { name: 'Approve Contract' }).click();
  await customer.getByRole('dialog', { name: 'Approve the contract?' }).getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(customer.getByText(/^Approved by Dana Lopez, facilities on /)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Approve Contract' })).toHaveCount(0);
  await phone.close();

  // The office sees the contract approved.
  await page.reload();
  await expect(page.getByText(/^Approved by Dana Lopez, facilities on /)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Approval requests' })).toContainText('Approved');
  await expect(page.getByRole('button', { name: 'Send for approval' })).toHaveCount(0);
  await shot(page, 'pm-contract-approved');
});

test('a link that is not one says so on the phone', async ({ browser }) => {
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, isMobile: true });
  const customer = await phone.newPage();
  await customer.goto('/preventiveMaintenanceApproval/not-a-real-link');
  await expect(customer.getByRole('alert')).toContainText('This approval link is not valid.');
  await phone.close();
});
