import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, pmContractApprovals, pmContracts, scheduledJobs, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { pmGenerationKey } from './pm-generation.job';

let t: TestApp;
let contractId: number;
let guid: string;

const url = '/api/v1/PmContract';
const send = (id: number, email = 'facilities@grill.example', as = 'admin') => t.call('POST', `${url}/${id}/sendForApproval`, as, { email });
const read = (token: string) => t.call('GET', `/api/v1/PreventiveMaintenanceApproval/${token}`, null);
const answer = (token: string, body: object) => t.call('POST', `/api/v1/PreventiveMaintenanceApproval/${token}`, null, body);

/** A new draft contract at the demo's first contract location, covering its first piece. */
async function draft(name: string) {
  const site = (await t.call('GET', `${url}?take=1`, 'admin')).json().data[0].customerId;
  const [piece] = (await t.call('GET', `${url}/location/${site}/equipment`, 'admin')).json();
  const frequencyId = (await t.call('GET', `${url}/choices`, 'admin')).json().frequencies[0].id;
  const res = await t.call('POST', url, 'admin', { customerId: site, name, frequencyId, equipment: [{ equipmentId: piece.equipmentId }], price: 1200, priceBasis: 'year', startsOn: '2027-01-01', endsOn: '2027-12-31' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pmContractId as number;
}

beforeAll(async () => {
  t = await createTestApp();
  contractId = await draft('Grill yearly care');
});
afterAll(() => t.close());

describe('approval of a PM contract by its link', () => {
  it('refuses a send without an address, or of another company', async () => {
    const res = await t.call('POST', `${url}/${contractId}/sendForApproval`, 'admin', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('Send To field is required!');
    expect((await send(contractId, 'not-an-address')).json().title).toBe('Send To is not a valid e-mail address.');
    expect((await send(contractId, 'a@b.example', 'coastal.admin')).statusCode).toBe(404);
  });

  it("e-mails the customer a link, keeps only the link's fingerprint, and marks the contract sent", async () => {
    const res = await send(contractId);
    expect(res.statusCode, res.body).toBe(200);
    guid = res.json().preventiveMaintenanceApprovalGuid;
    expect(guid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json()).toMatchObject({ status: 'Pending', sentTo: 'facilities@grill.example', path: `/preventiveMaintenanceApproval/${guid}` });
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail.to).toEqual(['facilities@grill.example']);
    expect(mail.text).toContain(`/preventiveMaintenanceApproval/${guid}`);
    expect(mail.text).toContain('$1,200.00 per year');
    const rows = await t.db.select().from(pmContractApprovals).where(eq(pmContractApprovals.contractId, contractId));
    expect(JSON.stringify(rows)).not.toContain(guid);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.call('GET', `${url}/${contractId}`, 'admin')).json()).toMatchObject({ status: 'sent', approvals: [{ status: 'Pending' }] });
  });

  it('shows the customer the contract without a sign-in, and refuses unknown links alike', async () => {
    const res = await read(guid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Grill yearly care', frequencyName: 'Monthly', price: 1200, priceBasis: 'year', startsOn: '2027-01-01', status: 'Pending', equipment: [{ tasks: expect.arrayContaining([expect.any(String)]) }] });
    expect((await read('x'.repeat(43))).statusCode).toBe(404);
    expect((await read('short')).json().title).toBe('This approval link is not valid. Ask the company that sent it for a new one.');
  });

  it('needs a comment to decline and a name to approve', async () => {
    expect((await answer(guid, { decision: 'Declined', approverName: 'Dana Lopez' })).json().title).toBe('Say why you decline, so the company can answer.');
    expect((await answer(guid, { decision: 'Approved', approverName: ' ' })).json().title).toBe('Your Name field is required!');
  });

  it('takes one answer: the contract is approved, audited, and the office is told', async () => {
    const res = await answer(guid, { decision: 'Approved', approverName: 'Dana Lopez' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Approved', approverName: 'Dana Lopez' });
    const again = await answer(guid, { decision: 'Declined', approverName: 'Someone', comment: 'Too high' });
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toMatch(/^This contract was already approved by Dana Lopez on \d{4}-\d{2}-\d{2}\.$/);
    const c = (await t.call('GET', `${url}/${contractId}`, 'admin')).json();
    expect(c).toMatchObject({ status: 'approved', approverName: 'Dana Lopez', approvals: [{ status: 'Approved', approverName: 'Dana Lopez' }] });
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    expect(mail.to).toEqual([admin.email]);
    expect(mail.subject).toContain('approved the maintenance contract "Grill yearly care"');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'pmContract')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ entityId: contractId, action: 'approved' });
    // The company's generation is queued at once, not left to its next daily run.
    const [contract] = await t.db.select({ subscriberId: pmContracts.subscriberId }).from(pmContracts).where(eq(pmContracts.id, contractId));
    const [job] = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, pmGenerationKey(contract.subscriberId)), eq(scheduledJobs.status, 'queued')));
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await send(contractId)).statusCode).toBe(409);
  });

  it('answers an expired link with 410, and a link sent again makes the one before expire', async () => {
    const id = await draft('Grill expiring care');
    const first = (await send(id)).json().preventiveMaintenanceApprovalGuid;
    const second = (await send(id)).json().preventiveMaintenanceApprovalGuid;
    const late = await answer(first, { decision: 'Approved', approverName: 'Dana Lopez' });
    expect(late.statusCode).toBe(410);
    expect(late.json().title).toBe('This approval link has expired. Ask the company that sent it for a new one.');
    await t.db.update(pmContractApprovals).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pmContractApprovals.contractId, id));
    expect((await read(second)).json().status).toBe('Expired');
    expect((await answer(second, { decision: 'Declined', approverName: 'Dana Lopez', comment: 'Too late' })).statusCode).toBe(410);
    const [row] = await t.db.select().from(pmContracts).where(eq(pmContracts.id, id));
    expect(row.status).toBe('sent');
  });

  it('declines with a comment, and an edit or a cancellation makes a waiting link stop working', async () => {
    const id = await draft('Grill declined care');
    const token = (await send(id)).json().preventiveMaintenanceApprovalGuid;
    expect((await answer(token, { decision: 'Declined', approverName: 'Dana Lopez', comment: 'Twice a year is enough' })).json()).toMatchObject({ status: 'Declined', comment: 'Twice a year is enough' });
    expect((await t.call('GET', `${url}/${id}`, 'admin')).json().status).toBe('declined');
    const waiting = (await send(id)).json().preventiveMaintenanceApprovalGuid;
    expect((await t.call('POST', `${url}/${id}/cancel`, 'admin')).json().status).toBe('cancelled');
    expect((await answer(waiting, { decision: 'Approved', approverName: 'Dana Lopez' })).statusCode).toBe(410);
    expect((await send(id)).json().title).toBe('The contract "Grill declined care" is cancelled and cannot be sent.');
  });

  it('answers too many guesses from one address with 429', async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await read('y'.repeat(43))).statusCode;
    expect(status).toBe(429);
  });
});
