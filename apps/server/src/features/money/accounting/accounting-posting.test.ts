import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNumberOf, sumMoney } from '@sm/shared';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startProviderSimulator, type RunningSimulator } from '../../field/providers/simulator/simulator-server';
import { accountingKit, POSTED_KINDS } from './accounting-test-kit';
import { accountingPostings, intacctAccounts } from './accounting.table';
import { runPosting } from './accounting-worker';
import { INTACCT_DEMO_CREDENTIALS } from './intacct-simulator-data';
import { intacctSimulator } from './intacct-simulator';
import { allowedSimulator } from '../../../test/allowed-simulator';

let t: TestApp;
let sim: RunningSimulator;

const company = INTACCT_DEMO_CREDENTIALS.companyId;
type Ledger = { invoices: { RECORDNO: string; RECORDID: string; WHENDUE: string; TOTALENTERED: string; TOTALPAID: string; lines: { GLACCOUNTNO: string; AMOUNT: string; DEPARTMENTID: string }[] }[]; payments: { RECORDNO: string; DOCNUMBER: string; TOTALENTERED: string; details: { RECORDKEY: string; TRX_PAYMENTAMOUNT: string }[] }[]; adjustments: { RECORDID: string; TOTALENTERED: string }[] };
const ledger = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as { intacct: { companies: Record<string, Ledger> } }).intacct.companies[company]!;
const setCompany = (body: object) => fetch(`${sim.url}/intacct/__company/${company}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const { ok, work, submitKnown, postingOf, setKnownTerms, postFeeOfCardPayment } = accountingKit(() => t, 'ACC');
const KINDS = POSTED_KINDS;
const ACCOUNT_OF: Record<string, string> = { overtime: '4010', material: '4100', tripCharge: '4200', freight: '4300', tax: '2300', creditMemo: '4900', payment: '1150' };

beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(), startProviderSimulator({ plugins: [intacctSimulator()] }).then(allowedSimulator)]);
});
afterAll(async () => {
  await Promise.all([t.close(), sim.close()]);
});

describe('Intacct settings', () => {
  it('saves the credentials sealed and never answers a password back', async () => {
    expect(await ok('GET', '/api/v1/Intacct/account')).toMatchObject({ isConfigured: false, hasSenderPassword: false });
    const missing = await t.call('PUT', '/api/v1/Intacct/account', 'admin', { endpointUrl: `${sim.url}/intacct/ia/xml/xmlgw.phtml`, senderId: 'x', companyId: 'y', userId: 'z', isEnabled: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().title).toBe('Sender Password field is required!');
    const { senderId, senderPassword, companyId, userId, userPassword } = INTACCT_DEMO_CREDENTIALS;
    const saved = await ok('PUT', '/api/v1/Intacct/account', { endpointUrl: `${sim.url}/intacct/ia/xml/xmlgw.phtml`, senderId, senderPassword, companyId, userId, userPassword, isEnabled: true });
    expect(saved).toMatchObject({ isConfigured: true, senderId, companyId, userId, hasSenderPassword: true, hasUserPassword: true, updatedBy: expect.any(String) });
    expect(JSON.stringify(saved)).not.toContain(senderPassword);
    const [row] = await t.db.select().from(intacctAccounts);
    expect(row.senderPassword).not.toContain(senderPassword);
    expect(row.userPassword).not.toContain(userPassword);
    // Saving again with blank passwords keeps the stored ones.
    await ok('PUT', '/api/v1/Intacct/account', { endpointUrl: `${sim.url}/intacct/ia/xml/xmlgw.phtml`, senderId, senderPassword: '', companyId, userId, isEnabled: true });
  });

  it('tests the connection by signing in afresh, answering why when Intacct refuses, for Billing writers only', async () => {
    const { senderId, senderPassword, companyId, userId, userPassword } = INTACCT_DEMO_CREDENTIALS;
    const account = (password: string) => ({ endpointUrl: `${sim.url}/intacct/ia/xml/xmlgw.phtml`, senderId, senderPassword, companyId, userId, userPassword: password, isEnabled: true });
    expect(await ok('POST', '/api/v1/Intacct/account/test')).toEqual({ ok: true, message: `Connected to Intacct company ${companyId}: the sender and the user were accepted.` });
    const before = ((await (await fetch(`${sim.url}/__state`)).json()) as { intacct: { sessionsIssued: number } }).intacct.sessionsIssued;
    // A changed password is tried, not hidden by the session the right one opened.
    await ok('PUT', '/api/v1/Intacct/account', account('not-the-password'));
    const refused = await ok('POST', '/api/v1/Intacct/account/test');
    expect(refused).toEqual({ ok: false, message: 'Intacct refused the company ID, user ID or user password: Sign-in information is incorrect.' });
    expect(JSON.stringify(refused)).not.toContain('<');
    await ok('PUT', '/api/v1/Intacct/account', account(userPassword));
    expect((await ok('POST', '/api/v1/Intacct/account/test')).ok).toBe(true);
    expect(((await (await fetch(`${sim.url}/__state`)).json()) as { intacct: { sessionsIssued: number } }).intacct.sessionsIssued).toBe(before + 1);
    expect((await t.call('POST', '/api/v1/Intacct/account/test', 'tech')).statusCode).toBe(403);
  });

  it('refreshes the chart of accounts and the departments from Intacct, adding only what is new', async () => {
    const first = await ok('POST', '/api/v1/Intacct/chartOfAccount/refresh');
    expect(first).toMatchObject({ added: 10, updated: 0 });
    expect(first.rows).toContainEqual({ glAccountId: expect.any(Number), accountNo: '4999', title: 'Old Income (closed)', isActive: false, isFromIntacct: true });
    expect(await ok('POST', '/api/v1/Intacct/chartOfAccount/refresh')).toMatchObject({ added: 0, updated: 0 });
    expect(await ok('POST', '/api/v1/Intacct/departments/refresh')).toMatchObject({ added: 2, updated: 0 });
  });

  it('maps every kind of line to an account, lists the kinds still unmapped, and keeps lists per company', async () => {
    const accounts: { glAccountId: number; accountNo: string }[] = await ok('GET', '/api/v1/Intacct/chartOfAccount');
    const svc = (await ok('GET', '/api/v1/Intacct/departments')).find((d: { departmentNo: string }) => d.departmentNo === 'SVC');
    const idOf = (no: string) => accounts.find((a) => a.accountNo === no)!.glAccountId;
    for (const kind of KINDS) await ok('PUT', `/api/v1/Intacct/lineKindAccounts/${kind}`, { glAccountId: idOf(ACCOUNT_OF[kind] ?? '4000'), departmentId: kind === 'regular' ? svc.departmentId : null });
    const list = await ok('GET', '/api/v1/Intacct/lineKindAccounts');
    expect(list.find((k: { lineKind: string }) => k.lineKind === 'tripCharge')).toMatchObject({ label: 'Trip charges', accountNo: '4200' });
    expect(list.find((k: { lineKind: string }) => k.lineKind === 'convenienceFee')).toMatchObject({ glAccountId: null });
    const group = await ok('POST', '/api/v1/Intacct/itemGLGroup', { name: 'Filters', glAccountId: idOf('4100') });
    expect(group).toMatchObject({ name: 'Filters', accountNo: '4100' });
    expect((await t.call('POST', '/api/v1/Intacct/itemGLGroup', 'admin', { name: 'FILTERS', glAccountId: idOf('4100') })).statusCode).toBe(409);
    const item = await ok('POST', '/api/v1/Intacct/additionalLineItem', { name: 'Disposal fee', glAccountId: idOf('4000'), departmentId: svc.departmentId });
    expect(await ok('PUT', `/api/v1/Intacct/additionalLineItem/${item.additionalLineItemId}`, { name: 'Disposal fee', glAccountId: idOf('4300'), departmentId: null, isActive: false })).toMatchObject({ accountNo: '4300', isActive: false });
    // An account something maps to stays.
    expect((await t.call('DELETE', `/api/v1/Intacct/chartOfAccount/${idOf('4200')}`, 'admin')).statusCode).toBe(409);
  });
});

describe('posting through the outbox', () => {
  let first: { invoiceId: number; invoiceNumber: number; totals: { total: number } };

  it('posts a submitted invoice once, with its lines adding up to the frozen total to the cent', async () => {
    first = await submitKnown();
    expect(first).toMatchObject({ accountingPosting: { status: 'queued', documentNumber: String(first.invoiceNumber), message: null } });
    await work();
    await work();
    const invoice = await ok('GET', `/api/v1/Invoice/${first.invoiceId}`);
    expect(invoice.accountingPosting).toMatchObject({ system: 'Intacct', status: 'posted', postedAt: expect.any(String) });
    const posted = (await ledger()).invoices.filter((i) => i.RECORDID === String(first.invoiceNumber));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.TOTALENTERED).toBe('1193.58');
    expect(jsonNumberOf(posted[0]!.TOTALENTERED)).toBe(invoice.totals.total);
    expect(sumMoney(posted[0]!.lines.map((l) => l.AMOUNT))).toBe('1193.58');
    expect(posted[0]!.lines.find((l) => l.GLACCOUNTNO === '2300')?.AMOUNT).toBe('2.55');
    expect(posted[0]!.lines[0]).toMatchObject({ GLACCOUNTNO: '4000', DEPARTMENTID: 'SVC' });
  });

  it('posts a payment against the posted invoice, and a credit memo as an adjustment', async () => {
    await ok('POST', `/api/v1/Invoice/${first.invoiceId}/payments`, { amount: 500.25, paymentMethod: 'Check', paidOn: '2026-11-05' });
    await work();
    const [payment] = (await ok('GET', '/api/v1/Intacct/syncLog?status=posted')).data.filter((p: { documentKind: string }) => p.documentKind === 'payment');
    expect(payment.documentNumber).toMatch(new RegExp(`^${first.invoiceNumber}-P\\d+$`));
    const book = await ledger();
    expect(book.payments).toEqual([expect.objectContaining({ DOCNUMBER: payment.documentNumber, TOTALENTERED: '500.25' })]);
    expect(book.invoices.find((i) => i.RECORDID === String(first.invoiceNumber))?.TOTALPAID).toBe('500.25');
    const { billingCustomerId } = await ok('GET', `/api/v1/Invoice/${first.invoiceId}`);
    const memo = await ok('POST', '/api/v1/CreditMemo/create', { billingCustomerId, amount: 40.1, reason: 'Goodwill for the late visit' });
    await work();
    expect((await ledger()).adjustments).toEqual([expect.objectContaining({ RECORDID: `CM-${memo.creditMemoId}`, TOTALENTERED: '-40.10' })]);
  });

  it("posts a card payment's convenience fee as a fee invoice the payment settles with its invoice, once; unmapped, it stops that payment alone", async () => {
    const { documentNumber, recordNo } = await postFeeOfCardPayment(first, 'Intacct', '4300');
    const book = await ledger();
    const invoice = book.invoices.find((i) => i.RECORDID === String(first.invoiceNumber))!;
    const fees = book.invoices.filter((i) => i.RECORDID === `${documentNumber}-FEE`);
    expect(fees).toEqual([expect.objectContaining({ WHENDUE: '11/06/2026', TOTALENTERED: '6.00', TOTALPAID: '6.00', lines: [{ GLACCOUNTNO: '4300', AMOUNT: '6.00', MEMO: `Convenience fee of payment ${documentNumber}`, DEPARTMENTID: '' }] })]);
    const payments = book.payments.filter((p) => p.DOCNUMBER === documentNumber);
    expect(payments).toEqual([expect.objectContaining({ TOTALENTERED: '206.00', details: [{ RECORDKEY: invoice.RECORDNO, TRX_PAYMENTAMOUNT: '200.00' }, { RECORDKEY: fees[0]!.RECORDNO, TRX_PAYMENTAMOUNT: '6.00' }] })]);
    expect(payments[0]!.RECORDNO).toBe(recordNo);
    // 500.25, the cash payment of 50.00 and the card payment's 200.00; the fee is the fee invoice's.
    expect(invoice.TOTALPAID).toBe('750.25');
    expect(book.payments).toHaveLength(3);
  });

  it("posts an invoice due by its billing customer's terms, and on its date without terms", async () => {
    expect(await setKnownTerms('Net 15')).toBe(15);
    const net15 = await submitKnown();
    await work();
    await setKnownTerms(null);
    const none = await submitKnown();
    await work();
    const dueOf = async (invoiceNumber: number) => (await ledger()).invoices.find((i) => i.RECORDID === String(invoiceNumber))?.WHENDUE;
    // Both are dated 2026-11-03.
    expect(await dueOf(net15.invoiceNumber)).toBe('11/18/2026');
    expect(await dueOf(none.invoiceNumber)).toBe('11/03/2026');
  });

  it('tries again after a passing failure and posts once; a run killed after Intacct took it posts nothing twice', async () => {
    await fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pathContains: 'xmlgw', kind: 'error500', times: 1 }) });
    const inv = await submitKnown();
    await work();
    const waiting = await postingOf(inv.invoiceId);
    expect(waiting).toMatchObject({ status: 'retrying', attempts: 1, message: 'Intacct had a problem answering (HTTP 500).' });
    // The next try is the waiting job's run time, a minute after the failure; the invoice says the same.
    const wait = Date.parse(waiting.nextAttemptAt) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect((await ok('GET', `/api/v1/Invoice/${inv.invoiceId}`)).accountingPosting).toMatchObject({ postingId: waiting.postingId, status: 'retrying', nextAttemptAt: waiting.nextAttemptAt, recordNo: null });
    await work(true);
    expect(await postingOf(inv.invoiceId)).toMatchObject({ status: 'posted', attempts: 2, nextAttemptAt: null });
    expect((await ledger()).invoices.filter((i) => i.RECORDID === String(inv.invoiceNumber))).toHaveLength(1);

    // The process dies after Intacct took the invoice and before the posting committed: the next run finds it there.
    const killed = await submitKnown();
    const { postingId } = await postingOf(killed.invoiceId);
    const lost = await t.db.transaction(async (tx) => {
      await runPosting(tx, postingId);
      tx.rollback();
    }).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(Error);
    expect(await postingOf(killed.invoiceId)).toMatchObject({ status: 'queued', attempts: 0 });
    await work();
    const detail = await ok('GET', `/api/v1/Intacct/syncLog/${postingId}`);
    expect(detail).toMatchObject({ status: 'posted', message: expect.stringContaining('it was not posted again') });
    expect(detail.history).toEqual([expect.objectContaining({ attempt: 1, outcome: 'alreadyPosted' })]);
    expect((await ledger()).invoices.filter((i) => i.RECORDID === String(killed.invoiceNumber))).toHaveLength(1);
  });

  it('stops a posting with a line kind mapped to no account, naming the line; resent once mapped', async () => {
    await ok('DELETE', '/api/v1/Intacct/lineKindAccounts/tripCharge');
    const inv = await submitKnown();
    await work();
    const stopped = await postingOf(inv.invoiceId);
    expect(stopped.status).toBe('failed');
    expect(stopped.message).toMatch(/^Line '.+' has no GL account: map Trip charges in Intacct settings\.$/);
    expect((await ok('GET', `/api/v1/Invoice/${inv.invoiceId}`)).accountingPosting).toMatchObject({ status: 'failed', message: stopped.message });
    expect((await ledger()).invoices.some((i) => i.RECORDID === String(inv.invoiceNumber))).toBe(false);
    const accounts: { glAccountId: number; accountNo: string }[] = await ok('GET', '/api/v1/Intacct/chartOfAccount');
    await ok('PUT', '/api/v1/Intacct/lineKindAccounts/tripCharge', { glAccountId: accounts.find((a) => a.accountNo === '4200')!.glAccountId });
    expect(await ok('POST', `/api/v1/Intacct/syncLog/${stopped.postingId}/resend`)).toMatchObject({ status: 'queued' });
    await work();
    expect(await postingOf(inv.invoiceId)).toMatchObject({ status: 'posted', message: null });
    const again = await t.call('POST', `/api/v1/Intacct/syncLog/${stopped.postingId}/resend`, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe(`Document ${inv.invoiceNumber} is already posted to Intacct; it is not sent twice.`);
  });

  it('refuses an invoice in a closed period with Intacct\'s sentence, logged, and posts it once the period reopens', async () => {
    await setCompany({ periodClosedThrough: '2026-11-30' });
    const inv = await submitKnown();
    await work();
    const refused = await postingOf(inv.invoiceId);
    expect(refused).toMatchObject({ status: 'failed', message: 'Intacct: The transaction date 11/03/2026 is in a closed period: the books are closed through 2026-11-30.' });
    const failed = await ok('GET', '/api/v1/Intacct/syncLog?status=failed');
    expect(failed.data.map((p: { postingId: number }) => p.postingId)).toContain(refused.postingId);
    expect((await ok('GET', `/api/v1/Intacct/syncLog/${refused.postingId}`)).history).toEqual([expect.objectContaining({ outcome: 'refused', message: refused.message })]);
    await setCompany({ periodClosedThrough: null });
    await ok('POST', `/api/v1/Intacct/syncLog/${refused.postingId}/resend`);
    await work();
    expect(await postingOf(inv.invoiceId)).toMatchObject({ status: 'posted' });
  });

  it('writes nothing to post while the connection is switched off', async () => {
    await t.db.update(intacctAccounts).set({ isEnabled: false });
    const inv = await submitKnown();
    expect(inv.accountingPosting).toBeNull();
    expect(await t.db.select().from(accountingPostings).where(eq(accountingPostings.invoiceId, inv.invoiceId))).toEqual([]);
    await t.db.update(intacctAccounts).set({ isEnabled: true });
  });
});

describe('another company and other roles', () => {
  it('cannot read or resend the sync log, nor read or use the mappings of another company', async () => {
    const [posting] = (await ok('GET', '/api/v1/Intacct/syncLog')).data;
    const [account] = await ok('GET', '/api/v1/Intacct/chartOfAccount');
    const [group] = await ok('GET', '/api/v1/Intacct/itemGLGroup');
    expect((await ok('GET', '/api/v1/Intacct/syncLog', undefined, 'coastal.admin'))).toEqual({ data: [], total: 0 });
    expect(await ok('GET', '/api/v1/Intacct/chartOfAccount', undefined, 'coastal.admin')).toEqual([]);
    expect(await ok('GET', '/api/v1/Intacct/account', undefined, 'coastal.admin')).toMatchObject({ isConfigured: false });
    for (const [method, url, body] of [
      ['GET', `/api/v1/Intacct/syncLog/${posting.postingId}`],
      ['POST', `/api/v1/Intacct/syncLog/${posting.postingId}/resend`],
      ['PUT', `/api/v1/Intacct/chartOfAccount/${account.glAccountId}`, { accountNo: '1', title: 'x', isActive: true }],
      ['DELETE', `/api/v1/Intacct/itemGLGroup/${group.itemGlGroupId}`],
      ['PUT', '/api/v1/Intacct/lineKindAccounts/regular', { glAccountId: account.glAccountId }],
      ['POST', '/api/v1/Intacct/itemGLGroup', { name: 'Borrowed', glAccountId: account.glAccountId }],
    ] as const) {
      const res = await t.call(method, url, 'coastal.admin', body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ok('GET', `/api/v1/Intacct/syncLog/${posting.postingId}`)).postingId).toBe(posting.postingId);
  });

  it('needs Billing to read the sync log and the credentials', async () => {
    expect((await t.call('GET', '/api/v1/Intacct/syncLog', 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Intacct/account', 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Intacct/syncLog', null)).statusCode).toBe(401);
  });
});
