import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, subscribers } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { COMMIT_BATCH } from './import-commit.service';
import { importFile, lines } from './import-fixtures';

let t: TestApp;
let polar: number;
beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.db.select().from(subscribers).where(eq(subscribers.name, 'Polar Refrigeration'));
  polar = p.id;
});
afterAll(() => t.close());

const customersLike = (prefix: string) => t.db.select().from(customers).where(and(eq(customers.subscriberId, polar), sql`${customers.externalId} like ${`${prefix}%`}`));
const HEADER = 'External ID,Name,Address,City,State,Zip,Location Name,Location Address,Location City,Location State,Location Zip';

describe('customer imports written a batch at a time', () => {
  it('writes a file of several batches whole with its locations, counts every row once, and updates by external id the second time', async () => {
    const n = COMMIT_BATCH + 7;
    const fileOf = (suffix: string) => lines(HEADER, ...Array.from({ length: n }, (_, i) => `BAT-${i},Batch Customer ${i}${suffix},${i} Main St,Dallas,TX,75201,Store ${i},${i} Elm St,Dallas,TX,75201`));
    const first = await importFile(t, 'customers', 'batches.csv', fileOf(''));
    expect(first.preview).toMatchObject({ totalRows: n, toCreate: n, toUpdate: 0, rejectedRows: 0 });
    expect(first.done).toMatchObject({ state: 'done', processedRows: n, createdRows: n, updatedRows: 0, rejectedRows: 0 });
    const written = await customersLike('BAT-');
    expect(written).toHaveLength(2 * n);
    const lastOne = written.find((c) => c.externalId === `BAT-${n - 1}`)!;
    expect(lastOne).toMatchObject({ name: `Batch Customer ${n - 1}`, isBillingCustomer: true, billingCustomerId: null });
    expect(written.find((c) => c.externalId === `BAT-${n - 1}:Store ${n - 1}`)).toMatchObject({ billingCustomerId: lastOne.id, isBillingCustomer: false, address: `${n - 1} Elm St` });

    const again = await importFile(t, 'customers', 'batches.csv', fileOf(' Renamed'));
    expect(again.preview).toMatchObject({ toCreate: 0, toUpdate: n });
    expect(again.done).toMatchObject({ state: 'done', processedRows: n, createdRows: 0, updatedRows: n });
    const after = await customersLike('BAT-');
    expect(after).toHaveLength(2 * n);
    expect(after.find((c) => c.externalId === 'BAT-1003')?.name).toBe('Batch Customer 1003 Renamed');
    expect(after.find((c) => c.externalId === 'BAT-1003')?.id).toBe(written.find((c) => c.externalId === 'BAT-1003')?.id);
  });

  it('keeps the text as the file has it: quotes, backslashes, accents and symbols', async () => {
    const name = 'O\'Brien "Best" \\ Café – 東京 🍕';
    const { done } = await importFile(t, 'customers', 'text.csv', lines(HEADER, `TXT-1,"${name.replaceAll('"', '""')}",1 Main St,Dallas,TX,75201,"Back ""Room""",2 Main St,Dallas,TX,75201`));
    expect(done).toMatchObject({ state: 'done', createdRows: 1 });
    const rows = await customersLike('TXT-1');
    expect(rows.find((c) => c.externalId === 'TXT-1')?.name).toBe(name);
    expect(rows.find((c) => c.externalId === 'TXT-1:Back "Room"')?.name).toBe('Back "Room"');
  });

  it('a customer named twice in one batch is written once, with the values of its last row', async () => {
    const { done } = await importFile(
      t,
      'customers',
      'twice.csv',
      lines(HEADER, 'TWICE-1,First Name,1 Main St,Dallas,TX,75201,Dock,1 Dock Rd,Dallas,TX,75201', 'TWICE-1,Second Name,2 Main St,Dallas,TX,75201,Dock,2 Dock Rd,Dallas,TX,75201'),
    );
    expect(done).toMatchObject({ state: 'done', processedRows: 2, rejectedRows: 0 });
    const rows = await customersLike('TWICE-1');
    expect(rows.map((r) => [r.externalId, r.name, r.address]).sort()).toEqual([
      ['TWICE-1', 'Second Name', '2 Main St'],
      ['TWICE-1:Dock', 'Dock', '2 Dock Rd'],
    ]);
  });

  it('refuses while writing a row whose location is a billing customer, reports it, and writes the rest of its batch', async () => {
    await importFile(t, 'customers', 'payer.csv', lines('External ID,Name', 'PAYER-1,Payer'));
    const { done } = await importFile(
      t,
      'customers',
      'clash.csv',
      lines(
        'External ID,Name,Location External ID,Location Name,Location Address,Location City,Location State,Location Zip',
        'CLASH-1,Clash Customer,PAYER-1,Clash Site,1 Main St,Dallas,TX,75201',
        'CLASH-2,Fine Customer,CLASH-2-L,Fine Site,2 Main St,Dallas,TX,75201',
      ),
    );
    expect(done).toMatchObject({ state: 'done', processedRows: 2, createdRows: 1, rejectedRows: 1 });
    expect(done.rejected).toEqual([{ line: 2, externalId: 'PAYER-1', message: "Location External ID PAYER-1 is a billing customer's, not a service location's." }]);
    expect(await customersLike('CLASH-1')).toEqual([]);
    expect((await customersLike('CLASH-2')).map((c) => c.externalId).sort()).toEqual(['CLASH-2', 'CLASH-2-L']);
    expect((await customersLike('PAYER-1')).map((c) => [c.name, c.isBillingCustomer])).toEqual([['Payer', true]]);
    const report = await t.call('GET', `/api/v1/Imports/${done.importId}/rejected.csv`, 'admin');
    expect(report.body).toContain('2,"Location External ID PAYER-1 is a billing customer\'s, not a service location\'s.",CLASH-1,Clash Customer,PAYER-1,Clash Site');
  });
});
