import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProviderSimulator, type RunningSimulator } from '../../field/providers/simulator/simulator-server';
import { AccountingError, type AccountingInvoice } from './accounting-system';
import { quickBooksSystem, type QuickBooksCredentials, type QuickBooksTokens } from './quickbooks-client';
import { QUICKBOOKS_DEMO_CREDENTIALS } from './quickbooks-simulator-data';
import { quickBooksSimulator } from './quickbooks-simulator';
import { QBO_CODES } from './quickbooks-wire';
import { allowedSimulator } from '../../../test/allowed-simulator';

let sim: RunningSimulator;
const realm = QUICKBOOKS_DEMO_CREDENTIALS.realmId;

beforeAll(async () => {
  sim = await startProviderSimulator({ plugins: [quickBooksSimulator()] }).then(allowedSimulator);
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
  issued = [];
});
afterAll(async () => {
  await sim.close();
});

type Txn = { Id: string; DocNumber: string; TotalAmt: string; Balance: string };
type State = { tokensIssued: number; companies: Record<string, { invoices: Txn[]; payments: { PaymentRefNum: string; TotalAmt: string }[]; creditMemos: Txn[] }> };
const state = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as { quickbooks: State }).quickbooks;
const ledger = async () => (await state()).companies[realm]!;
const setCompany = (body: object) => fetch(`${sim.url}/quickbooks/__company/${realm}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Every pair of tokens the adapters were handed, newest last (the refresh token rotates with each). */
let issued: QuickBooksTokens[] = [];
const credentials = (): QuickBooksCredentials => ({
  baseUrl: `${sim.url}/quickbooks`, tokenUrl: `${sim.url}/quickbooks/oauth2/v1/tokens/bearer`, realmId: realm, clientId: QUICKBOOKS_DEMO_CREDENTIALS.clientId,
  clientSecret: QUICKBOOKS_DEMO_CREDENTIALS.clientSecret, refreshToken: issued.at(-1)?.refreshToken ?? QUICKBOOKS_DEMO_CREDENTIALS.refreshToken, accessToken: null, accessTokenExpiresAt: null,
});
const system = (creds = credentials()) => quickBooksSystem(creds, { onTokens: async (t) => void issued.push(t) });
const invoice = (changes: Partial<AccountingInvoice> = {}): AccountingInvoice => ({
  documentNumber: '1001',
  customerId: '58',
  date: '2026-11-20',
  dueDate: '2026-12-20',
  description: 'Work order 5001',
  lines: [
    { glAccountNo: '79', departmentNo: null, amount: '120.50', memo: 'Regular' },
    { glAccountNo: '80', departmentNo: null, amount: '79.49', memo: 'Filter' },
    { glAccountNo: '89', departmentNo: null, amount: '0.01', memo: 'Sales tax' },
  ],
  ...changes,
});
async function refusalOf(call: Promise<unknown>): Promise<AccountingError> {
  const err = await call.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AccountingError);
  return err as AccountingError;
}
/** A raw call to the simulated API with a fresh access token, as QuickBooks answers it. */
async function raw(path: string, body: object) {
  const qb = system();
  await qb.readDepartments();
  const res = await fetch(`${sim.url}/quickbooks/v3/company/${realm}/${path}`, { method: 'POST', headers: { authorization: `Bearer ${issued.at(-1)!.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { Fault?: { type: string; Error: { code: string; Detail: string }[] } } };
}

describe('the QuickBooks Online adapter against the simulator', () => {
  it('signs in with the refresh token, stores the rotated one, and the spent one renews nothing', async () => {
    const accounts = await system().readGlAccounts();
    expect(accounts).toContainEqual({ number: '79', title: '4000 Service Labor Income', isActive: true });
    expect(issued).toHaveLength(1);
    expect(issued[0]!.refreshToken).not.toBe(QUICKBOOKS_DEMO_CREDENTIALS.refreshToken);
    expect(issued[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    // The token from before the rotation is spent.
    const spent = await refusalOf(system({ ...credentials(), refreshToken: QUICKBOOKS_DEMO_CREDENTIALS.refreshToken }).readGlAccounts());
    expect(spent.isRetryable).toBe(false);
    expect(spent.message).toContain('the refresh token is unknown, used or expired');
    // The rotated one works.
    expect(await system().readDepartments()).toEqual([{ number: '1', title: 'Service', isActive: true }, { number: '2', title: 'Installation', isActive: true }]);
  });

  it('posts an invoice once, each line to the item of its account, with its total to the cent, and answers a repeat as already there', async () => {
    const qb = system();
    const first = await qb.postInvoice(invoice());
    expect(first.isAlreadyThere).toBe(false);
    const again = await qb.postInvoice(invoice());
    expect(again).toEqual({ recordNo: first.recordNo, isAlreadyThere: true });
    const { invoices } = await ledger();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ DocNumber: '1001', TotalAmt: '200.00', Balance: '200.00' });
    // A payment applied to it, and a credit memo.
    expect((await qb.postPayment({ documentNumber: '1001-P1', customerId: '58', date: '2026-11-21', amount: '150.25', applications: [{ recordNo: first.recordNo, amount: '150.25' }], paymentMethod: 'Check', undepositedGlAccountNo: '4' })).isAlreadyThere).toBe(false);
    expect((await qb.postCreditMemo({ documentNumber: 'CM-1', customerId: '58', date: '2026-11-21', description: 'Goodwill', lines: [{ glAccountNo: '82', departmentNo: null, amount: '10.00', memo: 'Goodwill' }] })).isAlreadyThere).toBe(false);
    const after = await ledger();
    expect(after.invoices[0]!.Balance).toBe('49.75');
    expect(after.payments).toMatchObject([{ PaymentRefNum: '1001-P1', TotalAmt: '150.25' }]);
    expect(after.creditMemos).toMatchObject([{ DocNumber: 'CM-1', TotalAmt: '10.00' }]);
  });

  it('posts a payment applied to several invoices, one Line with its LinkedTxn each, and refuses an unknown invoice or more than is due', async () => {
    const qb = system();
    const work = await qb.postInvoice(invoice());
    const fee = await qb.postInvoice(invoice({ documentNumber: '1001-P1-FEE', lines: [{ glAccountNo: '81', departmentNo: null, amount: '4.51', memo: 'Convenience fee' }] }));
    const payment = { documentNumber: '1001-P1', customerId: '58', date: '2026-11-21', amount: '154.76', paymentMethod: 'Credit Card', undepositedGlAccountNo: '4' };
    const unknown = await refusalOf(qb.postPayment({ ...payment, applications: [{ recordNo: work.recordNo, amount: '150.25' }, { recordNo: '4242', amount: '4.51' }] }));
    expect(unknown).toMatchObject({ errorNo: QBO_CODES.invalidReference, isRetryable: false });
    expect(unknown.message).toContain('Invoice 4242 does not exist');
    const over = await refusalOf(qb.postPayment({ ...payment, amount: '204.76', applications: [{ recordNo: work.recordNo, amount: '150.00' }, { recordNo: work.recordNo, amount: '50.25' }, { recordNo: fee.recordNo, amount: '4.51' }] }));
    expect(over.message).toContain('more than invoice 1001 has due');
    expect((await ledger()).invoices.map((i) => i.Balance)).toEqual(['200.00', '4.51']);
    await qb.postPayment({ ...payment, applications: [{ recordNo: work.recordNo, amount: '150.25' }, { recordNo: fee.recordNo, amount: '4.51' }] });
    const after = await ledger();
    expect(after.invoices.map((i) => [i.DocNumber, i.TotalAmt, i.Balance])).toEqual([['1001', '200.00', '49.75'], ['1001-P1-FEE', '4.51', '0.00']]);
    expect(after.payments).toEqual([expect.objectContaining({ PaymentRefNum: '1001-P1', TotalAmt: '154.76', Line: [{ Amount: '150.25', TxnId: work.recordNo }, { Amount: '4.51', TxnId: fee.recordNo }] })]);
  });

  it('refuses a duplicate DocNumber with ValidationFault 6140', async () => {
    const body = { DocNumber: '77', TxnDate: '2026-11-20', CustomerRef: { value: '58' }, Line: [{ DetailType: 'SalesItemLineDetail', Amount: 5, SalesItemLineDetail: { ItemRef: { value: '1' } } }] };
    expect((await raw('invoice', body)).status).toBe(200);
    const dup = await raw('invoice', body);
    expect(dup.status).toBe(400);
    expect(dup.json.Fault).toMatchObject({ type: 'ValidationFault', Error: [{ code: QBO_CODES.duplicateDocNumber }] });
    expect((await ledger()).invoices).toHaveLength(1);
  });

  it('refuses an unknown item and an unknown customer, and stops a line whose account no item posts to', async () => {
    const unknownItem = await raw('invoice', { DocNumber: '78', TxnDate: '2026-11-20', CustomerRef: { value: '58' }, Line: [{ DetailType: 'SalesItemLineDetail', Amount: 5, SalesItemLineDetail: { ItemRef: { value: '999' } } }] });
    expect(unknownItem.status).toBe(400);
    expect(unknownItem.json.Fault!.Error[0]).toMatchObject({ code: QBO_CODES.invalidReference, Detail: expect.stringContaining('Item 999') });
    const customer = await refusalOf(system().postInvoice(invoice({ customerId: '4040' })));
    expect(customer).toMatchObject({ status: 422, isRetryable: false });
    expect(customer.message).toContain('QuickBooks has no customer with id 4040');
    const gap = await refusalOf(system().postInvoice(invoice({ lines: [{ glAccountNo: '84', departmentNo: null, amount: '5.00', memo: 'Receivable' }] })));
    expect(gap.message).toBe("Line 'Receivable' has no QuickBooks item: no active item in QuickBooks has income account 84. Add one there or map the line's kind to another account.");
    expect((await ledger()).invoices).toHaveLength(0);
  });

  it('refuses a date in a closed period, not to be retried', async () => {
    await setCompany({ closingDate: '2026-11-30' });
    const err = await refusalOf(system().postInvoice(invoice()));
    expect(err).toMatchObject({ status: 422, isRetryable: false, errorNo: QBO_CODES.closedPeriod });
    expect(err.message).toContain('closed period');
    expect(err.message).toContain('closed through 2026-11-30');
    await setCompany({ closingDate: null });
    expect((await system().postInvoice(invoice())).isAlreadyThere).toBe(false);
  });

  it('renews an expired access token on the 401 and calls again once, storing the rotated refresh token', async () => {
    const qb = system();
    await qb.readGlAccounts();
    expect(issued).toHaveLength(1);
    await fetch(`${sim.url}/quickbooks/__expireTokens`, { method: 'POST' });
    await qb.postInvoice(invoice());
    expect(issued).toHaveLength(2);
    expect(issued[1]!.refreshToken).not.toBe(issued[0]!.refreshToken);
    expect((await state()).tokensIssued).toBe(2);
    expect((await ledger()).invoices).toHaveLength(1);
  });

  it('answers a rate limit (429 ThrottleExceeded) as retryable', async () => {
    const qb = system();
    await qb.readGlAccounts();
    await setCompany({ requestLimit: 1 });
    const err = await refusalOf(qb.readGlAccounts());
    expect(err.isRetryable).toBe(true);
    expect(err.message).toContain('QuickBooks is busy');
    await setCompany({ requestLimit: null });
  });
});
