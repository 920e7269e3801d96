import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { moneyText } from '@sm/shared';
import { expectAccessible } from './axe-check';
import { mailboxOfGroup } from './mail';
import { choose, shot, toastGone } from './page-actions';
import { noticesLive, openAs } from './session';
import { callAsPage as call, daysBefore } from './api';

// One customer from the portal link to the paid invoice, in a row. The office makes its own customer with a contact, a
// quote submitted to it, and an e-mail template for 31-60 days past due whose tasks go to the dispatcher. The office
// e-mails the contact a portal link, read from this group's SMTP server; the contact opens it on a phone, approves the
// quote after confirming and requests service with a photo; the office is told of both and finds them. An invoice of
// the customer 45 days past due then has "Send statements now" e-mail exactly one statement with its PDF, and a second
// run none; "Make today's tasks" gives the dispatcher a task she sees as hers; a payment clears the customer's aging.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const NAME = 'Juniper Lane Bistro';
const CONTACT = 'Noor Haddad';
const ADDRESS = 'noor@juniperlanebistro.example';
const AMOUNT = 356.8;
const TEMPLATE = 'Juniper journey statement';
const SUBJECT = /^Statement of Juniper Lane Bistro/;
// An 8 × 8 PNG, as a phone's camera would hand one to the form.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQyVuCFTEMLQkAXntLgXw/Nz4AAAAASUVORK5CYII=';

const mailbox = mailboxOfGroup();
test.describe.configure({ mode: 'serial' });

/** The statements (a PDF attached, the template's subject) the SMTP server received for the contact so far. */
const statementsTo = (address: string) =>
  mailbox.received.filter((m) => (m.to && 'text' in m.to ? m.to.text : '').includes(address) && SUBJECT.test(m.subject ?? '') && m.attachments.some((a) => a.contentType === 'application/pdf'));

/** The customer, its contact, a work order with a submitted quote, the 31-60 days e-mail and the dispatcher's assignment of that bucket. */
async function prepare(page: Page) {
  const { customerId } = await call(page, 'POST', 'Customer/create', { name: NAME, address: '77 Juniper Ln', city: 'Dallas', state: 'TX', zip: '75204', isBillingCustomer: true });
  await call(page, 'POST', 'Contacts/create', { customerId, name: CONTACT, email: ADDRESS, isPrimary: true });
  const quoted = await call(page, 'POST', 'WorkOrder/create', { customerId, problem: 'Reach-in cooler compressor short-cycling' });
  const { quoteNumber } = await call(page, 'POST', 'Quotes/create', { workOrderId: quoted.workOrderId });
  await call(page, 'POST', `Quotes/${quoteNumber}/1/lines`, { kind: 'material', description: 'Start relay and capacitor kit', quantity: 1, unitCost: 120, markupPercent: 50 });
  await call(page, 'PUT', `Quotes/${quoteNumber}/1/status`, { quoteStatus: 'Submitted' });
  const template = await call(page, 'POST', 'CollectionTemplates', {
    name: TEMPLATE, bucket: 'days31to60', isActive: true,
    subject: 'Statement of {{customerName}}: {{oldestDaysPastDue}} days past due',
    body: 'Dear {{customerName}},\n\n{{pastDue}} of {{balance}} is past due as of {{statementDate}}. The statement is attached.',
  });
  const people = (await call(page, 'GET', 'ReferenceList/collectionTaskAssignments/users')) as { id: number; name: string }[];
  const dispatcher = people.find((p) => p.name === 'Dana Whitfield')!;
  const assignment = await call(page, 'POST', 'ReferenceList/collectionTaskAssignments', { name: 'Juniper past-due accounts', bucket: 'days31to60', userId: dispatcher.id, isActive: true });
  return { customerId: customerId as number, quoteNumber: quoteNumber as number, templateId: template.collectionTemplateId as number, assignmentId: assignment.id as number };
}

const rowOf = (page: Page, name: string) => page.getByTestId('aging-row').and(page.locator(`[data-customer="${name}"]`));

/** Presses "Send statements now", answers its question, and waits for the toast that says how the run ended. */
async function sendStatements(page: Page, said: string, check?: () => Promise<void>) {
  await page.getByRole('button', { name: 'Send statements now' }).click();
  const question = page.getByRole('dialog', { name: 'Send statements now' });
  await expect(question).toContainText('E-mail a statement to every customer with something past due that has not had one for its current bucket?');
  await check?.();
  await question.getByRole('button', { name: 'Send statements' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: said })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send statements now' })).toBeEnabled();
  await toastGone(page, said);
}

test('a customer from the portal link to a paid statement: quote approved and service requested on a phone, statements sent now once, a task for its person, paid', async ({ page, browser }, testInfo) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  await openAs(page, 'admin', '/home');
  const made = await prepare(page);

  // The office e-mails the contact a portal link from the customer's page.
  await page.goto(`/customer/${made.customerId}`);
  await noticesLive(page);
  const section = page.getByRole('region', { name: 'Customer portal' });
  await section.getByRole('button', { name: 'Send portal link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send portal link' });
  await choose(dialog, 'Contact', `${CONTACT} (${ADDRESS})`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('listitem').filter({ hasText: CONTACT })).toContainText('Active');
  const link = await mailbox.linkTo(ADDRESS, /service portal/);

  // The contact, on a phone and signed in nowhere, approves the quote after its confirmation, then asks for service with a photo.
  const phone = await browser.newContext({ viewport: PHONE, baseURL: testInfo.project.use.baseURL });
  const customer = await phone.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: NAME })).toBeVisible();
  const quote = customer.getByRole('article', { name: `Quote ${made.quoteNumber}` });
  await expect(quote).toContainText('Waiting for your answer');
  await expect(quote).toContainText('Total $180.00');
  await quote.getByRole('button', { name: 'Approve' }).click();
  const approve = customer.getByRole('dialog', { name: 'Approve quote' });
  await expect(approve).toContainText('$180.00');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(quote).toContainText('Approved');
  await expect(page.getByRole('alert').filter({ hasText: `${CONTACT} of ${NAME} approved quote ${made.quoteNumber} in the customer portal.` })).toBeVisible();

  const photoPath = testInfo.outputPath('reach-in-cooler.png');
  await writeFile(photoPath, Buffer.from(PNG, 'base64'));
  await customer.getByRole('button', { name: 'Request service' }).click();
  const form = customer.getByRole('dialog', { name: 'Request service' });
  await form.getByLabel('What is the problem?').fill('Ice machine bin will not fill');
  await form.getByLabel('Contact phone').fill('(214) 555 0190');
  await form.locator('input[type="file"]').setInputFiles(photoPath);
  await expect(form.getByRole('img', { name: 'Photo 1: reach-in-cooler.png' })).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(customer, 'customer-journey-request-390');
  await form.getByRole('button', { name: 'Send request' }).click();
  const done = customer.getByRole('dialog', { name: 'Request sent' });
  await expect(done).toContainText('with 1 photo');
  const number = /work order (\d+)/.exec((await done.getByRole('status').textContent()) ?? '')?.[1];
  expect(number).toMatch(/^\d+$/);
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${CONTACT} of ${NAME} requested service in the customer portal: work order ${number} with 1 photo.` })).toBeVisible();
  await phone.close();

  // The office finds the quote approved and the new work order with the photo among its files.
  await page.goto(`/quotes/${made.quoteNumber}/1/view`);
  await expect(page.getByText(`Approved by ${CONTACT} in the customer portal.`)).toBeVisible();
  await page.goto(`/workOrder/${number}/edit`);
  const tile = page.getByTestId('attachments').locator('[data-testid="file-tile"][data-file-name="Service request photo 1.png"]');
  await expect(tile).toBeVisible();
  await expect.poll(() => tile.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // An invoice of the customer is 45 days past due (due on receipt): 31-60 days.
  const { asOf } = await call(page, 'GET', 'Collection/aging?take=1');
  const billed = await call(page, 'POST', 'WorkOrder/create', { customerId: made.customerId, problem: 'Walk-in door heater' });
  const invoice = await call(page, 'POST', 'Invoice/submit', { workOrderId: billed.workOrderId, invoiceDate: daysBefore(asOf, 45), quotedValues: [{ description: 'Door heater wire replaced', amount: AMOUNT }] });
  await page.goto('/collection');
  await page.getByRole('textbox', { name: 'Customer' }).fill(NAME);
  const row = rowOf(page, NAME);
  await expect(row.locator('[data-bucket="days31to60"]')).toHaveText(moneyText(AMOUNT));
  await row.getByRole('button', { name: `Open invoices of ${NAME}` }).click();
  const invoices = page.getByTestId('open-invoices');
  await expect(invoices).toContainText('No statement e-mailed yet.');

  // Send statements now: one statement with its PDF reaches the mail server, and the open invoices list it.
  await sendStatements(page, '1 statement queued: they go out by e-mail in a minute.', async () => {
    await expectAccessible(page, 'the send statements question');
    await shot(page, 'customer-journey-send-statements-1366');
  });
  await expect.poll(() => statementsTo(ADDRESS).length, { message: 'the statement to reach the mail server' }).toBe(1);
  const [statement] = statementsTo(ADDRESS);
  expect(statement!.subject).toBe(`Statement of ${NAME}: 45 days past due`);
  expect(statement!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  expect(statement!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(invoices.getByTestId('dunning-history').getByRole('listitem')).toHaveCount(1);
  await expect(invoices.getByTestId('dunning-history')).toContainText(`${TEMPLATE} (31-60 days) to ${ADDRESS}, owing ${moneyText(AMOUNT)}`);
  await expectAccessible(page, 'Collections with the send statements button');
  await shot(page, 'customer-journey-statement-sent-1366');

  // A second run, once it has ended, sent the customer nothing more.
  await sendStatements(page, 'No statement to send: every customer past due has had one for its current bucket.');
  expect(statementsTo(ADDRESS)).toHaveLength(1);
  await expect(invoices.getByTestId('dunning-history').getByRole('listitem')).toHaveCount(1);
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Send statements now' })).toBeVisible();
  // The grid turns into cards once the page has laid itself out for the phone.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'the page fits the phone' }).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'customer-journey-collections-390');
  await page.setViewportSize(DESKTOP);

  // "Make today's tasks" gives the dispatcher, whom the 31-60 assignment names, the customer's task: she sees it as hers.
  const desk = await browser.newContext({ viewport: DESKTOP, baseURL: testInfo.project.use.baseURL });
  const dispatcher = await desk.newPage();
  await openAs(dispatcher, 'dispatcher', '/collection/tasks');
  await noticesLive(dispatcher);
  await page.goto('/collection/tasks');
  await page.getByRole('button', { name: "Make today's tasks" }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\d+ tasks? made\./ })).toBeVisible();
  await expect(dispatcher.getByRole('alert').filter({ hasText: /collection tasks? (was|were) given to you/ })).toBeVisible();
  await dispatcher.getByRole('switch', { name: 'Mine only' }).check();
  const task = dispatcher.getByTestId('collection-task').filter({ hasText: NAME });
  await expect(task).toHaveCount(1);
  await expect(task).toContainText('Past-due statement');
  await expect(task).toContainText('Dana Whitfield');
  await expect(task).toContainText(moneyText(AMOUNT));
  await shot(dispatcher, 'customer-journey-dispatcher-task-1366');
  await desk.close();

  // A payment of the invoice clears the customer's aging.
  await page.goto('/collection');
  await page.getByRole('textbox', { name: 'Customer' }).fill(NAME);
  await row.getByRole('button', { name: `Open invoices of ${NAME}` }).click();
  await invoices.getByRole('button', { name: `Process payment on invoice ${invoice.invoiceNumber}` }).click();
  const pay = page.getByRole('dialog', { name: `Process Payment — Invoice ${invoice.invoiceNumber}` });
  await expect(pay.getByTestId('payment-amount-due')).toHaveText(moneyText(AMOUNT));
  await pay.getByRole('button', { name: 'Process Payment' }).click();
  await expect(pay).toBeHidden();
  await toastGone(page, `Payment of ${moneyText(AMOUNT)} recorded`);
  // Owing nothing and not on hold, the customer leaves the aging.
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('aging-empty')).toContainText('No customer matches these filters.');
  expect(await call(page, 'GET', `Collection/customers/${made.customerId}`)).toMatchObject({ balance: 0, days31to60: 0, invoices: [] });
  await shot(page, 'customer-journey-paid-1366');

  // The template and the assignment leave with the test, so the other tests find the demo's collection settings.
  await call(page, 'DELETE', `CollectionTemplates/${made.templateId}`);
  await call(page, 'DELETE', `ReferenceList/collectionTaskAssignments/${made.assignmentId}`);
});
