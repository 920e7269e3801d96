import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNumberOf, sumMoney } from '@sm/shared';
import { intacctAdditionalLineItems, intacctGlAccounts, intacctItemGlGroups, invoiceLines, standardItems, users, workOrderStandardItems } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startProviderSimulator, type RunningSimulator } from '../../field/providers/simulator/simulator-server';
import { knownBody, knownWorkOrder } from '../invoices/invoice-fixtures';
import { accountingKit, POSTED_KINDS } from './accounting-test-kit';
import { INTACCT_DEMO_CREDENTIALS } from './intacct-simulator-data';
import { intacctSimulator } from './intacct-simulator';
import { allowedSimulator } from '../../../test/allowed-simulator';

let t: TestApp;
let sim: RunningSimulator;

type Ledger = { invoices: { RECORDID: string; TOTALENTERED: string; lines: { GLACCOUNTNO: string; AMOUNT: string; MEMO: string; DEPARTMENTID: string }[] }[] };
const ledger = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as { intacct: { companies: Record<string, Ledger> } }).intacct.companies[INTACCT_DEMO_CREDENTIALS.companyId]!;
const { ok, work } = accountingKit(() => t, 'GLG');

/** Ids kept between the steps: the group, the items and the accounts by number. */
const ids = { group: 0, diagnostic: 0, coilWash: 0, disposal: 0, accounts: new Map<string, number>(), departments: new Map<string, number>() };
const account = (no: string) => ids.accounts.get(no)!;

/** An item of the standard items list as its PUT takes it. */
const itemBody = (row: { name: string; description: string | null; price: number }, itemGlGroupId: number | null) => ({
  name: row.name, description: row.description, price: row.price, itemGlGroupId, isActive: true,
});

beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(), startProviderSimulator({ plugins: [intacctSimulator()] }).then(allowedSimulator)]);
  const { senderId, senderPassword, companyId, userId, userPassword } = INTACCT_DEMO_CREDENTIALS;
  await ok('PUT', '/api/v1/Intacct/account', { endpointUrl: `${sim.url}/intacct/ia/xml/xmlgw.phtml`, senderId, senderPassword, companyId, userId, userPassword, isEnabled: true });
  for (const a of (await ok('POST', '/api/v1/Intacct/chartOfAccount/refresh')).rows) ids.accounts.set(a.accountNo, a.glAccountId);
  for (const d of (await ok('POST', '/api/v1/Intacct/departments/refresh')).rows) ids.departments.set(d.departmentNo, d.departmentId);
  const numbers: Record<string, string> = { tax: '2300', creditMemo: '4900', payment: '1150' };
  for (const kind of POSTED_KINDS) {
    await ok('PUT', `/api/v1/Intacct/lineKindAccounts/${kind}`, { glAccountId: account(numbers[kind] ?? '4000'), departmentId: kind === 'standardItem' ? ids.departments.get('INS') : null });
  }
});
afterAll(async () => {
  await Promise.all([t.close(), sim.close()]);
});

describe('item GL groups on standard items', () => {
  it('sets a group on a standard item through its list, which shows it and offers the groups', async () => {
    ids.group = (await ok('POST', '/api/v1/Intacct/itemGLGroup', { name: 'Diagnostics', glAccountId: account('4100') })).itemGlGroupId;
    expect(await ok('GET', '/api/v1/ReferenceList/standardItems/itemGlGroups')).toContainEqual({ id: ids.group, name: 'Diagnostics', isActive: true });
    const rows = await ok('GET', '/api/v1/ReferenceList/standardItems');
    const diagnostic = rows.find((r: { name: string }) => r.name === 'Diagnostic Fee');
    expect(diagnostic.itemGlGroupId).toBeNull();
    ids.diagnostic = diagnostic.id;
    expect(await ok('PUT', `/api/v1/ReferenceList/standardItems/${diagnostic.id}`, itemBody(diagnostic, ids.group))).toMatchObject({ name: 'Diagnostic Fee', itemGlGroupId: ids.group });
    const coilWash = await ok('POST', '/api/v1/ReferenceList/standardItems', { name: 'Coil Wash', description: null, price: 40 });
    expect(coilWash.itemGlGroupId).toBeNull();
    ids.coilWash = coilWash.id;
  });

  it("refuses another company's group on an item, and removing a group in use with how many items use it", async () => {
    const coastal = await ok('POST', '/api/v1/ReferenceList/standardItems', { name: 'Borrowed Group Item', price: 10 }, 'coastal.admin');
    const borrowed = await t.call('PUT', `/api/v1/ReferenceList/standardItems/${coastal.id}`, 'coastal.admin', itemBody(coastal, ids.group));
    expect(borrowed.statusCode).toBe(404);
    expect((await t.call('POST', '/api/v1/ReferenceList/standardItems', 'coastal.admin', { name: 'Other', price: 1, itemGlGroupId: ids.group })).statusCode).toBe(404);
    expect(await ok('GET', '/api/v1/ReferenceList/standardItems/itemGlGroups', undefined, 'coastal.admin')).toEqual([]);
    const refused = await t.call('DELETE', `/api/v1/Intacct/itemGLGroup/${ids.group}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().title).toBe('The item GL group Diagnostics is used by 1 standard item and cannot be removed: move them to another group first.');
    const unused = await ok('POST', '/api/v1/Intacct/itemGLGroup', { name: 'Unused', glAccountId: account('4100') });
    expect(await ok('DELETE', `/api/v1/Intacct/itemGLGroup/${unused.itemGlGroupId}`)).toEqual({ message: 'Item GL group Unused was removed.' });
  });
});

describe('additional line items on an invoice', () => {
  it('offers the active items only, and refuses retired, foreign and badly priced lines', async () => {
    ids.disposal = (await ok('POST', '/api/v1/Intacct/additionalLineItem', { name: 'Disposal fee', glAccountId: account('4300'), departmentId: ids.departments.get('SVC') })).additionalLineItemId;
    const retired = await ok('POST', '/api/v1/Intacct/additionalLineItem', { name: 'Old permit fee', glAccountId: account('4300'), isActive: false });
    expect(await ok('GET', '/api/v1/Billing/additionalLineItems')).toEqual([{ additionalLineItemId: ids.disposal, name: 'Disposal fee' }]);
    const [coastalAdmin] = await t.db.select().from(users).where(eq(users.userName, 'coastal.admin'));
    const [coastalAccount] = await t.db.insert(intacctGlAccounts).values({ subscriberId: coastalAdmin.subscriberId, number: '4000', title: 'Income' }).returning();
    const [foreign] = await t.db.insert(intacctAdditionalLineItems).values({ subscriberId: coastalAdmin.subscriberId, name: 'Coastal fee', glAccountId: coastalAccount.id }).returning();
    const [coastalGroup] = await t.db.insert(intacctItemGlGroups).values({ subscriberId: coastalAdmin.subscriberId, name: 'Coastal group', glAccountId: coastalAccount.id }).returning();
    const [coilWash] = (await ok('GET', '/api/v1/ReferenceList/standardItems')).filter((r: { name: string }) => r.name === 'Coil Wash');
    expect((await t.call('PUT', `/api/v1/ReferenceList/standardItems/${coilWash.id}`, 'admin', itemBody(coilWash, coastalGroup.id))).statusCode).toBe(404);

    const known = await knownWorkOrder(t, 'GLG-CHECKS');
    const preview = (additionalLines: unknown[]) => t.call('POST', '/api/v1/Invoice/preview', 'admin', { ...knownBody(known.workOrder.id, known.laborIds[0]), additionalLines });
    expect((await preview([{ additionalLineItemId: foreign.id, description: 'Fee', amount: 10 }])).statusCode).toBe(404);
    const old = await preview([{ additionalLineItemId: retired.additionalLineItemId, description: 'Permit', amount: 10 }]);
    expect(old.statusCode).toBe(409);
    expect(old.json().title).toBe('The additional line item Old permit fee is retired and can no longer be added to an invoice.');
    for (const [amount, sentence] of [[0, 'Amount must be more than 0.'], [-5, 'Amount must not be negative.'], [1.234, 'Amount must have at most two decimals.']] as const) {
      const bad = await preview([{ additionalLineItemId: ids.disposal, description: 'Fee', amount }]);
      expect(bad.statusCode, String(amount)).toBe(400);
      expect(bad.json().title).toBe(sentence);
    }
    const shown = await preview([{ additionalLineItemId: ids.disposal, description: 'Old unit hauled away', amount: 35.1 }]);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().lines).toContainEqual({ kind: 'line', label: 'Old unit hauled away', amount: 35.1 });
    expect(shown.json().totals).toMatchObject({ additionalLineItems: 35.1, additionalLines: [{ additionalLineItemId: ids.disposal, description: 'Old unit hauled away', amount: 35.1 }] });
  });

  it("posts a grouped item to its group's account, an ungrouped one to its kind's, an additional line to its own; to the cent", async () => {
    const known = await knownWorkOrder(t, 'GLG-POST');
    const [coilWash] = await t.db.select().from(standardItems).where(eq(standardItems.id, ids.coilWash));
    await t.db.insert(workOrderStandardItems).values({ subscriberId: coilWash.subscriberId, workOrderId: known.workOrder.id, standardItemId: coilWash.id, name: coilWash.name, quantity: '1', unitPrice: coilWash.price });
    const body = { ...knownBody(known.workOrder.id, known.laborIds[0]), additionalLines: [{ additionalLineItemId: ids.disposal, description: 'Old unit hauled away', amount: 35.1 }] };
    const invoice = await ok('POST', '/api/v1/Invoice/submit', body);
    // The known invoice (1193.58) with the coil wash (40.00) and the disposal (35.10); Texas taxes no services, so the tax stays 2.55.
    expect(invoice.totals).toMatchObject({ total: 1268.68, tax: 2.55, additionalLineItems: 35.1 });
    const stored = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.invoiceId));
    expect(stored.filter((l) => l.kind === 'standardItem').map((l) => l.standardItemId).sort()).toEqual([ids.diagnostic, ids.coilWash].sort());
    expect(stored.find((l) => l.kind === 'additionalLineItem')).toMatchObject({ additionalLineItemId: ids.disposal, description: 'Old unit hauled away', amount: '35.10' });
    expect((await ok('GET', `/api/v1/Invoice/${invoice.invoiceId}?displayMode=details`)).lines).toContainEqual({ kind: 'line', label: 'Old unit hauled away', amount: 35.1 });

    await work();
    const [posted] = (await ledger()).invoices.filter((i) => i.RECORDID === String(invoice.invoiceNumber));
    const line = (memo: string) => posted.lines.find((l) => l.MEMO === memo);
    expect(line('Diagnostic Fee')).toMatchObject({ GLACCOUNTNO: '4100', DEPARTMENTID: 'INS', AMOUNT: '95.00' });
    expect(line('Coil Wash')).toMatchObject({ GLACCOUNTNO: '4000', DEPARTMENTID: 'INS', AMOUNT: '40.00' });
    expect(line('Old unit hauled away')).toMatchObject({ GLACCOUNTNO: '4300', DEPARTMENTID: 'SVC', AMOUNT: '35.10' });
    expect(posted.TOTALENTERED).toBe('1268.68');
    expect(sumMoney(posted.lines.map((l) => l.AMOUNT))).toBe('1268.68');
    expect(jsonNumberOf(posted.TOTALENTERED)).toBe(invoice.totals.total);

    const inUse = await t.call('DELETE', `/api/v1/Intacct/additionalLineItem/${ids.disposal}`, 'admin');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().title).toBe('The additional line item Disposal fee is on 1 invoice line and cannot be removed. Retire it instead.');
  });

  it("posts a standard item whose group is gone to its kind's account, and stops on a gap naming the line", async () => {
    await t.db.update(standardItems).set({ itemGlGroupId: null }).where(and(eq(standardItems.id, ids.diagnostic)));
    await ok('DELETE', '/api/v1/Intacct/lineKindAccounts/standardItem');
    const known = await knownWorkOrder(t, 'GLG-GAP');
    const invoice = await ok('POST', '/api/v1/Invoice/submit', knownBody(known.workOrder.id, known.laborIds[0]));
    await work();
    const posting = (await ok('GET', `/api/v1/Intacct/syncLog?invoiceId=${invoice.invoiceId}`)).data[0];
    expect(posting).toMatchObject({ status: 'failed', message: "Line 'Diagnostic Fee' has no GL account: map Standard items in Intacct settings." });
  });
});
