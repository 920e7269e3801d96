import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailOutbox, equipment, pmContracts, users, workOrderSignatures } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { portal, portalContact, siteWorkOrder } from './portal-fixtures';

let t: TestApp;
let site: typeof customers.$inferSelect;
let token: string;
let sentId: number;
let draftId: number;

const contracts = '/api/v1/PmContract';
const decide = (id: number, body: object) => t.call('POST', portal(token, `/pmContracts/${id}/decision`), null, body);

/** A new draft contract at a site, covering its first piece of equipment. */
async function draft(siteId: number, name: string, as = 'admin') {
  const [piece] = (await t.call('GET', `${contracts}/location/${siteId}/equipment`, as)).json();
  const frequencyId = (await t.call('GET', `${contracts}/choices`, as)).json().frequencies[0].id;
  const res = await t.call('POST', contracts, as, { customerId: siteId, name, frequencyId, equipment: [{ equipmentId: piece.equipmentId }], price: 960, priceBasis: 'year', startsOn: '2027-01-01', endsOn: '2027-12-31' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pmContractId as number;
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example' });
  const siteId = (await t.call('GET', `${contracts}?take=1`, 'admin')).json().data[0].customerId as number;
  [site] = await t.db.select().from(customers).where(eq(customers.id, siteId));
  sentId = await draft(site.id, 'Yearly refrigeration care');
  expect((await t.call('POST', `${contracts}/${sentId}/sendForApproval`, 'admin', { email: 'facilities@site.example' })).statusCode).toBe(200);
  draftId = await draft(site.id, 'Draft not yet sent');
  const contactId = await portalContact(t, site, 'Dana Lopez', 'dana@site.example');
  const sent = await t.call('POST', `/api/v1/Customer/${site.id}/portalLinks`, 'admin', { contactId });
  expect(sent.statusCode, sent.body).toBe(200);
  token = sent.json().clientAuthenticationId;
});
afterAll(() => t.close());

describe('the customer portal: equipment, maintenance contracts and signed tickets', () => {
  it("lists the active equipment at the customer's locations, without the office's notes", async () => {
    const res = await t.call('GET', portal(token, '/equipment'), null);
    expect(res.statusCode, res.body).toBe(200);
    const pieces = res.json() as { equipmentId: number; location: { customerId: number } }[];
    const atSite = await t.db.select({ id: equipment.id }).from(equipment).where(and(eq(equipment.customerId, site.id), eq(equipment.isActive, true)));
    expect(pieces.map((p) => p.equipmentId)).toEqual(expect.arrayContaining(atSite.map((p) => p.id)));
    const billingId = site.billingCustomerId ?? site.id;
    const locations = await t.db.select({ id: customers.id, billing: customers.billingCustomerId }).from(customers).where(eq(customers.subscriberId, site.subscriberId));
    const ours = new Set(locations.filter((l) => l.id === billingId || l.billing === billingId).map((l) => l.id));
    for (const p of pieces) expect(ours.has(p.location.customerId)).toBe(true);
    expect(JSON.stringify(res.json())).not.toMatch(/"notes"|"subscriberId"|"chargePounds"/);
  });

  it('lists the contracts sent, the one waiting first, and never a draft', async () => {
    const res = await t.call('GET', portal(token, '/pmContracts'), null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({ pmContractId: sentId, name: 'Yearly refrigeration care', status: 'Waiting for your answer', isWaiting: true, price: 960, priceBasis: 'year', equipment: [{ tasks: expect.any(Array) }] });
    expect(res.json().map((c: { pmContractId: number }) => c.pmContractId)).not.toContain(draftId);
  });

  it("refuses an answer without its sentence, a draft, another customer's or company's contract", async () => {
    expect((await decide(sentId, { decision: 'Declined', approverName: 'Dana Lopez' })).json().title).toBe('Say why you decline, so the company can answer.');
    expect((await decide(sentId, { decision: 'Approved', approverName: ' ' })).json().title).toBe('Your Name field is required!');
    expect((await decide(draftId, { decision: 'Approved', approverName: 'Dana Lopez' })).statusCode).toBe(404);
    const [other] = await t.db.select().from(customers).where(and(eq(customers.subscriberId, site.subscriberId), ne(customers.id, site.id), ne(customers.billingCustomerId, site.billingCustomerId ?? site.id))).limit(1);
    const [neighbour] = await t.db.insert(pmContracts).values({ subscriberId: site.subscriberId, customerId: other.id, name: 'Neighbour care', recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=1', price: '10.00', priceBasis: 'visit', startsOn: '2027-01-01', endsOn: '2027-12-31', status: 'sent' }).returning();
    expect((await decide(neighbour.id, { decision: 'Approved', approverName: 'Dana Lopez' })).statusCode).toBe(404);
    const [foreign] = await t.db.select().from(pmContracts).where(ne(pmContracts.subscriberId, site.subscriberId)).limit(1);
    if (foreign) expect((await decide(foreign.id, { decision: 'Approved', approverName: 'Dana Lopez' })).statusCode).toBe(404);
    expect((await t.db.select().from(pmContracts).where(eq(pmContracts.id, sentId)))[0].status).toBe('sent');
  });

  it('takes one approval: the contract is approved and the office user who sent it is told', async () => {
    const res = await decide(sentId, { decision: 'Approved', approverName: 'Dana Lopez' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pmContractId: sentId, status: 'Approved', isWaiting: false, approverName: 'Dana Lopez', decidedAt: expect.any(String) });
    const [row] = await t.db.select().from(pmContracts).where(eq(pmContracts.id, sentId));
    expect(row).toMatchObject({ status: 'approved', approverName: 'Dana Lopez' });
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail.to).toEqual([admin.email]);
    expect(mail.subject).toContain('approved the maintenance contract "Yearly refrigeration care"');
    const again = await decide(sentId, { decision: 'Declined', approverName: 'Dana Lopez', comment: 'Changed our mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe('The contract "Yearly refrigeration care" is not waiting for your answer (it is approved).');
  });

  it("shows who signed a work order's ticket and when", async () => {
    const workOrderId = await siteWorkOrder(t, site, 'SIGNED-1');
    await t.db.insert(workOrderSignatures).values({ subscriberId: site.subscriberId, workOrderId, signerName: 'Dana Lopez', pngBase64: 'iVBORw0KGgo=', signedAt: new Date('2026-11-21T16:40:00Z') });
    const res = await t.call('GET', portal(token, `/workOrders/${workOrderId}`), null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signatures).toEqual([{ signerName: 'Dana Lopez', signedAt: '2026-11-21T16:40:00.000Z' }]);
    expect(res.body).not.toContain('iVBORw0KGgo=');
  });
});
