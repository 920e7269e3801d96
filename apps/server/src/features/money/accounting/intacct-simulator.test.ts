import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProviderSimulator, type RunningSimulator } from '../../field/providers/simulator/simulator-server';
import { AccountingError, type AccountingInvoice } from './accounting-system';
import { intacctSystem, type IntacctCredentials } from './intacct-client';
import { INTACCT_DEMO_CREDENTIALS } from './intacct-simulator-data';
import { intacctSimulator } from './intacct-simulator';
import { INTACCT_ERRORS } from './intacct-wire';
import { allowedSimulator } from '../../../test/allowed-simulator';

let sim: RunningSimulator;
let creds: IntacctCredentials;

beforeAll(async () => {
  sim = await startProviderSimulator({ plugins: [intacctSimulator()] }).then(allowedSimulator);
  creds = { endpointUrl: `${sim.url}/intacct/ia/xml/xmlgw.phtml`, ...INTACCT_DEMO_CREDENTIALS };
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
});
afterAll(async () => {
  await sim.close();
});

const company = INTACCT_DEMO_CREDENTIALS.companyId;
/** A fresh adapter with its own session cache key (the password differs only in the key, never in what is sent). */
let n = 0;
const system = (changes: Partial<IntacctCredentials> = {}) => intacctSystem({ ...creds, endpointUrl: `${creds.endpointUrl}?c=${++n}`, ...changes });
const state = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as { intacct: { sessionsIssued: number; companies: Record<string, { invoices: { RECORDID: string; TOTALENTERED: string; TOTALPAID: string }[]; payments: unknown[]; adjustments: unknown[] }> } }).intacct;
const setCompany = (body: object) => fetch(`${sim.url}/intacct/__company/${company}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const invoice = (changes: Partial<AccountingInvoice> = {}): AccountingInvoice => ({
  documentNumber: '1001',
  customerId: 'C-1',
  date: '2026-11-20',
  dueDate: '2026-12-20',
  description: 'Work order 5001',
  lines: [
    { glAccountNo: '4000', departmentNo: 'SVC', amount: '120.50', memo: 'Regular' },
    { glAccountNo: '4100', departmentNo: null, amount: '79.49', memo: 'Filter' },
  ],
  ...changes,
});
/** The refusal a call ends in. */
async function refusalOf(call: Promise<unknown>): Promise<AccountingError> {
  const err = await call.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AccountingError);
  return err as AccountingError;
}

describe('the Intacct adapter against the simulator', () => {
  it('reads the chart of accounts and the departments with readByQuery', async () => {
    const accounts = await system().readGlAccounts();
    expect(accounts).toContainEqual({ number: '4000', title: 'Service Labor Income', isActive: true });
    expect(accounts).toContainEqual({ number: '4999', title: 'Old Income (closed)', isActive: false });
    expect(await system().readDepartments()).toEqual([{ number: 'SVC', title: 'Service', isActive: true }, { number: 'INS', title: 'Installation', isActive: true }]);
  });

  it('creates an AR invoice once, with its total to the cent, and answers a second create as already there', async () => {
    const s = system();
    const first = await s.postInvoice(invoice());
    expect(first).toEqual({ recordNo: expect.any(String), isAlreadyThere: false });
    expect(await s.postInvoice(invoice())).toEqual({ recordNo: first.recordNo, isAlreadyThere: true });
    const { invoices } = (await state()).companies[company]!;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ RECORDID: '1001', TOTALENTERED: '199.99' });
  });

  it('creates a payment against the invoice and a credit memo as an AR adjustment', async () => {
    const s = system();
    const posted = await s.postInvoice(invoice());
    const payment = { documentNumber: 'P-1', customerId: 'C-1', date: '2026-11-21', amount: '100.00', applications: [{ recordNo: posted.recordNo, amount: '100.00' }], paymentMethod: 'Printed Check', undepositedGlAccountNo: '1150' };
    expect(await s.postPayment(payment)).toMatchObject({ isAlreadyThere: false });
    expect(await s.postPayment(payment)).toMatchObject({ isAlreadyThere: true });
    await s.postCreditMemo({ documentNumber: 'CM-1', customerId: 'C-1', date: '2026-11-22', description: 'Goodwill', lines: [{ glAccountNo: '4900', departmentNo: null, amount: '10.00', memo: 'Goodwill' }] });
    const ledger = (await state()).companies[company]!;
    expect(ledger.invoices[0]).toMatchObject({ TOTALPAID: '100.00' });
    expect(ledger.payments).toHaveLength(1);
    expect(ledger.adjustments).toHaveLength(1);
  });

  it('reads a list longer than a page with readMore', async () => {
    const paged = intacctSystem({ ...creds, endpointUrl: `${creds.endpointUrl}?paged` }, { pageSize: 3 });
    const accounts = await paged.readGlAccounts();
    expect(accounts.map((a) => a.number)).toEqual(['1100', '1150', '2300', '4000', '4010', '4100', '4200', '4300', '4900', '4999']);
  });

  it('signs in once and calls with the session after that', async () => {
    const s = system();
    const before = (await state()).sessionsIssued;
    await s.readGlAccounts();
    await s.readDepartments();
    expect((await state()).sessionsIssued - before).toBe(1);
  });
});

describe('what the simulated Intacct refuses', () => {
  it('a wrong sender id or password', async () => {
    const err = await refusalOf(system({ senderPassword: 'wrong' }).readGlAccounts());
    expect(err).toMatchObject({ errorNo: INTACCT_ERRORS.badSender, isRetryable: false });
    expect(err.message).toContain('Incorrect Intacct XML Partner ID or password.');
  });

  it('a wrong company user or password', async () => {
    const err = await refusalOf(system({ userPassword: 'wrong' }).readGlAccounts());
    expect(err).toMatchObject({ errorNo: INTACCT_ERRORS.badLogin, isRetryable: false });
    expect((await refusalOf(system({ companyId: 'NOBODY' }).readGlAccounts())).errorNo).toBe(INTACCT_ERRORS.badLogin);
  });

  it('an expired or unknown session, which the adapter replaces by signing in again', async () => {
    const s = system();
    await s.readGlAccounts();
    await fetch(`${sim.url}/intacct/__expireSessions`, { method: 'POST' });
    const raw = await fetch(`${sim.url}/intacct/ia/xml/xmlgw.phtml`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: `<request><control><senderid>${creds.senderId}</senderid><password>${creds.senderPassword}</password></control><operation><authentication><sessionid>made-up</sessionid></authentication><content><function controlid="x"><readByQuery><object>GLACCOUNT</object></readByQuery></function></content></operation></request>`,
    });
    const text = await raw.text();
    expect(text).toContain(`<errorno>${INTACCT_ERRORS.badSession}</errorno>`);
    expect(text).toContain('<status>failure</status>');
    const before = (await state()).sessionsIssued;
    expect(await s.readDepartments()).toHaveLength(2);
    expect((await state()).sessionsIssued - before).toBe(1);
  });

  it('an unknown or inactive GL account, and an unknown department', async () => {
    const unknown = await refusalOf(system().postInvoice(invoice({ lines: [{ glAccountNo: '9999', departmentNo: null, amount: '1.00', memo: 'x' }] })));
    expect(unknown).toMatchObject({ errorNo: INTACCT_ERRORS.unknownAccount, isRetryable: false, message: 'Intacct: GL account 9999 does not exist.' });
    const inactive = await refusalOf(system().postInvoice(invoice({ lines: [{ glAccountNo: '4999', departmentNo: null, amount: '1.00', memo: 'x' }] })));
    expect(inactive.message).toBe('Intacct: GL account 4999 is inactive.');
    const department = await refusalOf(system().postInvoice(invoice({ lines: [{ glAccountNo: '4000', departmentNo: 'NOPE', amount: '1.00', memo: 'x' }] })));
    expect(department).toMatchObject({ errorNo: INTACCT_ERRORS.unknownDepartment, message: 'Intacct: Department NOPE does not exist.' });
    expect((await state()).companies[company]!.invoices).toEqual([]);
  });

  it('a date in a closed period', async () => {
    await setCompany({ periodClosedThrough: '2026-11-30' });
    const err = await refusalOf(system().postInvoice(invoice()));
    expect(err).toMatchObject({ errorNo: INTACCT_ERRORS.closedPeriod, isRetryable: false });
    expect(err.message).toBe('Intacct: The transaction date 11/20/2026 is in a closed period: the books are closed through 2026-11-30.');
    await setCompany({ periodClosedThrough: '2026-11-19' });
    expect(await system().postInvoice(invoice())).toMatchObject({ isAlreadyThere: false });
  });

  it('a payment of an invoice it does not know, or of more than is due, also across its details', async () => {
    const s = system();
    const payment = { documentNumber: 'P-9', customerId: 'C-1', date: '2026-11-21', amount: '10.00', applications: [{ recordNo: '424242', amount: '10.00' }], paymentMethod: 'Cash', undepositedGlAccountNo: '1150' };
    expect((await refusalOf(s.postPayment(payment))).errorNo).toBe(INTACCT_ERRORS.unknownRecord);
    const posted = await s.postInvoice(invoice());
    expect((await refusalOf(s.postPayment({ ...payment, applications: [{ recordNo: posted.recordNo, amount: '200.00' }], amount: '200.00' }))).message).toContain('more than invoice 1001 has due');
    const twice = [{ recordNo: posted.recordNo, amount: '150.00' }, { recordNo: posted.recordNo, amount: '50.00' }];
    expect((await refusalOf(s.postPayment({ ...payment, applications: twice, amount: '200.00' }))).message).toContain('more than invoice 1001 has due');
    // Nothing of a refused payment is kept, not even the part applied to a known invoice.
    expect((await refusalOf(s.postPayment({ ...payment, applications: [{ recordNo: posted.recordNo, amount: '100.00' }, { recordNo: '424242', amount: '3.00' }], amount: '103.00' }))).errorNo).toBe(INTACCT_ERRORS.unknownRecord);
    expect((await state()).companies[company]!.invoices[0]).toMatchObject({ TOTALPAID: '0.00' });
  });

  it('a payment applied to several invoices, one ARPYMTDETAIL each, settling each by its part', async () => {
    const s = system();
    const posted = await s.postInvoice(invoice());
    const fee = await s.postInvoice(invoice({ documentNumber: '1001-P1-FEE', lines: [{ glAccountNo: '4300', departmentNo: null, amount: '3.00', memo: 'Convenience fee' }] }));
    const applications = [{ recordNo: posted.recordNo, amount: '100.00' }, { recordNo: fee.recordNo, amount: '3.00' }];
    await s.postPayment({ documentNumber: '1001-P1', customerId: 'C-1', date: '2026-11-21', amount: '103.00', applications, paymentMethod: 'Credit Card', undepositedGlAccountNo: '1150' });
    const ledger = (await state()).companies[company]!;
    expect(ledger.invoices.map((i) => [i.RECORDID, i.TOTALENTERED, i.TOTALPAID])).toEqual([['1001', '199.99', '100.00'], ['1001-P1-FEE', '3.00', '3.00']]);
    expect(ledger.payments).toEqual([expect.objectContaining({ DOCNUMBER: '1001-P1', TOTALENTERED: '103.00', details: [{ RECORDKEY: posted.recordNo, TRX_PAYMENTAMOUNT: '100.00' }, { RECORDKEY: fee.recordNo, TRX_PAYMENTAMOUNT: '3.00' }] })]);
  });

  it('too many requests in a minute, as a failure worth trying again', async () => {
    const s = system();
    await s.readGlAccounts();
    await setCompany({ requestLimit: 0 });
    const err = await refusalOf(s.readDepartments());
    expect(err).toMatchObject({ errorNo: INTACCT_ERRORS.rateLimited, isRetryable: true });
  });

  it('a request that is not XML', async () => {
    const res = await fetch(`${sim.url}/intacct/ia/xml/xmlgw.phtml`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: 'not xml <' });
    expect(await res.text()).toContain(INTACCT_ERRORS.badRequest);
  });
});
