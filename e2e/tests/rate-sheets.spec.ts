import { expect, test } from './fixtures';
import { call, tokenOf } from './api';
import { choose, shot } from './page-actions';
import { openAs } from './session';

const PAGE = '/administration/account-settings/rateSheet';
const PHONE = { width: 390, height: 844 };
const CUSTOMER = 'Lone Star Restaurant Group';
// Tom Alvarez's work order on Lone Star's rate sheet (demo data); no other test of this group clocks on it.
const WORK_ORDER = '240011';

// The office sets up a new version of a billing customer's rate sheet with a new Employee Type for tech, sends it, the
// customer approves it through the e-mailed link, and tech clocks in with the new Employee Type. The company asks its
// customers to approve for this test only: it is switched back at the end.
test('a new rate sheet version, approved by the customer through its link, gives the technician its Employee Type', async ({ page, browser, request }) => {
  const admin = await tokenOf(request, 'admin');
  await openAs(page, 'admin', PAGE);
  await expect(page.getByRole('heading', { name: 'Rate Sheets' })).toBeVisible();
  const asksApproval = page.getByRole('switch', { name: /Ask customers to approve rate sheets/ });
  await expect(asksApproval).toBeEnabled();
  await asksApproval.click();
  await expect(page.getByText('Rate sheets now take effect once the customer approves them.')).toBeVisible();
  await expect(asksApproval).toBeChecked();

  await page.getByRole('textbox', { name: 'Billing customer' }).fill('Lone Star');
  await page.getByRole('list', { name: 'Billing customers' }).getByText(CUSTOMER, { exact: true }).click();
  await expect(page.getByRole('heading', { name: CUSTOMER })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Rate sheet / })).toContainText('In effect');

  // A new version starts as a copy of the one in effect.
  await page.getByRole('button', { name: 'New Version', exact: true }).click();
  const form = page.getByRole('form', { name: 'New Version' });
  await expect(form.getByRole('group', { name: 'Labor rate 1' })).toBeVisible();
  await form.getByRole('textbox', { name: 'Rate Sheet Name' }).fill('Lone Star rates with leads');
  await form.getByRole('button', { name: 'Add labor rate' }).click();
  const lead = form.getByRole('group', { name: 'Labor rate 3' });
  await choose(lead, 'Technician', 'Tom Alvarez', 'Tom');
  await lead.getByRole('textbox', { name: 'Employee Type' }).fill('Lead Technician');
  await lead.getByRole('textbox', { name: 'Regular' }).fill('140');
  await lead.getByRole('textbox', { name: 'Overtime' }).fill('210');
  await lead.getByRole('textbox', { name: 'Stand-by' }).fill('70');
  await lead.getByRole('textbox', { name: 'Daily' }).fill('1120');
  await form.getByRole('button', { name: 'Add per diem' }).click();
  await choose(form.getByRole('group', { name: 'Per diem 1' }), 'Per Diem Type', 'Full Day');
  await form.getByRole('group', { name: 'Per diem 1' }).getByRole('textbox', { name: 'Amount' }).fill('55.5');
  await shot(page, 'rate-sheet-editor');
  await form.getByRole('button', { name: 'Save Rate Sheet' }).click();
  await expect(page.getByText('Rate sheet "Lone Star rates with leads" saved.')).toBeVisible();
  const version = page.getByRole('region', { name: 'Rate sheet Lone Star rates with leads' });
  await expect(version.getByRole('table', { name: 'Labor Rates' })).toContainText('Lead Technician');
  await expect(version.getByRole('table', { name: 'Per Diem' })).toContainText('$55.50');
  await expect(version).toContainText('Saved');

  // Sent for approval: the customer's link is read from the e-mail in the outbox.
  await version.getByRole('button', { name: 'Send for approval' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send for approval' });
  await dialog.getByLabel('Send To').fill('ap@lonestar.example');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Rate sheet sent to ap@lonestar.example for approval.')).toBeVisible();
  await expect(version).toContainText('Waiting for the customer');
  const outbox = await call(request, admin, 'POST', 'EmailOutbox/list', { skip: 0, take: 25 });
  const sent = outbox.data.find((m: { subject: string; to: string[] }) => m.subject.startsWith('Please approve your rate sheet') && m.to.includes('ap@lonestar.example'));
  const mail = await call(request, admin, 'GET', `EmailOutbox/${sent.emailOutboxId}`);
  const link = /https?:\/\/\S+\/customerRateSheetApproval\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The customer opens the link on a phone, without signing in, and approves.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const customer = await phone.newPage();
  await customer.goto(new URL(link!).pathname);
  await expect(customer.getByRole('heading', { name: `Rate sheet for ${CUSTOMER}` })).toBeVisible();
  await expect(customer.getByRole('table', { name: 'Labor Rates' })).toContainText('Lead Technician');
  await customer.getByRole('button', { name: 'Decline' }).click();
  await expect(customer.getByText('Your Name field is required!').first()).toBeVisible();
  await customer.getByRole('textbox', { name: 'Your Name' }).fill('Rick Alvarado, accounts payable');
  await shot(customer, 'rate-sheet-approval-phone');
  await customer.getByRole('button', { name: 'Approve Rates' }).click();
  await customer.getByRole('dialog', { name: 'Approve the rates?' }).getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(customer.getByText(/^Approved by Rick Alvarado, accounts payable on /)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Approve Rates' })).toHaveCount(0);
  await phone.close();

  // The office sees the answer on the version.
  await page.reload();
  const approved = page.getByRole('region', { name: 'Rate sheet Lone Star rates with leads' });
  await expect(approved.getByRole('region', { name: 'Customer approval' })).toContainText('approved by Rick Alvarado, accounts payable');
  await expect(approved).toContainText('In effect');
  await shot(page, 'rate-sheet-approved');

  // Tech, on rate sheets, clocks in on Lone Star's work order with the new Employee Type.
  await openAs(page, 'tech', `/workOrder/${WORK_ORDER}/edit`);
  await page.getByRole('button', { name: 'Start Work Order' }).click();
  const start = page.getByRole('dialog', { name: `Start Work Order ${WORK_ORDER}` });
  await choose(start, 'Employee Type', 'Lead Technician');
  await start.getByRole('button', { name: 'Save' }).click();
  await expect(start).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop Work Order' })).toBeVisible();

  // Put back what this test changed: tech clocked out and Off Duty, the company not asking approval.
  const tech = await tokenOf(request, 'tech');
  const { workOrderId } = await call(request, tech, 'GET', `WorkOrder/${WORK_ORDER}`);
  const view = await call(request, tech, 'POST', 'WOStartStop/getStartWOViewData', { workOrderId });
  expect(view.rateSheetLaborItems.find((i: { serviceTechnicianId: number }) => i.serviceTechnicianId === view.serviceTechnicianId)?.employeeType).toBe('Lead Technician');
  await call(request, tech, 'POST', 'WOStartStop/clockOutWorkOrder', {
    workOrderId, workOrderLaborId: view.workOrderLaborId, description: 'Checked the fryer thermostat.', userStatusId: 10, workOrderStatusId: 13, serviceTechnicianId: view.serviceTechnicianId,
  });
  const put = await request.fetch('/api/v1/RateSheet/settings', { method: 'PUT', data: { isApprovalRequired: false }, headers: { Authorization: `Bearer ${admin}` } });
  expect(put.ok()).toBe(true);
});

test('a rate sheet link that does not exist says so, without signing in', async ({ page }) => {
  await page.goto('/customerRateSheetApproval/not-a-real-link');
  await expect(page.getByRole('alert')).toContainText('This approval link is not valid. Ask the company that sent it for a new one.');
});
