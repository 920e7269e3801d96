import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './axe-check';
import { mailboxOfGroup } from './mail';
import { choose, NEXT_YEAR, shot } from './page-actions';
import { openAs, signIn } from './session';
import { callAsPage as call } from './api';

// The customer portal through an e-mailed link. The office makes its own customer (a billing customer with a contact,
// a work order with a quote submitted to the customer, and an invoiced work order), sends the contact a portal link
// from the customer page after confirming, and the link is read from the real SMTP server of this group. The contact
// opens it on a phone, with no sign-in: the quote waits first, is approved after a confirmation, and the invoice
// shows its balance and PDF. The office then sees the quote approved, and revokes the link: the portal says so.

const PHONE = { width: 390, height: 844 };
const NAME = 'Bayside Bakery Co.';
const CONTACT = 'Rosa Delgado';
const ADDRESS = 'rosa@baysidebakery.example';

const mailbox = mailboxOfGroup();
test.describe.configure({ mode: 'serial' });

/** The customer, its contact, a work order with a submitted quote (one line: 1 × 213.70 at 50% = 320.55) and an invoice. */
async function bakery(page: Page) {
  const { customerId } = await call(page, 'POST', 'Customer/create', { name: NAME, address: '12 Bayside Ave', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true });
  await call(page, 'POST', 'Contacts/create', { customerId, name: CONTACT, email: ADDRESS, isPrimary: true });
  const quoted = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Proofing cabinet not heating' });
  const { quoteNumber } = await call(page, 'POST', 'Quotes/create', { workOrderId: quoted.workOrderId });
  await call(page, 'POST', `Quotes/${quoteNumber}/1/lines`, { kind: 'material', description: 'Proofer heating element', quantity: 1, unitCost: 213.7, markupPercent: 50 });
  await call(page, 'PUT', `Quotes/${quoteNumber}/1/status`, { quoteStatus: 'Submitted' });
  const billed = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Oven door hinge' });
  const invoice = await call(page, 'POST', 'Invoice/submit', { workOrderId: billed.workOrderId, quotedValues: [{ description: 'Oven door hinge replaced', amount: 185 }] });
  return { customerId: customerId as number, quoteNumber: quoteNumber as number, invoiceNumber: invoice.invoiceNumber as number };
}

test('a contact opens the portal from the e-mailed link on a phone and approves a quote; the office sees it approved', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', '/home');
  const made = await bakery(page);

  await page.goto(`/customer/${made.customerId}`);
  const section = page.getByRole('region', { name: 'Customer portal' });
  await expect(section.getByText('No portal link sent yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Send portal link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send portal link' });
  await expect(dialog).toContainText('works for 30 days');
  await choose(dialog, 'Contact', `${CONTACT} (${ADDRESS})`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('listitem').filter({ hasText: CONTACT });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('not opened yet');
  await shot(page, 'customer-portal-links-1366');
  await page.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'customer-portal-links-390', { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });

  const link = await mailbox.linkTo(ADDRESS, /service portal/);
  expect(link).toMatch(/\/customerPortal\/[A-Za-z0-9_-]{43}$/);

  // The contact, on a phone, signed in nowhere.
  const phone = await browser.newContext({ viewport: PHONE });
  const customer = await phone.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(customer.getByText(`For ${CONTACT}`)).toBeVisible();
  const quote = customer.getByRole('article', { name: `Quote ${made.quoteNumber}` });
  await expect(quote).toContainText('Waiting for your answer');
  await expect(quote).toContainText('Proofer heating element');
  await expect(quote).toContainText('Total $320.55');
  await expect(quote).not.toContainText('213.7');
  const width = await customer.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await shot(customer, 'customer-portal-quotes-390');
  await quote.getByRole('button', { name: 'Approve' }).click();
  const confirmDialog = customer.getByRole('dialog', { name: 'Approve quote' });
  await expect(confirmDialog).toContainText('$320.55');
  await confirmDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(quote).toContainText('Approved');
  await expect(quote.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await customer.getByRole('tab', { name: 'Invoices' }).click();
  const invoice = customer.getByRole('article', { name: `Invoice ${made.invoiceNumber}` });
  await expect(invoice).toContainText('Balance $185.00');
  const pdf = invoice.getByRole('link', { name: `Invoice ${made.invoiceNumber} PDF` });
  const answer = await customer.request.get((await pdf.getAttribute('href'))!);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  await shot(customer, 'customer-portal-invoices-390');
  await customer.getByRole('tab', { name: 'Work orders' }).click();
  await expect(customer.getByRole('article').filter({ hasText: 'Proofing cabinet not heating' })).toContainText('Quote Approved');
  await shot(customer, 'customer-portal-work-orders-390');

  // The office sees the answer on the quote, then withdraws the link after confirming.
  await page.goto(`/quotes/${made.quoteNumber}/1/view`);
  await expect(page.getByText('Approved by Rosa Delgado in the customer portal.')).toBeVisible();
  await page.goto(`/customer/${made.customerId}`);
  await expect(row).toContainText('last opened');
  await row.getByRole('button', { name: `Revoke the portal link of ${CONTACT}` }).click();
  await page.getByRole('dialog', { name: 'Revoke portal link' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await customer.reload();
  await expect(customer.getByRole('alert')).toContainText('This portal link was withdrawn by the company that sent it.');
  await shot(customer, 'customer-portal-revoked-390');
  await phone.close();
});

test('a contact reads the equipment and signed tickets in the portal and approves a maintenance contract; the office sees it approved', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', '/home');
  const { customerId } = await call(page, 'POST', 'Customer/create', { name: 'Harbor Creamery', address: '8 Pier Rd', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true });
  const { contactId } = await call(page, 'POST', 'Contacts/create', { customerId, name: 'Lee Park', email: 'lee@harborcreamery.example', isPrimary: true });
  const choices = await call(page, 'GET', 'Equipment/choices');
  const piece = await call(page, 'POST', 'Equipment', { customerId, name: 'Blast freezer', categoryId: choices.categories[0].id, serialNumber: 'BF-7781', installedOn: '2024-03-01', warrantyEndsOn: '2029-03-01', notes: 'Key under the mat' });
  const frequencyId = (await call(page, 'GET', 'PmContract/choices')).frequencies[0].id;
  const contract = await call(page, 'POST', 'PmContract', { customerId, name: 'Creamery cold-chain care', frequencyId, equipment: [{ equipmentId: piece.equipmentId }], price: 1440, priceBasis: 'year', startsOn: `${NEXT_YEAR}-01-01`, endsOn: `${NEXT_YEAR}-12-31` });
  await call(page, 'POST', `PmContract/${contract.pmContractId}/sendForApproval`, { email: 'lee@harborcreamery.example' });
  const signed = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Ice cream case frosting over' });
  // A 300 x 200 PNG as the signature pad sends it.
  const png = await page.evaluate(() => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 300, height: 200 });
    const pen = canvas.getContext('2d')!;
    pen.moveTo(20, 150);
    pen.lineTo(280, 40);
    pen.stroke();
    return canvas.toDataURL('image/png');
  });
  await call(page, 'POST', `WorkOrder/${signed.workOrderId}/signature`, { signerName: 'Lee Park', png });
  const { path } = await call(page, 'POST', `Customer/${customerId}/portalLinks`, { contactId });

  const phone = await browser.newContext({ viewport: PHONE });
  const customer = await phone.newPage();
  await customer.goto(path);
  await customer.getByRole('tab', { name: 'Work orders' }).click();
  await expect(customer.getByRole('article').filter({ hasText: 'Ice cream case frosting over' })).toContainText('Ticket signed by Lee Park');
  await customer.getByRole('tab', { name: 'Equipment (1)' }).click();
  const card = customer.getByRole('article', { name: 'Contract Creamery cold-chain care' });
  await expect(card).toContainText('Waiting for your answer');
  await expect(card).toContainText('$1,440.00 per year');
  await expect(card).toContainText('Blast freezer');
  const freezer = customer.getByRole('article', { name: 'Equipment Blast freezer' });
  await expect(freezer).toContainText('Serial BF-7781');
  await expect(freezer).not.toContainText('Key under the mat');
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(customer, 'customer-portal-equipment-390');
  await expectAccessible(customer, 'the portal\'s equipment tab');
  await card.getByRole('button', { name: 'Decline' }).click();
  const decline = customer.getByRole('dialog', { name: 'Decline "Creamery cold-chain care"' });
  await decline.getByRole('button', { name: 'Decline contract' }).click();
  await expect(decline).toContainText('Say why you decline, so the company can answer.');
  await decline.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = customer.getByRole('dialog', { name: 'Approve "Creamery cold-chain care"' });
  await expect(approve.getByRole('textbox', { name: 'Your Name' })).toHaveValue('Lee Park');
  await expectAccessible(customer, 'the approve contract dialog');
  await approve.getByRole('button', { name: 'Approve contract' }).click();
  await expect(approve).toBeHidden();
  await expect(card).toContainText('Approved by Lee Park');
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(customer.getByRole('tab', { name: 'Equipment', exact: true })).toBeVisible();
  await phone.close();

  const office = await call(page, 'GET', `PmContract/${contract.pmContractId}`);
  expect(office).toMatchObject({ status: 'approved', approverName: 'Lee Park' });
});

// An 8 × 8 PNG, as a phone's camera would hand one to the form (content checked by the server, thumbnailed for the office).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQyVuCFTEMLQkAXntLgXw/Nz4AAAAASUVORK5CYII=';

test('a contact requests service with a photo on a phone; the office sees the new work order with the photo among its files', async ({ page, browser }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', '/home');
  const { customerId } = await call(page, 'POST', 'Customer/create', { name: 'Harbor Deli LLC', address: '40 Pier Rd', city: 'Dallas', state: 'TX', zip: '75202', isBillingCustomer: true });
  const { contactId } = await call(page, 'POST', 'Contacts/create', { customerId, name: 'Lee Park', email: 'lee@harbordeli.example', isPrimary: true });
  const sent = await call(page, 'POST', `Customer/${customerId}/portalLinks`, { contactId });
  const photoPath = testInfo.outputPath('walk-in-cooler.png');
  await writeFile(photoPath, Buffer.from(PNG, 'base64'));

  const phone = await browser.newContext({ viewport: PHONE, baseURL: testInfo.project.use.baseURL });
  const customer = await phone.newPage();
  await customer.goto(sent.path);
  await customer.getByRole('button', { name: 'Request service' }).click();
  const form = customer.getByRole('dialog', { name: 'Request service' });
  await expect(form.getByLabel('Location')).toHaveValue(String(customerId));
  const picker = form.locator('input[type="file"]');
  await expect(picker).toHaveAttribute('accept', 'image/*');
  await expect(picker).not.toHaveAttribute('capture', /.*/);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Problem description field is required!')).toBeVisible();
  await form.getByLabel('What is the problem?').fill('Walk-in cooler reads 48°F since this morning');
  await form.getByLabel('Preferred day and time').fill('Weekday mornings before 11');
  await form.getByLabel('Contact phone').fill('(214) 555 0177');
  await picker.setInputFiles([photoPath, photoPath]);
  await expect(form.getByRole('listitem')).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(form.getByRole('img', { name: 'Photo 1: walk-in-cooler.png' })).toBeVisible();
  await expect(form.getByRole('listitem')).toHaveCount(1);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(customer, 'customer-portal-request-390');
  await expectAccessible(customer, 'the request service form');
  await form.getByRole('button', { name: 'Send request' }).click();
  const done = customer.getByRole('dialog', { name: 'Request sent' });
  await expect(done).toContainText('with 1 photo');
  const number = /work order (\d+)/.exec((await done.getByRole('status').textContent()) ?? '')?.[1];
  expect(number).toMatch(/^\d+$/);
  await shot(customer, 'customer-portal-request-sent-390');
  await done.getByRole('button', { name: 'Done' }).click();
  await customer.getByRole('tab', { name: 'Work orders' }).click();
  const card = customer.getByRole('article', { name: `Work order ${number}` });
  await expect(card).toContainText('ToDo');
  await expect(card).toContainText('Requested through the customer portal by Lee Park (214-555-0177).');
  await phone.close();

  // The office opens the new work order: the photo is among its files, with the thumbnail the server made.
  await page.goto(`/workOrder/${number}/edit`);
  const tile = page.getByTestId('attachments').locator('[data-testid="file-tile"][data-file-name="Service request photo 1.png"]');
  await expect(tile).toBeVisible();
  await expect.poll(() => tile.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'customer-portal-request-office-1366');
});

test('a contact asks for a sign-in from the portal; the office grants it; the contact sets a password, signs in and reads the portal', async ({ page, browser }) => {
  const who = { name: 'Omar Haddad', email: 'omar@harborcafe.example', password: 'harbor-walk-in-42' };
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'admin', '/home');
  const { customerId } = await call(page, 'POST', 'Customer/create', { name: 'Harbor Cafe LLC', address: '8 Pier Rd', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true });
  const { contactId } = await call(page, 'POST', 'Contacts/create', { customerId, name: who.name, email: who.email, isPrimary: true });
  await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Ice machine leaking' });
  await call(page, 'POST', `Customer/${customerId}/portalLinks`, { contactId });
  const link = await mailbox.linkTo(who.email, /service portal/);

  // The contact, on a phone, asks for a sign-in of their own.
  const phone = await browser.newContext({ viewport: PHONE });
  const contact = await phone.newPage();
  await contact.goto(link);
  await expect(contact.getByRole('heading', { name: 'Harbor Cafe LLC' })).toBeVisible();
  await contact.getByRole('link', { name: 'Get a sign-in' }).click();
  const form = contact.getByRole('form', { name: 'Ask for a sign-in' });
  await form.getByLabel('Name').fill(who.name);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Message').fill('I look after our two cafes.');
  await expectAccessible(contact, 'the sign-in request form');
  await shot(contact, 'customer-access-request-390');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(contact.getByRole('status')).toContainText('Your request was sent to');

  // The office grants it on the customer page.
  await page.goto(`/customer/${customerId}`);
  const section = page.getByRole('region', { name: 'Customer users' });
  const request = section.getByRole('listitem', { name: `Request of ${who.name}` });
  await expect(request).toContainText('I look after our two cafes.');
  await shot(page, 'customer-users-request-1366');
  await request.getByRole('button', { name: `Grant a sign-in to ${who.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Grant a sign-in to ${who.name}` });
  await expect(dialog.getByRole('textbox', { name: 'User Name' })).toHaveValue(who.email);
  await dialog.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText(`${who.name} was invited to choose a password (${who.email}).`)).toBeVisible();
  await expect(section.getByRole('listitem', { name: `Customer user ${who.name}` })).toContainText('Invited');
  await shot(page, 'customer-users-granted-1366');

  // The invitation from the mail server; the contact chooses a password, signs in and lands on the portal.
  const invitation = await mailbox.linkTo(who.email, /invit/i);
  expect(invitation).toMatch(/\/users\/acceptInvitation\/[A-Za-z0-9_-]{43}$/);
  await contact.goto(invitation);
  const password = contact.getByRole('form', { name: 'Save Password' });
  await password.getByLabel(/^New Password/).fill(who.password);
  await password.getByLabel(/^Confirm Password/).fill(who.password);
  await password.getByRole('button', { name: 'Save Password' }).click();
  await expect(contact.getByRole('status')).toContainText(`as ${who.email} with your new password.`);
  await contact.getByRole('link', { name: 'Go to Sign In' }).click();
  await signIn(contact, who.email, who.password);
  await expect(contact).toHaveURL(/\/customerPortal$/);
  await expect(contact.getByRole('heading', { name: 'Harbor Cafe LLC' })).toBeVisible();
  await expect(contact.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await contact.getByRole('tab', { name: 'Work orders' }).click();
  await expect(contact.getByRole('article').filter({ hasText: 'Ice machine leaking' })).toBeVisible();
  const width = await contact.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(contact, 'the signed-in portal');
  await shot(contact, 'customer-portal-signed-in-390');
  // An office page sends a customer user back to their portal.
  await contact.goto('/home');
  await expect(contact).toHaveURL(/\/customerPortal$/);
  await phone.close();
});
