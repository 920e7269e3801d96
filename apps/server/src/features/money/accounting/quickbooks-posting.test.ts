import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNumberOf, sumMoney } from '@sm/shared';
import { customers } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startProviderSimulator, type RunningSimulator } from '../../field/providers/simulator/simulator-server';
import { accountingKit, POSTED_KINDS } from './accounting-test-kit';
import { INTACCT_DEMO_CREDENTIALS } from './intacct-simulator-data';
import { QUICKBOOKS_DEMO_CREDENTIALS } from './quickbooks-simulator-data';
import { quickBooksSimulator } from './quickbooks-simulator';
import { quickBooksAccounts, quickBooksImportRows } from './quickbooks.table';
import { allowedSimulator } from '../../../test/allowed-simulator';

let t: TestApp;
let sim: RunningSimulator;

const realm = QUICKBOOKS_DEMO_CREDENTIALS.realmId;
type Ledger = { invoices: { Id: string; DocNumber: string; DueDate: string; CustomerRef: string; TotalAmt: string; Balance: string; Line: { ItemRef: string; IncomeAccountRef: string; Amount: string }[] }[]; payments: { Id: string; PaymentRefNum: string; TotalAmt: string; Line: { Amount: string; TxnId: string }[] }[]; creditMemos: { DocNumber: string; TotalAmt: string }[] };
const ledger = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as { quickbooks: { companies: Record<string, Ledger> } }).quickbooks.companies[realm]!;
const setCompany = (body: object) => fetch(`${sim.url}/quickbooks/__company/${realm}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const { ok, work, submitKnown, postingOf, setKnownTerms, postFeeOfCardPayment } = accountingKit(() => t, 'QBO');
const inLedger = async (invoiceNumber: number) => (await ledger()).invoices.filter((i) => i.DocNumber === String(invoiceNumber));
/** The QuickBooks account (by id) each kind posts to: the item whose income account it is carries the line. */
const ACCOUNT_OF: Record<string, string> = { material: '80', tripCharge: '81', tax: '89', creditMemo: '82', payment: '4' };
const connection = () => ({
  baseUrl: `${sim.url}/quickbooks`, tokenUrl: `${sim.url}/quickbooks/oauth2/v1/tokens/bearer`, realmId: realm, clientId: QUICKBOOKS_DEMO_CREDENTIALS.clientId, isEnabled: true,
});

beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(), startProviderSimulator({ plugins: [quickBooksSimulator()] }).then(allowedSimulator)]);
});
afterAll(async () => {
  await Promise.all([t.close(), sim.close()]);
});

describe('QuickBooks settings', () => {
  it('saves the connection sealed, never answers a secret back, and tests it', async () => {
    expect(await ok('GET', '/api/v1/QuickBooks/account')).toMatchObject({ isConfigured: false, hasClientSecret: false });
    const missing = await t.call('PUT', '/api/v1/QuickBooks/account', 'admin', { ...connection(), refreshToken: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().title).toBe('Client Secret field is required!');
    const { clientSecret, refreshToken } = QUICKBOOKS_DEMO_CREDENTIALS;
    const saved = await ok('PUT', '/api/v1/QuickBooks/account', { ...connection(), clientSecret, refreshToken });
    expect(saved).toMatchObject({ isConfigured: true, realmId: realm, hasClientSecret: true, hasRefreshToken: true, updatedBy: expect.any(String) });
    expect(JSON.stringify(saved)).not.toContain(clientSecret);
    const [row] = await t.db.select().from(quickBooksAccounts);
    expect(row.clientSecret).not.toContain(clientSecret);
    expect(row.refreshToken).not.toContain(refreshToken);
    expect(await ok('POST', '/api/v1/QuickBooks/account/test')).toEqual({ isConnected: true, message: `Connected to QuickBooks company ${realm}: it has 8 accounts.` });
    // The refresh token QuickBooks rotated to is the one stored now, sealed, with the access token beside it.
    const [after] = await t.db.select().from(quickBooksAccounts);
    expect(after.refreshToken).not.toBe(row.refreshToken);
    expect(after.accessToken).not.toBeNull();
    // Saving again with blank secrets keeps the stored ones and the token held.
    await ok('PUT', '/api/v1/QuickBooks/account', { ...connection(), clientSecret: '', refreshToken: '' });
    expect(await ok('POST', '/api/v1/QuickBooks/account/test')).toMatchObject({ isConnected: true });
    expect(await ok('GET', '/api/v1/QuickBooks/account', undefined, 'coastal.admin')).toMatchObject({ isConfigured: false });
    expect((await t.call('GET', '/api/v1/QuickBooks/account', 'tech')).statusCode).toBe(403);
  });

  it('keeps a company on one accounting system: Intacct is not enabled while QuickBooks is', async () => {
    const intacct = await t.call('PUT', '/api/v1/Intacct/account', 'admin', { endpointUrl: 'http://127.0.0.1:9/ia/xml/xmlgw.phtml', ...INTACCT_DEMO_CREDENTIALS, isEnabled: true });
    expect(intacct.statusCode).toBe(409);
    expect(intacct.json().title).toContain('QuickBooks is enabled for your company');
    expect(await ok('GET', '/api/v1/Intacct/account')).toMatchObject({ isConfigured: false });
  });

  it('keeps the chart of accounts read from QuickBooks and maps every kind of line to an account', async () => {
    const first = await ok('POST', '/api/v1/Intacct/chartOfAccount/refresh');
    expect(first).toMatchObject({ added: 8, updated: 0 });
    expect(first.rows).toContainEqual(expect.objectContaining({ accountNo: '79', title: '4000 Service Labor Income', isFromIntacct: true }));
    const idOf = (no: string) => first.rows.find((a: { accountNo: string }) => a.accountNo === no).glAccountId;
    for (const kind of POSTED_KINDS) await ok('PUT', `/api/v1/Intacct/lineKindAccounts/${kind}`, { glAccountId: idOf(ACCOUNT_OF[kind] ?? '79') });
  });
});

describe('the QuickBooks import list', () => {
  it('reads customers and items, and reading again adds nothing', async () => {
    expect(await ok('POST', '/api/v1/QuickBooks/import')).toEqual({ added: 9, updated: 0, total: 9 });
    expect(await ok('POST', '/api/v1/QuickBooks/import')).toEqual({ added: 0, updated: 0, total: 9 });
    const [{ rows }] = await t.db.select({ rows: count() }).from(quickBooksImportRows);
    expect(rows).toBe(9);
    const items = await ok('GET', '/api/v1/QuickBooks/import?kind=item&take=2');
    expect(items.total).toBe(6);
    expect(items.data).toHaveLength(2);
    expect(await ok('GET', '/api/v1/QuickBooks/import?status=matched')).toEqual({ data: [], total: 0 });
    expect(await ok('GET', '/api/v1/QuickBooks/import', undefined, 'coastal.admin')).toEqual({ data: [], total: 0 });
  });

  it('changes a status only with "Change QB Import Status", and shows a row\'s detail only with "View QB Import List Detail"', async () => {
    const { data } = await ok('GET', '/api/v1/QuickBooks/import?kind=customer');
    const harbor = data.find((r: { qbId: string }) => r.qbId === '60');
    const roles = (await t.call('GET', '/api/v1/Account/roles', 'admin')).json();
    const leader = roles.find((r: { roleName: string }) => r.roleName === 'Team Leader');
    const billing = (functionalities: string[]) => [...leader.permissions.filter((p: { permissionDescription: string }) => p.permissionDescription !== 'Billing'), { permissionDescription: 'Billing', canRead: true, canWrite: true, functionalities }];
    try {
      await ok('PUT', `/api/v1/Account/roles/${leader.roleId}/permissions`, { permissions: billing([]) });
      expect((await t.call('PUT', `/api/v1/QuickBooks/import/${harbor.qbImportRowId}/status`, 'leader', { status: 'ignored' })).statusCode).toBe(403);
      expect((await t.call('GET', `/api/v1/QuickBooks/import/${harbor.qbImportRowId}`, 'leader')).statusCode).toBe(403);
      expect((await ok('GET', `/api/v1/QuickBooks/import/${harbor.qbImportRowId}`)).status).toBe('pending');
      await ok('PUT', `/api/v1/Account/roles/${leader.roleId}/permissions`, { permissions: billing(['Change QB Import Status', 'View QB Import List Detail']) });
      const ignored = await ok('PUT', `/api/v1/QuickBooks/import/${harbor.qbImportRowId}/status`, { status: 'ignored' }, 'leader');
      expect(ignored).toMatchObject({ status: 'ignored', recordId: null, statusChangedBy: expect.any(String), detail: { DisplayName: 'Harbor Ice Co.' } });
    } finally {
      await ok('PUT', `/api/v1/Account/roles/${leader.roleId}/permissions`, { permissions: leader.permissions });
    }
  });

  it('matches a QuickBooks customer to the invoices\' billing customer and creates a standard item from a QuickBooks item', async () => {
    const { data } = await ok('GET', '/api/v1/QuickBooks/import');
    const northwind = data.find((r: { kind: string; qbId: string }) => r.kind === 'customer' && r.qbId === '58');
    const filter = data.find((r: { kind: string; qbId: string }) => r.kind === 'item' && r.qbId === '6');
    const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
    const matched = await ok('PUT', `/api/v1/QuickBooks/import/${northwind.qbImportRowId}/status`, { status: 'matched', recordId: site.billingCustomerId });
    expect(matched).toMatchObject({ status: 'matched', recordId: site.billingCustomerId, recordName: expect.any(String) });
    const [billing] = await t.db.select().from(customers).where(eq(customers.id, site.billingCustomerId!));
    expect(billing.externalId).toBe('58');
    const created = await ok('PUT', `/api/v1/QuickBooks/import/${filter.qbImportRowId}/status`, { status: 'created' });
    expect(created).toMatchObject({ status: 'created', recordName: 'Filter change' });
    const twice = await t.call('PUT', `/api/v1/QuickBooks/import/${filter.qbImportRowId}/status`, 'admin', { status: 'created' });
    expect(twice.statusCode).toBe(409);
    // Reading again keeps the decisions.
    await ok('POST', '/api/v1/QuickBooks/import');
    expect((await ok('GET', '/api/v1/QuickBooks/import?status=matched')).total).toBe(1);
    expect((await ok('GET', '/api/v1/QuickBooks/import?status=created')).total).toBe(1);
    // Another company's row is not there to change.
    expect((await t.call('PUT', `/api/v1/QuickBooks/import/${northwind.qbImportRowId}/status`, 'coastal.admin', { status: 'ignored' })).statusCode).toBe(404);
  });
});

describe('posting through QuickBooks', () => {
  let first: { invoiceId: number; invoiceNumber: number; billingCustomerId: number };

  it('posts a submitted invoice once, to the matched customer, with its lines adding up to the frozen total to the cent', async () => {
    first = await submitKnown();
    expect(first).toMatchObject({ accountingPosting: { status: 'queued', documentNumber: String(first.invoiceNumber) } });
    await work();
    await work();
    const invoice = await ok('GET', `/api/v1/Invoice/${first.invoiceId}`);
    expect(invoice.accountingPosting).toMatchObject({ status: 'posted', message: null });
    const posted = await inLedger(first.invoiceNumber);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ CustomerRef: '58', TotalAmt: '1193.58' });
    expect(jsonNumberOf(posted[0]!.TotalAmt)).toBe(invoice.totals.total);
    expect(sumMoney(posted[0]!.Line.map((l) => l.Amount))).toBe('1193.58');
    expect(posted[0]!.Line.find((l) => l.IncomeAccountRef === '89')).toMatchObject({ ItemRef: '4', Amount: '2.55' });
    expect((await ok('GET', `/api/v1/Intacct/syncLog?invoiceId=${first.invoiceId}`)).data[0]).toMatchObject({ status: 'posted', recordNo: posted[0]!.Id });
  });

  it('posts its payment applied to the invoice, and a credit memo', async () => {
    await ok('POST', `/api/v1/Invoice/${first.invoiceId}/payments`, { amount: 1193.58, paymentMethod: 'Check', paidOn: '2026-11-05' });
    await work();
    const book = await ledger();
    expect(book.payments).toEqual([expect.objectContaining({ PaymentRefNum: expect.stringMatching(new RegExp(`^${first.invoiceNumber}-P\\d+$`)), TotalAmt: '1193.58' })]);
    expect(book.invoices.find((i) => i.DocNumber === String(first.invoiceNumber))?.Balance).toBe('0.00');
    const memo = await ok('POST', '/api/v1/CreditMemo/create', { billingCustomerId: first.billingCustomerId, amount: 40.1, reason: 'Goodwill for the late visit' });
    await work();
    expect((await ledger()).creditMemos).toEqual([expect.objectContaining({ DocNumber: `CM-${memo.creditMemoId}`, TotalAmt: '40.10' })]);
  });

  it("posts a card payment's convenience fee as a fee invoice the payment settles with its invoice, once; unmapped, it stops that payment alone", async () => {
    const inv = await submitKnown();
    await work();
    const { documentNumber, recordNo } = await postFeeOfCardPayment(inv, 'QuickBooks', '81');
    const book = await ledger();
    const invoice = book.invoices.find((i) => i.DocNumber === String(inv.invoiceNumber))!;
    const fees = book.invoices.filter((i) => i.DocNumber === `${documentNumber}-FEE`);
    expect(fees).toEqual([expect.objectContaining({ CustomerRef: '58', DueDate: '2026-11-06', TotalAmt: '6.00', Balance: '0.00', Line: [{ ItemRef: '3', IncomeAccountRef: '81', Amount: '6.00', Description: `Convenience fee of payment ${documentNumber}` }] })]);
    expect(book.payments.filter((p) => p.PaymentRefNum === documentNumber)).toEqual([
      expect.objectContaining({ Id: recordNo, TotalAmt: '206.00', Line: [{ Amount: '200.00', TxnId: invoice.Id }, { Amount: '6.00', TxnId: fees[0]!.Id }] }),
    ]);
    // 1193.58 less the cash payment of 50.00 and the card payment's 200.00; the fee is the fee invoice's.
    expect(invoice.Balance).toBe('943.58');
    expect(book.payments).toHaveLength(3);
  });

  it("posts an invoice due by its billing customer's terms", async () => {
    expect(await setKnownTerms('Net 15')).toBe(15);
    const inv = await submitKnown();
    await work();
    // Dated 2026-11-03; the invoices before it (no terms) fell due on their date.
    expect((await inLedger(inv.invoiceNumber))[0]).toMatchObject({ TxnDate: '2026-11-03', DueDate: '2026-11-18' });
    expect((await inLedger(first.invoiceNumber))[0]).toMatchObject({ DueDate: '2026-11-03' });
    await setKnownTerms(null);
  });

  it('tries again after a rate limit and posts once', async () => {
    await setCompany({ requestLimit: 0 });
    const inv = await submitKnown();
    await work();
    expect(await postingOf(inv.invoiceId)).toMatchObject({ status: 'retrying', attempts: 1, message: expect.stringContaining('QuickBooks is busy') });
    await setCompany({ requestLimit: null });
    await work(true);
    expect(await postingOf(inv.invoiceId)).toMatchObject({ status: 'posted', attempts: 2 });
    expect(await inLedger(inv.invoiceNumber)).toHaveLength(1);
  });

  it('refuses an invoice in a closed period, shown on the invoice and in the sync log, and posts it once reopened', async () => {
    await setCompany({ closingDate: '2026-11-30' });
    const inv = await submitKnown();
    await work();
    const refused = await postingOf(inv.invoiceId);
    expect(refused.status).toBe('failed');
    expect(refused.message).toMatch(/^QuickBooks refused a date in a closed period: .*closed through 2026-11-30/);
    expect((await ok('GET', `/api/v1/Invoice/${inv.invoiceId}`)).accountingPosting).toMatchObject({ status: 'failed', message: refused.message });
    expect((await ok('GET', '/api/v1/Intacct/syncLog?status=failed')).data.map((p: { postingId: number }) => p.postingId)).toContain(refused.postingId);
    expect(await inLedger(inv.invoiceNumber)).toHaveLength(0);
    await setCompany({ closingDate: null });
    await ok('POST', `/api/v1/Intacct/syncLog/${refused.postingId}/resend`);
    await work();
    expect(await postingOf(inv.invoiceId)).toMatchObject({ status: 'posted' });
    expect(await inLedger(inv.invoiceNumber)).toHaveLength(1);
  });

  it('stops a posting with a line kind mapped to no account, naming the line; resent after the fix it posts once', async () => {
    await ok('DELETE', '/api/v1/Intacct/lineKindAccounts/tripCharge');
    const inv = await submitKnown();
    await work();
    const stopped = await postingOf(inv.invoiceId);
    expect(stopped.status).toBe('failed');
    expect(stopped.message).toMatch(/^Line '.+' has no GL account: map Trip charges in QuickBooks settings\.$/);
    expect(await inLedger(inv.invoiceNumber)).toHaveLength(0);
    const accounts: { glAccountId: number; accountNo: string }[] = await ok('GET', '/api/v1/Intacct/chartOfAccount');
    await ok('PUT', '/api/v1/Intacct/lineKindAccounts/tripCharge', { glAccountId: accounts.find((a) => a.accountNo === '81')!.glAccountId });
    await ok('POST', `/api/v1/Intacct/syncLog/${stopped.postingId}/resend`);
    await work();
    expect(await postingOf(inv.invoiceId)).toMatchObject({ status: 'posted', message: null });
    expect(await inLedger(inv.invoiceNumber)).toHaveLength(1);
    const again = await t.call('POST', `/api/v1/Intacct/syncLog/${stopped.postingId}/resend`, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe(`Document ${inv.invoiceNumber} is already posted to QuickBooks; it is not sent twice.`);
  });

  it('stops an invoice whose account no QuickBooks item posts to, with the sentence naming the line', async () => {
    const accounts: { glAccountId: number; accountNo: string }[] = await ok('GET', '/api/v1/Intacct/chartOfAccount');
    await ok('PUT', '/api/v1/Intacct/lineKindAccounts/freight', { glAccountId: accounts.find((a) => a.accountNo === '83')!.glAccountId });
    const inv = await submitKnown();
    await work();
    const stopped = await postingOf(inv.invoiceId);
    expect(stopped).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Line '.+' has no QuickBooks item: no active item in QuickBooks has income account 83\./) });
    await ok('PUT', '/api/v1/Intacct/lineKindAccounts/freight', { glAccountId: accounts.find((a) => a.accountNo === '79')!.glAccountId });
  });

  it('names QuickBooks as the system of its entries, also once the connection is switched off', async () => {
    const log: { postingId: number; status: string; system: string; documentNumber: string }[] = (await ok('GET', '/api/v1/Intacct/syncLog')).data;
    expect(new Set(log.map((p) => p.system))).toEqual(new Set(['QuickBooks']));
    expect((await ok('GET', `/api/v1/Invoice/${first.invoiceId}`)).accountingPosting).toMatchObject({ system: 'QuickBooks', status: 'posted' });
    const waiting = await submitKnown();
    await t.db.update(quickBooksAccounts).set({ isEnabled: false });
    await work();
    expect(await postingOf(waiting.invoiceId)).toMatchObject({
      system: 'QuickBooks', status: 'failed', message: 'QuickBooks is not set up for your company: save and enable the connection in QuickBooks settings.',
    });
    const posted = log.find((p) => p.status === 'posted')!;
    const again = await t.call('POST', `/api/v1/Intacct/syncLog/${posted.postingId}/resend`, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe(`Document ${posted.documentNumber} is already posted to QuickBooks; it is not sent twice.`);
    await t.db.update(quickBooksAccounts).set({ isEnabled: true });
  });
});
