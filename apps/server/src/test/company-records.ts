import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { FLEET_INSPECTION_ITEMS } from '@sm/shared';
import {
  accountingPostings, customerRateSheets, quickBooksImportRows, customers, equipmentCategories, rateSheetLaborItems, refrigerants, rateSheetStandardItems, rateSheetTrucks, standardItems, subscribers, users, workOrderFlags,
  laborCorrectionRequests, workOrderLabor, workOrderTechnicians, workOrders, payRaiseTypes, requestConflicts, pmContracts, pmVisits, scheduleItems, sopTypes, warehouses, vendors, inventoryItems, vehicles,
} from '../db/schema';
import { multipart } from '../features/platform/files/file-fixtures';
import { ID_KINDS } from './id-kinds';
import type { TestApp } from './test-app';

/** One demo company as the cross-company sweep sees it: its id, its administrator and technician, its name. */
export interface Company {
  subscriberId: number;
  name: string;
  admin: string;
  tech: string;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The company of a demo user name. */
export async function companyOf(t: TestApp, admin: string, tech: string): Promise<Company> {
  const [u] = await t.db.select({ subscriberId: users.subscriberId, name: subscribers.name }).from(users).innerJoin(subscribers, eq(subscribers.id, users.subscriberId)).where(eq(users.userName, admin));
  return { subscriberId: u.subscriberId, name: u.name, admin, tech };
}

/**
 * Gives a company, through its own administrator where the API can, one record of every kind ID_KINDS names that the
 * demo seed does not give it (quotes, invoices, templates, SOPs…). Every text it writes carries the company's name.
 */
export async function addCompanyRecords(t: TestApp, c: Company, opts: { quotes?: number } = {}): Promise<void> {
  const call = async (method: 'POST' | 'PUT', url: string, body: unknown, as = c.admin) => {
    const res = await t.call(method, url, as, body);
    expect(res.statusCode, `${c.name}: ${method} ${url} ${res.body.slice(0, 300)}`).toBe(200);
    return res.json();
  };
  const sid = c.subscriberId;
  const [tech] = await t.db.select().from(users).where(eq(users.userName, c.tech));
  const [billing] = await t.db.select().from(customers).where(and(eq(customers.subscriberId, sid), eq(customers.isBillingCustomer, true))).orderBy(asc(customers.id)).limit(1);
  const [wo1, wo2] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(workOrderTechnicians, and(eq(workOrderTechnicians.workOrderId, workOrders.id), eq(workOrderTechnicians.userId, tech.id)))
    .where(eq(workOrders.subscriberId, sid))
    .orderBy(asc(workOrders.id))
    .limit(2);
  const [flag] = await t.db.select().from(workOrderFlags).where(eq(workOrderFlags.subscriberId, sid)).limit(1);
  const [standardItem] = await t.db.select().from(standardItems).where(eq(standardItems.subscriberId, sid)).limit(1);
  const [sopType] = await t.db.select().from(sopTypes).where(eq(sopTypes.subscriberId, sid)).limit(1);
  const [raiseType] = await t.db.select().from(payRaiseTypes).where(eq(payRaiseTypes.subscriberId, sid)).limit(1);
  const text = `${c.name} record`;

  // Rate sheets have no API of their own: the seed gives one to the first company only.
  if ((await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.subscriberId, sid))).length === 0) {
    const [sheet] = await t.db.insert(customerRateSheets).values({ subscriberId: sid, billingCustomerId: billing.id, name: `${text} rates` }).returning();
    await t.db.insert(rateSheetLaborItems).values({ subscriberId: sid, customerRateSheetId: sheet.id, technicianUserId: tech.id, dailyRate: 800, hourlyRate: 100, otHourlyRate: 150, standByRate: 50 });
    await t.db.update(users).set({ worksOnRateSheets: true }).where(eq(users.id, tech.id));
    await t.db.insert(rateSheetTrucks).values({ subscriberId: sid, customerRateSheetId: sheet.id, name: `${text} van`, hourlyRate: 20, tripCharge: 80 });
    await t.db.insert(rateSheetStandardItems).values({ subscriberId: sid, customerRateSheetId: sheet.id, name: `${text} trip`, itemRateTypeId: 1, price: '70.00' });
  }
  // Finished labor of the technician, as the clock leaves it.
  const [labor] = await t.db
    .insert(workOrderLabor)
    .values({ subscriberId: sid, workOrderId: wo1.id, userId: tech.id, startedAt: new Date('2026-11-02T14:00:00Z'), stoppedAt: new Date('2026-11-02T16:00:00Z') })
    .returning({ id: workOrderLabor.id });
  // The technician's request to correct it (fix time), waiting for the office.
  await t.db.insert(laborCorrectionRequests).values({
    subscriberId: sid, workOrderLaborId: labor.id, proposedStartedAt: new Date('2026-11-02T13:30:00Z'), proposedStoppedAt: new Date('2026-11-02T16:00:00Z'), reason: `${text} correction`, requestedBy: tech.id,
  });
  // A clock-in kept on the phone that met another open labor, for the office to resolve.
  await t.db.insert(requestConflicts).values({
    subscriberId: sid, userId: tech.id, kind: 'laborOpen', message: `${text} conflict`, method: 'POST', route: 'POST /api/v1/WOStartStop/clockInWorkOrder',
    path: '/api/v1/WOStartStop/clockInWorkOrder', body: { workOrderId: wo1.id, startTime: '2026-11-02T17:00:00Z' }, idempotencyKey: 'sweep-0001', receivedAt: new Date('2026-11-02T17:05:00Z'),
  });

  await call('POST', '/api/v1/WorkOrder/material/add', { workOrderId: wo2.id, materialStatusId: 6, description: `${text} contactor`, quantity: 1, unitCost: 20, unitPrice: 35 });
  await call('POST', '/api/v1/WorkOrder/material/add', { workOrderId: wo1.id, materialStatusId: 6, description: `${text} capacitor`, quantity: 1, unitCost: 10, unitPrice: 18 });
  const invoice = await call('POST', '/api/v1/Invoice/submit', { workOrderId: wo2.id });
  // A portal link sent to a contact of the billing customer.
  await t.db.execute(sql`insert into contacts (subscriber_id, customer_id, name, email) values (${sid}, ${billing.id}, ${`${text} payables`}, ${`payables${sid}@example.com`})`);
  const [payables] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from contacts where subscriber_id = ${sid} and name = ${`${text} payables`}`));
  const portalLink = await call('POST', `/api/v1/Customer/${billing.id}/portalLinks`, { contactId: payables.id });
  // A request for a sign-in made through that link.
  const asked = await t.call('POST', `/api/v1/CustomerPortal/${portalLink.clientAuthenticationId}/accessRequests`, null, { name: `${text} payables`, email: `payables${sid}@example.com` });
  expect(asked.statusCode, asked.body).toBe(200);
  // A collection task template, and the task it gave the billing customer for that invoice.
  const taskTemplate = await call('POST', '/api/v1/ReferenceList/collectionTaskTemplates', { name: `${text} reminder call`, bucket: 'days1to30', action: 'call', dueInDays: 2, isActive: true });
  await t.db.execute(sql`insert into collection_tasks (subscriber_id, customer_id, template_id, invoice_id, name, action, bucket, balance, due_date)
    values (${sid}, ${billing.id}, ${taskTemplate.id}, ${invoice.invoiceId}, ${`${text} reminder call`}, 'call', 'days1to30', 10, current_date)`);
  // A dunning run asked for now ("Send statements now").
  await call('POST', '/api/v1/Collection/dunning/run', undefined);
  const memo = await call('POST', '/api/v1/CreditMemo/create', { billingCustomerId: billing.id, amount: 5, reason: `${text} goodwill` });
  // The accounting lists, typed by hand, and a posting of the sync log (the credit memo's).
  const glAccount = await call('POST', '/api/v1/Intacct/chartOfAccount', { accountNo: '4000', title: `${text} income` });
  const department = await call('POST', '/api/v1/Intacct/departments', { departmentNo: 'SVC', title: `${text} service` });
  await call('POST', '/api/v1/Intacct/itemGLGroup', { name: `${text} filters`, glAccountId: glAccount.glAccountId });
  await call('POST', '/api/v1/Intacct/additionalLineItem', { name: `${text} disposal`, glAccountId: glAccount.glAccountId, departmentId: department.departmentId });
  await t.db.insert(accountingPostings).values({ subscriberId: sid, documentKind: 'creditMemo', documentNumber: `CM-${memo.creditMemoId}`, creditMemoId: memo.creditMemoId, message: `${text} posting` });
  // A customer read from QuickBooks into the import list, still pending.
  await t.db.insert(quickBooksImportRows).values({ subscriberId: sid, kind: 'customer', qbId: `qb-${sid}`, name: `${text} QuickBooks customer`, detail: { Id: `qb-${sid}`, DisplayName: `${text} QuickBooks customer` } });
  let quote = await call('POST', '/api/v1/Quotes/create', { workOrderId: wo1.id, title: `${text} quote` });
  // Quote numbers count per company: one more quote gives a number that names nothing of a company with fewer.
  for (let i = 1; i < (opts.quotes ?? 1); i++) quote = await call('POST', '/api/v1/Quotes/create', { workOrderId: wo1.id, title: `${text} quote ${i + 1}` });
  await call('POST', `/api/v1/Quotes/${quote.quoteNumber}/${quote.quoteVersion}/lines`, { kind: 'material', description: `${text} fan motor`, quantity: 1, unitCost: 100 });
  const estimate = await call('POST', '/api/v1/CustomerEstimates', { customerId: billing.id, title: `${text} estimate` });
  await call('POST', `/api/v1/CustomerEstimates/${estimate.customerEstimateId}/lines`, { kind: 'material', description: `${text} rooftop unit`, quantity: 1, unitCost: 100 });
  await call('POST', '/api/v1/ReferenceList/pmCompanyTemplates', { name: `${text} PM template`, tasks: [`${text} coil`, `${text} gaskets`] });
  await call('POST', '/api/v1/EmailTemplates', { name: `${text} template`, subject: `${text} subject`, bodyHtml: `<p>${text}</p>` });
  await call('POST', '/api/v1/CollectionTemplates', { name: `${text} reminder`, bucket: 'days31to60', subject: `${text} past due`, body: `${text}: {{balance}} is owed.` });
  await call('POST', '/api/v1/EmailOutbox/test', { to: 'office@example.com' });
  await call('POST', '/api/v1/FlagReminder/create', { workOrderId: wo1.id, flagId: flag.id, flagReminderTime: new Date(Date.now() + 3600_000).toISOString(), reminderDescription: `${text} reminder` });
  await call('POST', '/api/v1/WorkOrder/standardItems/add', { workOrderId: wo1.id, standardItemId: standardItem.id, quantity: 1 });
  await call('POST', '/api/v1/WorkOrderJobs/add', { workOrderId: wo1.id, title: `${text} job`, isSurvey: false });
  await call('POST', '/api/v1/WorkOrder/equipmentTasks/add', { workOrderId: wo1.id, equipmentName: `${text} cooler`, task: `${text} coil` });
  // A 40 lb rack that leaks: two additions 30 days apart (60.83 %) open a leak repair.
  const [site] = await t.db.select({ customerId: workOrders.customerId }).from(workOrders).where(eq(workOrders.id, wo1.id));
  const [category] = await t.db.select().from(equipmentCategories).where(and(eq(equipmentCategories.subscriberId, sid), eq(equipmentCategories.applianceType, 'commercialRefrigeration'))).limit(1);
  const [gas] = await t.db.select().from(refrigerants).where(and(eq(refrigerants.subscriberId, sid), eq(refrigerants.kind, 'hfc'))).orderBy(asc(refrigerants.id)).limit(1);
  const rack = await call('POST', '/api/v1/Equipment', { customerId: site.customerId, name: `${text} rack`, categoryId: category.id, refrigerantId: gas.id, chargePounds: 40 });
  await call('POST', `/api/v1/WorkOrder/${wo1.id}/equipments`, { equipmentId: rack.equipmentId });
  for (const [pounds, occurredAt] of [[3, '2026-10-01T18:00:00Z'], [2, '2026-10-31T18:00:00Z']] as const) {
    await call('POST', `/api/v1/WorkOrder/${wo1.id}/refrigerant`, { equipmentId: rack.equipmentId, kind: 'added', pounds, certificationNumber: 'EPA-608-1', occurredAt });
  }
  // A sales task needs a sales person, whom the second company's roles do not name: its administrator stands in.
  if ((await t.db.select().from(scheduleItems).where(and(eq(scheduleItems.subscriberId, sid), eq(scheduleItems.kind, 'sales')))).length === 0) {
    const [admin] = await t.db.select().from(users).where(eq(users.userName, c.admin));
    const visit = { subscriberId: sid, kind: 'sales' as const, customerId: billing.id, salesPersonUserId: admin.id, task: `${text} visit`, startAt: new Date('2026-11-03T15:00:00Z'), durationHours: 1, timeZone: 'UTC' };
    await t.db.insert(scheduleItems).values(visit);
  }
  await call('POST', '/api/v1/Scheduler/save', { schedulerId: 0, task: `${text} series`, workOrderId: wo1.id, technicianId: tech.id, start: '2026-11-03T09:00:00', durationHours: 1, recurrenceRule: 'FREQ=WEEKLY;COUNT=4' });
  await call('POST', '/api/v1/SOPDetails', { sopName: `${text} SOP`, sopTypeId: sopType.id, sopStatusId: 4, steps: [{ checklistItem: `${text} step` }], assignedUserIds: [tech.id] });
  await call('POST', '/api/v1/FlagReminder/writeUp', { userId: tech.id, workOrderId: wo1.id, flagId: flag.id, writeUpDescription: `${text} write-up` });
  await call('POST', '/api/v1/Payroll/payRaiseRequests', {
    employeeId: tech.id, payRaiseTypeId: raiseType.id, newPosition: `${text} senior`, newPay: 30, reasonForChange: `${text} raise`, effectiveDate: '2026-12-06', raiseApprovalPriorityId: 1,
  });
  await call('POST', '/api/v1/Payroll/financialPeriods', { kind: 'Billing', name: `${text} period`, startsOn: '2027-01-01', endsOn: '2027-01-31' });
  await call('POST', '/api/v1/Payroll/ptoEntries', { userId: tech.id, workDate: '2026-11-27', hours: 8, reason: `${text} holiday` });
  // A preventive-maintenance contract, approved (its own pages make it so), with a visit skipped.
  const [contract] = await t.db
    .insert(pmContracts)
    .values({
      subscriberId: sid, customerId: billing.id, name: `${text} PM`, recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=10', price: '100.00', priceBasis: 'visit', startsOn: '2026-11-01',
      endsOn: '2027-10-31', status: 'approved', approvedAt: new Date('2026-11-01T12:00:00Z'), approverName: `${text} owner`,
    })
    .returning();
  await t.db.insert(pmVisits).values({ subscriberId: sid, contractId: contract.id, dueOn: '2026-11-10', skippedReason: `${text} closed` });
  // An item with stock in a warehouse, and the technician's request to have some on his truck.
  const [warehouse] = await t.db.select().from(warehouses).where(and(eq(warehouses.subscriberId, sid), eq(warehouses.isTruck, false))).orderBy(asc(warehouses.id)).limit(1);
  const [truck] = await t.db.select().from(warehouses).where(and(eq(warehouses.subscriberId, sid), eq(warehouses.technicianId, tech.id)));
  const item = await call('POST', '/api/v1/Inventory/items', { partNumber: `${c.name.slice(0, 20)} RLY`, description: `${text} relay`, unitCost: 5, openingStock: [{ warehouseId: warehouse.id, quantity: 4 }] });
  await call('POST', '/api/v1/Inventory/transferRequests', { itemId: item.itemId, fromWarehouseId: warehouse.id, toWarehouseId: truck.id, quantity: 1, note: `${text} request` }, c.tech);
  // A purchase order of a stocked part and a free-text one.
  const [vendor] = await t.db.select().from(vendors).where(eq(vendors.subscriberId, sid)).orderBy(asc(vendors.id)).limit(1);
  const [stocked] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.subscriberId, sid)).orderBy(asc(inventoryItems.id)).limit(1);
  await call('POST', '/api/v1/PurchaseOrder', { vendorId: vendor.id, notes: `${text} PO`, lines: [{ itemId: stocked.id, quantity: 2 }, { description: `${text} part`, quantity: 1, unitCost: 3 }] });
  // A vendor credit the office opened, with a line of free text.
  await call('POST', '/api/v1/VendorCredit', { vendorId: vendor.id, notes: `${text} credit`, lines: [{ description: `${text} core charge`, quantity: 1, unitCost: 12 }] });
  // The technician's van: a reading with a fill-up, and his walk round it.
  const [van] = await t.db.select().from(vehicles).where(and(eq(vehicles.subscriberId, sid), eq(vehicles.technicianId, tech.id)));
  await call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, { odometer: 50000, fuelGallons: 12.5, fuelCost: 40.1, notes: `${text} fill-up` }, c.tech);
  await call('POST', `/api/v1/Fleet/vehicles/${van.id}/inspections`, { items: FLEET_INSPECTION_ITEMS.map(({ key }) => ({ item: key, result: 'ok' })), notes: `${text} walk round` }, c.tech);
  // A commission rate from next year, and a sales tag on the billing customer.
  await call('POST', '/api/v1/Sales/commissionRates', { kind: 'territory', ratePercent: 0.75, effectiveFrom: '2027-01-01' });
  const tag = await call('POST', '/api/v1/Sales/tags', { name: `${text} lead`, color: 'teal' });
  await call('POST', `/api/v1/Sales/tags/${tag.salesTagId}/customers`, { customerId: billing.id, note: `${text} follow-up` });
  // A project with a crew member, a permit and a subcontractor of its company's lists, and a work order linked to it.
  const listRow = async (key: string) => rowsOf<{ id: number }>(await t.db.execute(sql`select id from company_list_rows where subscriber_id = ${sid} and list_key = ${key} order by id limit 1`))[0]?.id;
  for (const key of ['crewMembers', 'subContractors']) if (!(await listRow(key))) await call('POST', `/api/v1/ReferenceList/${key}`, { name: `${text} ${key}` });
  const project = await call('POST', '/api/v1/Projects', { name: `${text} project`, customerId: billing.id, jobStatusId: await listRow('jobStatuses'), projectTypeId: await listRow('projectTypes'), projectManagerId: tech.id });
  await call('POST', `/api/v1/Projects/${project.projectId}/crew`, { crewMemberId: await listRow('crewMembers'), role: `${text} operator` });
  await call('POST', `/api/v1/Projects/${project.projectId}/permits`, { permitTypeId: await listRow('permitTypes'), permitStatusId: await listRow('permitStatuses'), permitNumber: `${c.name.slice(0, 20)} P-1` });
  await call('POST', `/api/v1/Projects/${project.projectId}/subcontractors`, { subContractorId: await listRow('subContractors'), status: 'Awarded', amount: 100 });
  await call('POST', `/api/v1/Projects/${project.projectId}/workOrders`, { workOrderId: wo2.id });
  // An import, previewed and not written.
  const csv = await multipart([{ name: 'items.csv', content: Buffer.from(`External ID,Name,Price\r\nSI-1,${text} item,12.50\r\n`), field: 'file' }]);
  const staged = await t.call('POST', '/api/v1/Imports/standardItems', c.admin, undefined, { payload: csv.payload, headers: csv.headers });
  expect(staged.statusCode, `${c.name}: import ${staged.body.slice(0, 300)}`).toBe(200);
}

/**
 * The id of the company's newest record of each kind of ID_KINDS (its technician for a person; the first row of a
 * shared table), by key:
 * what the sweep sends for a kind. With `unlike`, only a key that names no record of that company (quote and work
 * order numbers count per company). Fails naming the table when the company has no such record yet.
 */
export async function idsOf(t: TestApp, c: Company, unlike?: Company): Promise<Record<string, string | number>> {
  const ids: Record<string, string | number> = {};
  for (const [key, kind] of Object.entries(ID_KINDS)) {
    let query: string | undefined;
    if ('table' in kind) {
      const column = kind.column ?? 'id';
      const theirs = unlike ? ` and ${column} not in (select ${column} from ${kind.table} where subscriber_id = ${Number(unlike.subscriberId)})` : '';
      // A person is the company's technician: the one whom write-ups, PTO and pay raises are about.
      const person = kind.table === 'users' ? ` and user_name = '${c.tech.replaceAll("'", "''")}'` : '';
      const scope = `subscriber_id = ${Number(c.subscriberId)}${'where' in kind && kind.where ? ` and ${kind.where}` : ''}${person}${theirs}`;
      query = `select ${column} as v from ${kind.table} where ${scope} order by id desc limit 1`;
    } else if ('companionOf' in kind) query = `select ${kind.column} as v from ${kind.from} where subscriber_id = ${Number(c.subscriberId)} order by id desc limit 1`;
    else if ('shared' in kind) query = `select id as v from ${kind.shared} order by id limit 1`;
    else if ('fixed' in kind) ids[key] = kind.fixed;
    if (!query) continue;
    const [row] = rowsOf<{ v: string | number }>(await t.db.execute(sql.raw(query)));
    expect(row, `${c.name} has no ${key} (${query}): add one in addCompanyRecords`).toBeDefined();
    ids[key] = row.v;
  }
  return ids;
}

/** The shared tables of ID_KINDS that in fact have a company column: each would be a record of one company. */
export async function sharedTablesWithCompany(t: TestApp): Promise<string[]> {
  const shared = Object.values(ID_KINDS).flatMap((k) => ('shared' in k ? [k.shared] : []));
  const res = await t.db.execute(sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'subscriber_id'`);
  const scoped = new Set(rowsOf<{ table_name: string }>(res).map((r) => r.table_name));
  return [...new Set(shared)].filter((s) => scoped.has(s));
}

/**
 * Texts only this company's records hold: its name (carried by every record addCompanyRecords writes), its people's
 * names and user names, and its customers' names. Lower case, for searching an answer.
 */
export async function contentOf(t: TestApp, c: Company): Promise<string[]> {
  const people = await t.db.select({ name: users.name, userName: users.userName }).from(users).where(eq(users.subscriberId, c.subscriberId));
  const places = await t.db.select({ name: customers.name }).from(customers).where(eq(customers.subscriberId, c.subscriberId));
  return [c.name, ...people.flatMap((p) => [p.name, p.userName]), ...places.map((p) => p.name)].map((s) => s.toLowerCase());
}
