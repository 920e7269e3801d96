import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, customers, imports, standardItems, subscribers, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runDueJobs } from '../jobs/job-runner';
import { importFile as importFileOf, lines, uploadImport } from './import-fixtures';
import { EMPTY_FILE, NOT_A_SPREADSHEET } from './import-read';

let t: TestApp;
let polar: number;
let coastal: number;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://app.example.com' });
  const [p] = await t.db.select().from(subscribers).where(eq(subscribers.name, 'Polar Refrigeration'));
  const [c] = await t.db.select().from(subscribers).where(eq(subscribers.name, 'Coastal Air'));
  polar = p.id;
  coastal = c.id;
});
afterAll(() => t.close());

const upload = (kind: string, name: string, content: Buffer, as = 'admin') => uploadImport(t, kind, name, content, as);
const importFile = (kind: string, name: string, content: Buffer) => importFileOf(t, kind, name, content);

const companyCustomers = (sid: number, prefix: string) => t.db.select().from(customers).where(and(eq(customers.subscriberId, sid), sql`${customers.externalId} like ${`${prefix}%`}`));

describe('importing customers', () => {
  const file = lines(
    'External ID,Name,Address,City,State,Zip,Phone,Email,Location Name,Location Address,Location City,Location State,Location Zip',
    'IMP-1,Frost Bite Diner,1 Main St,Dallas,TX,75201,214-555-0101,diner@example.com,Kitchen,2 Main St,Dallas,TX,75201',
    'IMP-2,Ice House,3 Elm St,Plano,TX,75024,,,,,,,',
    'IMP-3,,4 Oak St,Dallas,TX,75201,,,,,,,',
    'IMP-4,Cold Corner,5 Pine St,Dallas,Texas,75201,,,Back Room,6 Pine St,Dallas,TX,75201',
    'IMP-5,Chill Market,7 Ash St,Dallas,TX,75201,,,,,,,',
  );

  it('previews every row before writing, then writes the good rows with their locations and none of the bad', async () => {
    const staged = await upload('customers', 'customers.csv', file);
    expect(staged.statusCode, staged.body).toBe(200);
    const preview = staged.json();
    expect(preview).toMatchObject({ kind: 'customers', format: 'CSV', state: 'previewed', totalRows: 5, toCreate: 3, toUpdate: 0, rejectedRows: 2 });
    expect(preview.rejected).toEqual([
      { line: 4, externalId: 'IMP-3', message: 'Name field is required!' },
      { line: 5, externalId: 'IMP-4', message: 'State must be at most 2 characters. State must be two letters, like TX.' },
    ]);
    expect(preview.planned.map((p: { line: number; action: string }) => [p.line, p.action])).toEqual([[2, 'create'], [3, 'create'], [6, 'create']]);
    expect(await companyCustomers(polar, 'IMP-')).toEqual([]);

    const commit = await t.call('POST', `/api/v1/Imports/${preview.importId}/commit`, 'admin');
    expect(commit.json().state).toBe('queued');
    expect((await t.call('POST', `/api/v1/Imports/${preview.importId}/commit`, 'admin')).statusCode).toBe(409);
    await runDueJobs(t.db);
    const done = (await t.call('GET', `/api/v1/Imports/${preview.importId}`, 'admin')).json();
    expect(done).toMatchObject({ state: 'done', processedRows: 3, createdRows: 3, updatedRows: 0, rejectedRows: 2 });
    const rows = await companyCustomers(polar, 'IMP-');
    expect(rows.map((r) => r.externalId).sort()).toEqual(['IMP-1', 'IMP-1:Kitchen', 'IMP-2', 'IMP-5']);
    const diner = rows.find((r) => r.externalId === 'IMP-1')!;
    expect(rows.find((r) => r.externalId === 'IMP-1:Kitchen')).toMatchObject({ name: 'Kitchen', billingCustomerId: diner.id, isBillingCustomer: false, address: '2 Main St' });
    expect(diner).toMatchObject({ isBillingCustomer: true, phone: '214-555-0101', email: 'diner@example.com' });

    const report = await t.call('GET', `/api/v1/Imports/${preview.importId}/rejected.csv`, 'admin');
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain('customers-rejected.csv');
    const reportLines = report.body.trim().split('\r\n');
    expect(reportLines).toHaveLength(3);
    expect(reportLines[0]).toBe('Line,Error,External ID,Name,Address,City,State,Zip,Phone,Email,Location Name,Location Address,Location City,Location State,Location Zip');
    expect(reportLines[1]).toBe('4,Name field is required!,IMP-3,,4 Oak St,Dallas,TX,75201,,,,,,,');
    expect(reportLines[2]).toContain('5,"State must be at most 2 characters. State must be two letters, like TX.",IMP-4,Cold Corner');
  });

  it('updates by external id on a second import instead of duplicating', async () => {
    const { preview, done } = await importFile('customers', 'again.csv', lines('External ID,Name,City,State', 'IMP-2,Ice House North,Frisco,TX', 'IMP-6,New Chill,Dallas,TX'));
    expect(preview).toMatchObject({ toCreate: 1, toUpdate: 1, rejectedRows: 0 });
    expect(done).toMatchObject({ state: 'done', createdRows: 1, updatedRows: 1 });
    const rows = await companyCustomers(polar, 'IMP-2');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ice House North', city: 'Frisco' });
  });

  it('never matches another company\'s rows', async () => {
    await t.db.insert(customers).values({ subscriberId: coastal, name: 'Coastal Shop', address: '', city: '', state: '', zip: '', isBillingCustomer: true, externalId: 'SHARED-1' });
    const { done } = await importFile('customers', 'shared.csv', lines('External ID,Name', 'SHARED-1,Polar Shop'));
    expect(done).toMatchObject({ createdRows: 1, updatedRows: 0 });
    expect((await companyCustomers(coastal, 'SHARED-1')).map((r) => r.name)).toEqual(['Coastal Shop']);
    expect((await companyCustomers(polar, 'SHARED-1')).map((r) => r.name)).toEqual(['Polar Shop']);
    // Another company's import is not found, and its history is its own.
    const theirs = await t.call('GET', `/api/v1/Imports/${done.importId}`, 'coastal.admin');
    expect(theirs.statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/Imports', 'coastal.admin')).json().data.map((i: { importId: number }) => i.importId)).not.toContain(done.importId);
  });

  it('reads XLSX', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Customers');
    sheet.addRow(['External ID', 'Name', 'Zip', 'Tax Exempt']);
    sheet.addRow(['X-1', 'Sheet Diner', 75201, 'Yes']);
    sheet.addRow(['X-2', 'Sheet Bad Zip', 752, 'No']);
    const { preview, done } = await importFile('customers', 'customers.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(preview).toMatchObject({ format: 'XLSX', totalRows: 2, toCreate: 1, rejectedRows: 1 });
    expect(preview.rejected).toEqual([{ line: 3, externalId: 'X-2', message: 'Zip must be 5 digits or 5+4 digits, like 75201 or 75201-1234.' }]);
    expect(done.createdRows).toBe(1);
    expect((await companyCustomers(polar, 'X-1'))[0]).toMatchObject({ name: 'Sheet Diner', zip: '75201', isTaxExempt: true });
  });

  it('reads the QuickBooks Desktop customer list, its jobs as service locations', async () => {
    const { preview, done } = await importFile(
      'customers',
      'qb.csv',
      lines(
        ',Active Status,Customer,Company,Main Phone,Main Email,Bill to 1,Bill to 2,Bill to 3,Ship to 1,Ship to 2,Ship to 3',
        ',Active,Walton Foods,Walton Foods Inc,(214) 555-0190,ap@walton.example,Walton Foods Inc,100 Commerce St,"Dallas, TX 75202",,,',
        ',Active,Walton Foods:Store 9,,,,,,,Store 9,9 Lake Rd,"Garland, TX 75040"',
      ),
    );
    expect(preview).toMatchObject({ format: 'QuickBooks Desktop customer list (CSV)', toCreate: 2, rejectedRows: 0 });
    expect(done).toMatchObject({ createdRows: 2 });
    const [parent] = await companyCustomers(polar, 'Walton Foods');
    const store = (await companyCustomers(polar, 'Walton Foods:')).find((r) => r.externalId === 'Walton Foods:Store 9');
    expect(parent).toMatchObject({ name: 'Walton Foods Inc', address: '100 Commerce St', city: 'Dallas', state: 'TX', zip: '75202', phone: '214-555-0190' });
    expect(store).toMatchObject({ name: 'Store 9', address: '9 Lake Rd', city: 'Garland', billingCustomerId: parent.id });
  });
});

describe('importing contacts, users and standard items', () => {
  it('contacts: two bad rows reported, the good ones written under their customers, then updated by external id', async () => {
    const file = lines('External ID,Customer External ID,Name,Title,Phone,Email,Primary', 'CT-1,IMP-1,Dana Whitfield,Manager,214-555-0177,dana@example.com,Yes', 'CT-2,IMP-1,Sam Ortiz,,,sam@,No', 'CT-3,NOPE,Lee Park,,,,', 'CT-4,IMP-2,Kim Lee,,,,');
    const { preview, done } = await importFile('contacts', 'contacts.csv', file);
    expect(preview.rejected).toEqual([
      { line: 3, externalId: 'CT-2', message: 'Email is not a valid e-mail address.' },
      { line: 4, externalId: 'CT-3', message: "Customer External ID NOPE is not one of the company's customers: import the customers first." },
    ]);
    expect(done).toMatchObject({ createdRows: 2, rejectedRows: 2 });
    const rows = await t.db.select().from(contacts).where(and(eq(contacts.subscriberId, polar), sql`${contacts.externalId} like 'CT-%'`));
    expect(rows.map((r) => r.externalId).sort()).toEqual(['CT-1', 'CT-4']);
    const again = await importFile('contacts', 'contacts.csv', lines('External ID,Customer External ID,Name', 'CT-1,IMP-1,Dana W.'));
    expect(again.done).toMatchObject({ updatedRows: 1, createdRows: 0 });
    expect((await t.db.select().from(contacts).where(eq(contacts.externalId, 'CT-1'))).map((c) => c.name)).toEqual(['Dana W.']);
  });

  it('users: invited with their roles, two bad rows reported, then updated by external id', async () => {
    const file = lines(
      'External ID,Name,Email,User Name,Roles,Phone',
      'U-1,Pat Imported,pat@example.com,pat.imported,Technician,214-555-0150',
      'U-2,No Roles,noroles@example.com,no.roles,,',
      'U-3,Taken Name,taken@example.com,admin,Technician,',
      'U-4,Two Roles,two@example.com,two.roles,Technician; Dispatcher,',
    );
    const { preview, done } = await importFile('users', 'users.csv', file);
    expect(preview.rejected).toEqual([
      { line: 3, externalId: 'U-2', message: 'Choose at least one role.' },
      { line: 4, externalId: 'U-3', message: 'The user name admin is taken. Choose another one.' },
    ]);
    expect(done).toMatchObject({ createdRows: 2, rejectedRows: 2 });
    const [pat] = await t.db.select().from(users).where(eq(users.externalId, 'U-1'));
    expect(pat).toMatchObject({ userName: 'pat.imported', isInvitationPending: true, subscriberId: polar });
    const again = await importFile('users', 'users.csv', lines('External ID,Name,Email,User Name,Roles', 'U-1,Pat Renamed,pat@example.com,pat.imported,Technician'));
    expect(again.done).toMatchObject({ updatedRows: 1, createdRows: 0 });
    expect((await t.db.select().from(users).where(eq(users.externalId, 'U-1'))).map((u) => u.name)).toEqual(['Pat Renamed']);
  });

  it('standard items, from the QuickBooks item list too, two bad rows reported, then updated by external id', async () => {
    const file = lines('External ID,Name,Price,Description', 'S-1,Imported Fee,"$1,250.50",After hours', 'S-2,Bad Price,abc,', 'S-3,Negative,-5,', 'S-4,Second Fee,10,');
    const { preview, done } = await importFile('standardItems', 'items.csv', file);
    expect(preview.rejected).toEqual([
      { line: 3, externalId: 'S-2', message: 'Price must be a number.' },
      { line: 4, externalId: 'S-3', message: 'Price must not be negative.' },
    ]);
    expect(done).toMatchObject({ createdRows: 2 });
    expect((await t.db.select().from(standardItems).where(eq(standardItems.externalId, 'S-1')))[0]).toMatchObject({ name: 'Imported Fee', price: '1250.50' });
    const qb = await importFile('standardItems', 'qb-items.csv', lines('Active Status,Type,Item,Description,Price', 'Active,Service,S-1 Renamed,,', 'Active,Service,Trip Charge QB,Trip,85.00'));
    expect(qb.preview.format).toBe('QuickBooks Desktop item list (CSV)');
    expect(qb.preview.rejected).toEqual([{ line: 2, externalId: 'S-1 Renamed', message: 'Price field is required!' }]);
    expect(qb.done.createdRows).toBe(1);
    const again = await importFile('standardItems', 'items.csv', lines('External ID,Name,Price', 'S-1,Imported Fee,99'));
    expect(again.done).toMatchObject({ updatedRows: 1, createdRows: 0 });
    expect((await t.db.select().from(standardItems).where(eq(standardItems.externalId, 'S-1')))[0].price).toBe('99.00');
  });
});

describe('refused files and callers', () => {
  it.each([
    ['empty', 'customers.csv', Buffer.alloc(0), EMPTY_FILE],
    ['header only', 'customers.csv', lines('External ID,Name'), 'The file has no rows below its header: add the customers to import, one a row.'],
    ['wrong columns', 'customers.csv', lines('Id,Title', '1,A'), "The file's columns are not those of a customers import: its first row must name the columns External ID, Name, or be a QuickBooks export. Missing: External ID, Name."],
    ['not CSV', 'customers.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), NOT_A_SPREADSHEET],
    ['a PDF', 'customers.pdf', Buffer.from('%PDF-1.4\n'), NOT_A_SPREADSHEET],
    ['a broken XLSX', 'customers.xlsx', Buffer.from('PK\u0003\u0004 not really a workbook'), NOT_A_SPREADSHEET],
  ])('%s: 400 with a sentence, nothing kept', async (_what, name, content, sentence) => {
    const before = (await t.db.select().from(imports)).length;
    const res = await upload('customers', name, content);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().title).toBe(sentence);
    expect((await t.db.select().from(imports)).length).toBe(before);
  });

  it('asks for write on the kind\'s area, and Billing\'s View QB Import List Detail for the history', async () => {
    expect((await upload('customers', 'c.csv', lines('External ID,Name', 'T-1,Tech Shop'), 'tech')).statusCode).toBe(403);
    const staged = (await upload('customers', 'c.csv', lines('External ID,Name', 'T-1,Tech Shop'))).json();
    expect((await t.call('GET', `/api/v1/Imports/${staged.importId}`, 'tech')).statusCode).toBe(403);
    expect((await t.call('POST', `/api/v1/Imports/${staged.importId}/commit`, 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Imports', 'tech')).statusCode).toBe(403);
    const history = (await t.call('GET', '/api/v1/Imports', 'admin')).json();
    expect(history.data[0]).toMatchObject({ importId: staged.importId, kind: 'customers', fileName: 'c.csv', state: 'previewed', createdBy: expect.any(String) });
  });
});
