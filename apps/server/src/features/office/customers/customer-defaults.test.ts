import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyListRows, customers } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { multipart } from '../../platform/files/file-fixtures';
import { runDueJobs } from '../../platform/jobs/job-runner';
import { customerForm, demoCustomers } from './customer-fixtures';

let t: TestApp;
let polar: number;
let coastal: number;
/** Polar's list rows by list and name. */
const row: Record<string, number> = {};

const { isTaxExempt: _, ...formWithoutTax } = customerForm();
const DEFAULTS = { taxStatus: 'exempt' } as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  ({ polarId: polar, coastalId: coastal } = await demoCustomers(t));
  const rows = await t.db.select().from(companyListRows).where(eq(companyListRows.subscriberId, polar));
  for (const r of rows) row[`${r.listKey}:${r.name}`] = r.id;
  Object.assign(DEFAULTS, { termsId: row['terms:Net 30'], billingMethodId: row['billingMethods:Mail'], paymentMethodId: row['paymentMethods:Check'] });
  const saved = await t.call('PUT', '/api/v1/Settings/customerDefaultSetting', 'admin', DEFAULTS);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

const create = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/v1/Customer/create', 'admin', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customerId as number;
};
const read = async (id: number) => (await t.call('GET', `/api/v1/Customer/${id}`, 'admin')).json();
const EXPECTED_DEFAULTS = () => ({ isTaxExempt: true, termsId: DEFAULTS.termsId, billingMethodId: DEFAULTS.billingMethodId, paymentMethodId: DEFAULTS.paymentMethodId });

describe("a new customer takes the company's customer defaults", () => {
  it('offers the active rows and the defaults to the customer form', async () => {
    const res = await t.call('GET', '/api/v1/Customer/billingChoices', 'dispatcher');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().defaults).toEqual(EXPECTED_DEFAULTS());
    expect(res.json().terms).toContainEqual({ id: row['terms:Net 30'], name: 'Net 30' });
    expect(res.json().paymentMethods.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Cash', 'Check', 'Credit Card', 'ACH']));
  });

  it('gives the defaults to a customer created without those fields, and to a service location', async () => {
    const id = await create(formWithoutTax);
    expect(await read(id)).toMatchObject(EXPECTED_DEFAULTS());
    const location = await create({ ...formWithoutTax, name: 'Northpark Rink Annex', billingCustomerId: id });
    expect(await read(location)).toMatchObject(EXPECTED_DEFAULTS());
  });

  it('keeps what the form gives instead, none included; a change that leaves them out keeps them', async () => {
    const id = await create({ ...formWithoutTax, name: 'Given Terms Cafe', isTaxExempt: false, termsId: null, paymentMethodId: row['paymentMethods:ACH'] });
    const given = { isTaxExempt: false, termsId: null, billingMethodId: DEFAULTS.billingMethodId, paymentMethodId: row['paymentMethods:ACH'] };
    expect(await read(id)).toMatchObject(given);
    const kept = await t.call('PUT', `/api/v1/Customer/${id}`, 'admin', { ...formWithoutTax, name: 'Given Terms Cafe' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await read(id)).toMatchObject(given);
    const changed = await t.call('PUT', `/api/v1/Customer/${id}`, 'admin', { ...formWithoutTax, name: 'Given Terms Cafe', billingMethodId: null, termsId: row['terms:Net 15'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await read(id)).toMatchObject({ ...given, billingMethodId: null, termsId: row['terms:Net 15'] });
  });

  it("refuses another company's row or one of another list, and writes nothing", async () => {
    const [theirs] = await t.db.select().from(companyListRows).where(and(eq(companyListRows.subscriberId, coastal), eq(companyListRows.listKey, 'terms')));
    const before = await dbFingerprint(t.db);
    const foreign = await t.call('POST', '/api/v1/Customer/create', 'admin', { ...formWithoutTax, termsId: theirs.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().title).toMatch(/^Terms/);
    const wrongList = await t.call('POST', '/api/v1/Customer/create', 'admin', { ...formWithoutTax, paymentMethodId: row['terms:Net 30'] });
    expect(wrongList.statusCode).toBe(404);
    expect(wrongList.json().title).toMatch(/^Payment method/);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('refuses to delete a list row a customer uses, naming the customers', async () => {
    const id = await create({ ...formWithoutTax, name: 'Uses Money Order', paymentMethodId: (await t.call('POST', '/api/v1/ReferenceList/paymentMethods', 'admin', { name: 'Money Order' })).json().id });
    const used = (await read(id)).paymentMethodId;
    const res = await t.call('DELETE', `/api/v1/ReferenceList/paymentMethods/${used}`, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json().title).toContain('1 customer');
  });

  it('gives the defaults to imported customers whose file leaves them blank, and keeps a tax status the file gives', async () => {
    const file = Buffer.from(['External ID,Name,City,State,Tax Exempt', 'DEF-1,Blank Tax Deli,Dallas,TX,', 'DEF-2,Taxed Deli,Dallas,TX,No'].join('\r\n'));
    const body = await multipart([{ name: 'customers.csv', content: file, field: 'file' }]);
    const staged = await t.call('POST', '/api/v1/Imports/customers', 'admin', undefined, { payload: body.payload, headers: body.headers });
    expect(staged.statusCode, staged.body).toBe(200);
    expect((await t.call('POST', `/api/v1/Imports/${staged.json().importId}/commit`, 'admin')).statusCode).toBe(200);
    await runDueJobs(t.db);
    const rows = await t.db.select().from(customers).where(and(eq(customers.subscriberId, polar), eq(customers.city, 'Dallas')));
    const byExternal = (e: string) => rows.find((r) => r.externalId === e)!;
    expect(byExternal('DEF-1')).toMatchObject(EXPECTED_DEFAULTS());
    expect(byExternal('DEF-2')).toMatchObject({ ...EXPECTED_DEFAULTS(), isTaxExempt: false });
    // A second import with the tax status blank keeps the one the customer has.
    const again = Buffer.from(['External ID,Name,City,State,Tax Exempt', 'DEF-2,Taxed Deli,Dallas,TX,'].join('\r\n'));
    const body2 = await multipart([{ name: 'again.csv', content: again, field: 'file' }]);
    const staged2 = await t.call('POST', '/api/v1/Imports/customers', 'admin', undefined, { payload: body2.payload, headers: body2.headers });
    await t.call('POST', `/api/v1/Imports/${staged2.json().importId}/commit`, 'admin');
    await runDueJobs(t.db);
    const [after] = await t.db.select().from(customers).where(and(eq(customers.subscriberId, polar), eq(customers.externalId, 'DEF-2')));
    expect(after.isTaxExempt).toBe(false);
  });
});
