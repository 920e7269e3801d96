import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, equipment, pmContracts, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let site: number;
let otherSite: number;
let pieces: { equipmentId: number; name: string; categoryName: string; tasks: string[] }[];
let quarterly: number;
let coastalSite: number;
let coastalPiece: number;
let contractId: number;

const url = '/api/v1/PmContract';
/** Next year: a contract starting then is first due on its start, whatever day the tests run. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const body = (extra: object = {}) => ({
  customerId: site, name: 'Grill refrigeration PM', frequencyId: quarterly, equipment: pieces.slice(0, 2).map((p) => ({ equipmentId: p.equipmentId })),
  price: 185.1, priceBasis: 'visit', startsOn: `${NEXT_YEAR}-01-04`, endsOn: `${NEXT_YEAR}-12-31`, renewsAutomatically: true, visitTime: '08:30', visitMinutes: 90, leadDays: 10, ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const list = (await t.call('GET', `${url}?take=100`, 'admin')).json();
  site = list.data[0].customerId;
  const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
  const sites = await t.db.select({ id: equipment.customerId }).from(equipment).where(eq(equipment.subscriberId, admin.subscriberId));
  otherSite = sites.find((e) => e.id !== site)!.id;
  pieces = (await t.call('GET', `${url}/location/${site}/equipment`, 'admin')).json();
  quarterly = (await t.call('GET', `${url}/choices`, 'admin')).json().frequencies.find((f: { name: string }) => f.name === 'Quarterly').id;
  const [coastal] = await t.db.select().from(users).where(eq(users.userName, 'coastal.admin'));
  const [theirs] = await t.db.select().from(equipment).where(eq(equipment.subscriberId, coastal.subscriberId)).limit(1);
  coastalSite = theirs.customerId;
  coastalPiece = theirs.id;
});
afterAll(() => t.close());

describe('the PM contract form', () => {
  it("offers the company's frequencies, templates and tasks, and a location's pieces with their category's tasks", async () => {
    const choices = (await t.call('GET', `${url}/choices`, 'admin')).json();
    expect(choices.frequencies.map((f: { name: string; rule: string }) => [f.name, f.rule])).toEqual([
      ['Monthly', 'FREQ=MONTHLY'], ['Quarterly', 'FREQ=MONTHLY;INTERVAL=3'], ['Semi-annual', 'FREQ=MONTHLY;INTERVAL=6'], ['Annual', 'FREQ=YEARLY'],
    ]);
    expect(choices.tasks).toContain('Clean condenser coil');
    expect(choices.categoryTemplates.map((c: { name: string }) => c.name)).toEqual(['Air Conditioning PM', 'Cooking Equipment PM', 'Refrigeration PM']);
    const cooler = pieces.find((p) => p.categoryName === 'Refrigeration')!;
    expect(cooler.tasks.slice(0, 3)).toEqual(['Clean condenser coil', 'Check refrigerant pressures and superheat', 'Inspect door gaskets and hinges']);
    expect((await t.call('GET', `${url}/location/${coastalSite}/equipment`, 'admin')).statusCode).toBe(404);
  });
});

describe('PM contracts', () => {
  it('creates a draft with the frequency copied, exact money, and tasks from the category templates, audited', async () => {
    const res = await t.call('POST', url, 'admin', body({ equipment: [{ equipmentId: pieces[0].equipmentId, tasks: ['Check the door heater', 'Record temperatures'] }, { equipmentId: pieces[1].equipmentId }] }));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    contractId = c.pmContractId;
    expect(c).toMatchObject({ status: 'draft', frequencyName: 'Quarterly', recurrenceRule: 'FREQ=MONTHLY;INTERVAL=3', price: 185.1, priceBasis: 'visit', visitTime: '08:30', equipmentCount: 2, nextDueOn: `${NEXT_YEAR}-01-04` });
    const [row] = await t.db.select().from(pmContracts).where(eq(pmContracts.id, contractId));
    expect(row.price).toBe('185.10');
    const byId = new Map(c.equipment.map((e: { equipmentId: number; tasks: string[] }) => [e.equipmentId, e.tasks]));
    expect(byId.get(pieces[0].equipmentId)).toEqual(['Check the door heater', 'Record temperatures']);
    expect(byId.get(pieces[1].equipmentId)).toEqual(pieces[1].tasks);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'pmContract'), eq(auditLog.entityId, contractId)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('takes a rule written by hand, checked by the recurrence code, and a company template for every piece', async () => {
    const template = (await t.call('POST', '/api/v1/ReferenceList/pmCompanyTemplates', 'admin', { name: 'Short visit', tasks: ['Look', 'Listen'] })).json();
    const res = await t.call('POST', url, 'admin', body({ frequencyId: null, recurrenceRule: 'freq=monthly;interval=2;bymonthday=15', templateId: template.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ frequencyName: null, recurrenceRule: 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15', nextDueOn: `${NEXT_YEAR}-01-15` });
    expect(res.json().equipment.every((e: { tasks: string[] }) => e.tasks.join() === 'Look,Listen')).toBe(true);
  });

  it('refuses bad input with its sentence and writes nothing', async () => {
    const before = (await t.db.select().from(pmContracts)).length;
    const cases: [object, string][] = [
      [body({ name: ' ' }), 'Contract Name field is required!'],
      [body({ frequencyId: null }), 'Choose a frequency or write a repeat rule.'],
      [body({ recurrenceRule: 'FREQ=MONTHLY' }), 'Choose a frequency or write a repeat rule, not both.'],
      [body({ frequencyId: null, recurrenceRule: 'FREQ=SECONDLY' }), 'The repeat rule must repeat daily, weekly, monthly or yearly.'],
      [body({ frequencyId: null, recurrenceRule: 'FREQ=MONTHLY;COUNT=3' }), 'Repeat Rule repeats for the whole term: leave COUNT and UNTIL out.'],
      [body({ equipment: [] }), 'Choose at least one piece of equipment.'],
      [body({ equipment: [{ equipmentId: pieces[0].equipmentId }, { equipmentId: pieces[0].equipmentId }] }), 'Each piece of equipment is on a contract once.'],
      [body({ equipment: [{ equipmentId: pieces[0].equipmentId, tasks: [] }] }), 'Add at least one task.'],
      [body({ price: 10.555 }), 'Price must have at most two decimals.'],
      [body({ price: -1 }), 'Price must not be negative.'],
      [body({ priceBasis: 'month' }), 'Price Per must be visit or year.'],
      [body({ endsOn: `${NEXT_YEAR - 1}-12-31` }), 'Ends On must not be before Starts On.'],
      [body({ startsOn: `${NEXT_YEAR}-02-30` }), 'Starts On is not a real date.'],
      [body({ visitTime: '25:00' }), 'Visit Time must be a time of day written HH:MM (24 hours).'],
      [body({ visitMinutes: 5 }), 'Visit Length must be at least 15.'],
      [body({ leadDays: 400 }), 'Lead Days must be at most 365.'],
    ];
    for (const [b, sentence] of cases) {
      const res = await t.call('POST', url, 'admin', b);
      expect(res.statusCode, sentence).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect((await t.db.select().from(pmContracts)).length).toBe(before);
  });

  it('refuses equipment of another location or retired, and names the piece', async () => {
    const [elsewhere] = await t.db.select().from(equipment).where(eq(equipment.customerId, otherSite)).limit(1);
    const [location] = await t.db.select().from(customers).where(eq(customers.id, site));
    const res = await t.call('POST', url, 'admin', body({ equipment: [{ equipmentId: elsewhere.id }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe(`${elsewhere.name} is not at ${location.name}: a contract covers only equipment at its location.`);
    const retire = await t.call('POST', `/api/v1/Equipment/${pieces[2].equipmentId}/retire`, 'admin');
    expect(retire.statusCode, retire.body).toBe(200);
    const retired = await t.call('POST', url, 'admin', body({ equipment: [{ equipmentId: pieces[2].equipmentId }] }));
    expect(retired.statusCode).toBe(400);
    expect(retired.json().title).toBe(`${pieces[2].name} is retired: a contract covers only equipment in service.`);
    await t.call('POST', `/api/v1/Equipment/${pieces[2].equipmentId}/reactivate`, 'admin');
  });

  it("answers another company's contract, location, equipment and frequency as not found", async () => {
    expect((await t.call('GET', `${url}/${contractId}`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('PUT', `${url}/${contractId}`, 'coastal.admin', { ...body(), customerId: undefined })).statusCode).toBe(404);
    expect((await t.call('POST', `${url}/${contractId}/cancel`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('POST', url, 'admin', body({ customerId: coastalSite }))).json().title).toBe('Location was not found.');
    expect((await t.call('POST', url, 'admin', body({ equipment: [{ equipmentId: coastalPiece }] }))).json().title).toBe('Equipment was not found.');
    const theirs = (await t.call('GET', `${url}/choices`, 'coastal.admin')).json().frequencies[0].id;
    expect((await t.call('POST', url, 'admin', body({ frequencyId: theirs }))).json().title).toBe('Frequency was not found.');
    const list = (await t.call('GET', `${url}?take=100`, 'coastal.admin')).json();
    expect(list.data.some((c: { pmContractId: number }) => c.pmContractId === contractId)).toBe(false);
  });

  it('lists contracts by status, location and text', async () => {
    const drafts = (await t.call('GET', `${url}?status=draft`, 'admin')).json();
    expect(drafts.data.map((c: { pmContractId: number }) => c.pmContractId)).toContain(contractId);
    expect(drafts.data.every((c: { status: string }) => c.status === 'draft')).toBe(true);
    const found = (await t.call('GET', `${url}?search=grill%20refrig&customerId=${site}`, 'admin')).json();
    expect(found.total).toBeGreaterThan(0);
    expect((await t.call('GET', `${url}?status=lost`, 'admin')).json().title).toBe('Status must be one of draft, sent, approved, declined, cancelled.');
  });

  it('keeps an approved contract approved when it is changed, and refuses changes once cancelled', async () => {
    await t.db.update(pmContracts).set({ status: 'approved', approvedAt: new Date(), approverName: 'Dana Lopez' }).where(eq(pmContracts.id, contractId));
    const { customerId: _c, ...edit } = body({ price: 2000, priceBasis: 'year', equipment: [{ equipmentId: pieces[0].equipmentId, tasks: ['Only this'] }] });
    const res = await t.call('PUT', `${url}/${contractId}`, 'admin', edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', price: 2000, priceBasis: 'year', equipment: [{ tasks: ['Only this'] }], approverName: 'Dana Lopez' });
    const cancelled = await t.call('POST', `${url}/${contractId}/cancel`, 'admin');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextDueOn: null });
    const again = await t.call('PUT', `${url}/${contractId}`, 'admin', edit);
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe('The contract "Grill refrigeration PM" is cancelled and can no longer be changed.');
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'pmContract'), eq(auditLog.entityId, contractId)));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'cancel']);
  });

  it('is kept under PM Lists: nothing for a technician', async () => {
    expect((await t.call('GET', url, null)).statusCode).toBe(401);
    expect((await t.call('GET', url, 'tech')).statusCode).toBe(403);
    expect((await t.call('POST', url, 'tech', body())).statusCode).toBe(403);
  });
});
