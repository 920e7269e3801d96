import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './fixtures';
import { mailboxOfGroup } from './mail';
import { choose, shot } from './page-actions';
import { signIn } from './session';
import { fillSignUpForm, type NewCompany } from './sign-up-form';

// A company that has never seen the demo starts on its own (issue 27, "Done when"): on a server with an empty database
// and public sign-up open, it registers, confirms its address by the e-mailed link, imports its customers, invites a
// technician, gives a customer a rate sheet the customer approves by its e-mailed link, and the technician sets his
// password, signs in on a phone and clocks in on a work order for an imported customer. Every e-mail is read from the
// SMTP server this file starts where the group's server sends its mail.
const mail = mailboxOfGroup();

const COMPANY: NewCompany = {
  companyName: 'Bluebonnet Refrigeration', timeZone: { search: 'Chicago', option: 'America/Chicago' }, street: '2210 Commerce St', city: 'Dallas', state: 'tx', zip: '75201',
  name: 'Dana Whitlock', email: 'dana@bluebonnet-refrigeration.example', userName: 'dwhitlock',
};
const PASSWORD = 'ice-machines-at-noon';
const TECH = { name: 'Eli Navarro', userName: 'enavarro', email: 'eli@bluebonnet-refrigeration.example', password: 'defrost-timer-reset' };
const PHONE = { width: 390, height: 844 };
const DALLAS = { latitude: 32.78, longitude: -96.8 };

// The customer list: 50 rows, two of them bad. Row 17 has no name; row 34 is a good customer whose location has a bad
// zip, so nothing of it may be written. The header is line 1 of the file.
const HEADER = 'External ID,Name,Address,City,State,Zip,Phone,Email,Location External ID,Location Name,Location Address,Location City,Location State,Location Zip';
const goodRow = (n: number) =>
  `BB-${n},Trinity Grill ${n},${100 + n} Main St,Dallas,TX,75201,214-555-${String(1000 + n)},ap${n}@trinitygrill.example,BB-${n}-K,Trinity Grill ${n} Kitchen,${200 + n} Elm St,Dallas,TX,75202`;
const ROWS = Array.from({ length: 50 }, (_, i) => i + 1).map((n) =>
  n === 17 ? `BB-17,,117 Main St,Dallas,TX,75201,,,,,,,,` : n === 34 ? `BB-34,Half Written Cafe,134 Main St,Dallas,TX,75201,,,BB-34-K,Half Written Cafe Kitchen,234 Elm St,Dallas,TX,752` : goodRow(n),
);
const CUSTOMER = 'Trinity Grill 7';
const SITE = 'Trinity Grill 7 Kitchen';
const CUSTOMER_AP = 'ap7@trinitygrill.example';

const gridRange = (page: Page) => page.getByText(/^\d+ - \d+ of \d+$/);

/** Filters a grid's column through its filter button: a text typed, or an option of a yes/no column chosen. */
async function filterColumn(page: Page, title: string, value: string, { choice = false } = {}) {
  await page.getByRole('button', { name: `Filter ${title}` }).click();
  const form = page.getByRole('form', { name: `Filter ${title}` });
  if (choice) await choose(form, 'Value', value);
  else await form.getByLabel('Value').fill(value);
  await form.getByRole('button', { name: 'Apply' }).click();
}

/** Adds an option of a Mantine multi-select (clicking the box around its pills), then closes it. */
async function pick(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.locator('.mantine-MultiSelect-input', { has: page.getByRole('combobox', { name: label }) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('a new company registers, imports its customers, invites a technician, has a rate sheet approved, and the technician clocks in on a phone', async ({ page, browser, baseURL }) => {
  await test.step('the company registers and confirms its address by the e-mailed link', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create a company account' }).click();
    const form = await fillSignUpForm(page, COMPANY, PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const link = await mail.linkTo(COMPANY.email, `Confirm your e-mail address for ${COMPANY.companyName}`);
    expect(link.startsWith(`${baseURL}/register/confirm/`), link).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('status')).toContainText(`${COMPANY.companyName} is ready. Sign in as ${COMPANY.userName}.`);
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await signIn(page, COMPANY.userName, PASSWORD);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });

  await test.step('50 customers are imported from a CSV: the two bad rows are reported first and nothing of them is written', async () => {
    await page.goto('/customer');
    await expect(page.getByRole('table', { name: 'Customers' }).getByText('No records found')).toBeVisible();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import customers' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'bluebonnet-customers.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...ROWS].join('\r\n')) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('50 rows')).toBeVisible();
    await expect(dialog.getByText('48 to create')).toBeVisible();
    await expect(dialog.getByText('2 rejected')).toBeVisible();
    const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
    await expect(rejected.getByRole('row', { name: /^18 .*Name field is required!/ })).toBeVisible();
    await expect(rejected.getByRole('row', { name: /^35 .*Location Zip must be 5 digits/ })).toBeVisible();
    await shot(page, 'import-preview');

    await dialog.getByRole('button', { name: 'Import 48 rows' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Done: 48 created, 0 updated, 2 rejected.');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download rejected rows' }).click()]);
    const report = (await readFile(await download.path())).toString().trim().split('\r\n');
    expect(report).toEqual([`Line,Error,${HEADER}`, `18,Name field is required!,${ROWS[16]}`, expect.stringMatching(/^35,"?Location Zip must be 5 digits/)]);
    expect(report[2].endsWith(ROWS[33])).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // 48 billing customers, each with its service location; nothing of the row whose location was refused.
    await page.reload();
    await expect(gridRange(page)).toHaveText('1 - 25 of 96');
    await filterColumn(page, 'Billing Customer', 'Yes', { choice: true });
    await expect(gridRange(page)).toHaveText('1 - 25 of 48');
    await filterColumn(page, 'Name', 'Half Written');
    await expect(page.getByRole('table', { name: 'Customers' }).getByText('No records found')).toBeVisible();
  });

  let invitation = '';
  await test.step('a technician is invited, and works on rate sheets', async () => {
    await page.goto('/administration/users');
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(TECH.name);
    await dialog.getByRole('textbox', { name: 'User Name' }).fill(TECH.userName);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(TECH.email);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('2145550142');
    await pick(page, dialog, 'Roles', 'Technician');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${TECH.name} at ${TECH.email}.`)).toBeVisible();
    invitation = await mail.linkTo(TECH.email, /invit/i);
    expect(invitation.startsWith(`${baseURL}/users/acceptInvitation/`), invitation).toBe(true);

    await page.locator('.mantine-SegmentedControl-root').getByText('Invited', { exact: true }).click();
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: TECH.name }).click();
    const details = page.getByRole('form', { name: 'User details' });
    await details.getByRole('checkbox', { name: 'Works on rate sheets' }).check();
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${TECH.name} saved.`)).toBeVisible();
  });

  await test.step('an imported customer gets a rate sheet, approved by the customer through the e-mailed link', async () => {
    await page.goto('/administration/account-settings/rateSheet');
    const asksApproval = page.getByRole('switch', { name: /Ask customers to approve rate sheets/ });
    await expect(asksApproval).toBeEnabled();
    await expect(asksApproval).not.toBeChecked();
    await asksApproval.click();
    await expect(page.getByText('Rate sheets now take effect once the customer approves them.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Billing customer' }).fill(CUSTOMER);
    await page.getByRole('list', { name: 'Billing customers' }).getByText(CUSTOMER, { exact: true }).click();
    await expect(page.getByRole('heading', { name: CUSTOMER })).toBeVisible();
    await expect(page.getByText('No rate sheet yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Set Up Rate Sheet' }).click();
    const form = page.getByRole('form', { name: 'New Version' });
    await form.getByRole('button', { name: 'Add labor rate' }).click();
    const labor = form.getByRole('group', { name: 'Labor rate 1' });
    await choose(labor, 'Technician', TECH.name, 'Eli');
    await expect(labor.getByRole('textbox', { name: 'Employee Type' })).toHaveValue('Service Technician');
    await labor.getByRole('textbox', { name: 'Regular' }).fill('125');
    await labor.getByRole('textbox', { name: 'Overtime' }).fill('187.50');
    await labor.getByRole('textbox', { name: 'Stand-by' }).fill('60');
    await labor.getByRole('textbox', { name: 'Daily' }).fill('1000');
    await form.getByRole('button', { name: 'Save Rate Sheet' }).click();
    await expect(page.getByText(`Rate sheet "${CUSTOMER} rates" saved.`)).toBeVisible();
    const version = page.getByRole('region', { name: `Rate sheet ${CUSTOMER} rates` });
    await expect(version.getByRole('table', { name: 'Labor Rates' })).toContainText(TECH.name);

    await version.getByRole('button', { name: 'Send for approval' }).click();
    const send = page.getByRole('dialog', { name: 'Send for approval' });
    // The imported customer has no contacts: its own address, from the file, is offered.
    await expect(send.getByLabel('Send To')).toHaveValue(CUSTOMER_AP);
    await send.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`Rate sheet sent to ${CUSTOMER_AP} for approval.`)).toBeVisible();
    await expect(version).toContainText('Waiting for the customer');

    const link = await mail.linkTo(CUSTOMER_AP, /approve/i);
    expect(link, link).toMatch(new RegExp(`^${baseURL}/customerRateSheetApproval/[A-Za-z0-9_-]{43}$`));
    const outside = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
    const customer = await outside.newPage();
    await customer.goto(link);
    await expect(customer.getByRole('heading', { name: `Rate sheet for ${CUSTOMER}` })).toBeVisible();
    await expect(customer.getByRole('table', { name: 'Labor Rates' })).toContainText('$125.00');
    await customer.getByRole('textbox', { name: 'Your Name' }).fill('Marisol Vega, accounts payable');
    await shot(customer, 'rate-sheet-approval-phone');
    await customer.getByRole('button', { name: 'Approve Rates' }).click();
    await customer.getByRole('dialog', { name: 'Approve the rates?' }).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(customer.getByText(/^Approved by Marisol Vega, accounts payable on /)).toBeVisible();
    await outside.close();

    // The office is told by e-mail; its link opens the version, now in effect.
    const told = await mail.linkTo(COMPANY.email, `${CUSTOMER} approved rate sheet`);
    await page.goto(told);
    const approved = page.getByRole('region', { name: `Rate sheet ${CUSTOMER} rates` });
    await expect(approved.getByRole('region', { name: 'Customer approval' })).toContainText('approved by Marisol Vega, accounts payable');
    await expect(approved).toContainText('In effect');
  });

  let workOrderNumber = '';
  await test.step("the office opens a work order at the customer's kitchen and assigns the technician", async () => {
    await page.goto('/workOrder/all');
    await page.getByRole('link', { name: 'New Work Order' }).click();
    await expect(page.getByRole('heading', { name: 'New Work Order' })).toBeVisible();
    await choose(page, 'Customer', new RegExp(`^${SITE}`), SITE);
    await expect(page.getByTestId('billing-customer')).toHaveText(CUSTOMER);
    await page.getByLabel('Problem').fill('Walk-in freezer at 20°F, evaporator iced over');
    await pick(page, page, 'Technicians', TECH.name);
    await page.getByRole('button', { name: 'Create Work Order' }).click();
    await expect(page).toHaveURL(/\/workOrder\/\d+\/edit$/);
    workOrderNumber = /\/workOrder\/(\d+)\/edit$/.exec(page.url())![1];
    await expect(page.getByRole('heading', { name: `Work Order ${workOrderNumber}` })).toBeVisible();
  });

  await test.step('the technician sets his password from the invitation, signs in on a phone and clocks in', async () => {
    const phone = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, geolocation: DALLAS, permissions: ['geolocation'] });
    const tech = await phone.newPage();
    await tech.goto(invitation);
    const form = tech.getByRole('form', { name: 'Save Password' });
    await form.getByLabel(/^New Password/).fill(TECH.password);
    await form.getByLabel(/^Confirm Password/).fill(TECH.password);
    await form.getByRole('button', { name: 'Save Password' }).click();
    await expect(tech.getByRole('status')).toContainText(`Sign in to ${COMPANY.companyName} as ${TECH.userName} with your new password.`);
    await tech.getByRole('link', { name: 'Go to Sign In' }).click();
    await signIn(tech, TECH.userName, TECH.password);
    await expect(tech).toHaveURL(/\/workOrder\/mine$/);

    const card = tech.getByRole('list', { name: 'My work orders' }).getByRole('listitem').filter({ hasText: workOrderNumber });
    await expect(card).toContainText(SITE);
    await card.getByRole('link', { name: workOrderNumber }).click();
    await expect(tech.getByRole('heading', { name: `Work Order ${workOrderNumber}` })).toBeVisible();
    await tech.getByRole('button', { name: 'Start Work Order' }).click();
    const start = tech.getByRole('dialog', { name: `Start Work Order ${workOrderNumber}` });
    await choose(start, 'Employee Type', 'Service Technician');
    await start.getByRole('button', { name: 'Save' }).click();
    await expect(start).toBeHidden();
    await expect(tech.getByRole('button', { name: 'Stop Work Order' })).toBeVisible();
    const labor = tech.locator('[data-testid="labor-entry"][data-open="true"]');
    await expect(labor).toContainText(TECH.name);
    await expect(labor).toContainText('Service Technician');
    await expect(tech.getByRole('combobox', { name: 'Work status' })).toHaveValue('On Site');
    expect(await tech.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(tech, 'technician-clocked-in-phone');
    await phone.close();
  });
});
