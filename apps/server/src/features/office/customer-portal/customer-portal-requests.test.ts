import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerPortalLinks, customers, workOrders } from '../../../db/schema';
import { openHub } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { multipart, namesIn, picture } from '../../platform/files/file-fixtures';
import { lakewoodWithLink, portal } from './portal-fixtures';

let t: TestApp;
let base: string;
let site: typeof customers.$inferSelect;
let neighbour: typeof customers.$inferSelect;
let token: string;
let linkId: number;

type Photo = { name: string; content: Buffer; field?: string };

/** A service request through the link, as the portal's form sends it. */
async function request(fields: Record<string, string>, photos: Photo[] = [], link = token) {
  const body = await multipart(photos.map((p) => ({ field: 'photos', ...p })), fields);
  return t.call('POST', portal(link, '/serviceRequests'), null, undefined, { payload: body.payload, headers: body.headers });
}

const workOrdersOf = async (customerId: number) => t.db.select().from(workOrders).where(eq(workOrders.customerId, customerId));

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ({ site, neighbour, token, linkId } = await lakewoodWithLink(t, 'dana@freshmart.example'));
});
afterAll(() => t.close());

describe('requesting service through the customer portal', () => {
  it('creates a ToDo work order at the location with its photos among its files, tells the office, and lists it in the portal', async () => {
    const dispatcherHub = await openHub(base, await t.token('dispatcher'), '/hubs/notifications');
    const techHub = await openHub(base, await t.token('tech'), '/hubs/notifications');
    try {
      const [png, jpeg] = [await picture('png', 64, 48), await picture('jpeg', 64, 48)];
      const res = await request(
        { locationId: String(site.id), problem: 'The walk-in cooler is warm', preferredTime: 'Mornings before 11', contactName: 'Sam Ortiz', contactPhone: '(214) 555 0177' },
        [{ name: 'IMG_0001.PNG', content: png }, { name: 'cooler.jpg', content: jpeg }],
      );
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({ location: { customerId: site.id, name: site.name }, status: 'ToDo', isOpen: true, photoCount: 2, visits: [] });
      expect(answer.problem).toBe('The walk-in cooler is warm\n\nPreferred time: Mornings before 11\nRequested through the customer portal by Sam Ortiz (214-555-0177).');

      const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, answer.workOrderId));
      expect(row).toMatchObject({ subscriberId: site.subscriberId, customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 13, workOrderNumber: answer.workOrderNumber });
      expect(row.workOrderNumber).toMatch(/^\d+$/);
      expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'workOrder'), eq(auditLog.entityId, row.id), eq(auditLog.action, 'create')))).toHaveLength(1);

      const folder = `workOrders/${row.id}`;
      expect((await namesIn(t, 'admin', folder)).sort()).toEqual(['Service request photo 1.png', 'Service request photo 2.jpg']);
      const url = (await t.call('GET', `/api/v1/Files/getFileUrl?path=${encodeURIComponent(`${folder}/Service request photo 1.png`)}`, 'admin')).json().url;
      const file = await t.app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(png)).toBe(true);

      const heard = await dispatcherHub.next((m) => m.event === 'notice');
      expect(heard.payload).toEqual({ kind: 'serviceRequest', workOrderId: row.id, workOrderNumber: row.workOrderNumber, customerName: 'FreshMart Grocers Inc.', contactName: 'Sam Ortiz', photoCount: 2 });
      expect(techHub.messages.filter((m) => m.event === 'notice')).toEqual([]);

      const listed = (await t.call('GET', portal(token, '/workOrders'), null)).json();
      const mine = listed.find((w: { workOrderId: number }) => w.workOrderId === row.id);
      expect(mine).toMatchObject({ workOrderNumber: row.workOrderNumber, status: 'ToDo', isOpen: true });
      expect(Object.keys(mine).sort()).toEqual(['createdAt', 'isOpen', 'location', 'problem', 'signatures', 'status', 'visits', 'workOrderId', 'workOrderNumber']);
    } finally {
      dispatcherHub.close();
      techHub.close();
    }
  });

  it('takes a request without photos, and names the link\'s contact when no other is given', async () => {
    const res = await request({ locationId: String(site.id), problem: 'Ice machine leaking' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ photoCount: 0, problem: 'Ice machine leaking\n\nRequested through the customer portal by Dana Lopez.' });
  });

  it("refuses another customer's location, an empty problem, a bad phone, a file that is not a photo and six photos, creating nothing", async () => {
    const before = (await workOrdersOf(site.id)).length;
    const neighbours = (await workOrdersOf(neighbour.id)).length;
    const png = await picture('png', 16, 16);
    const other = await request({ locationId: String(neighbour.id), problem: 'Warm cooler' });
    expect(other.statusCode).toBe(404);
    expect(other.json().title).toBe('Location was not found.');
    expect(await workOrdersOf(neighbour.id)).toHaveLength(neighbours);

    const empty = await request({ locationId: String(site.id), problem: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().title).toBe('Problem description field is required!');
    const phone = await request({ locationId: String(site.id), problem: 'Warm cooler', contactPhone: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().title).toMatch(/^Contact phone/);

    const text = await request({ locationId: String(site.id), problem: 'Warm cooler' }, [{ name: 'notes.txt', content: Buffer.from('not a picture') }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().title).toBe('notes.txt is not a photo: only jpeg, jpg, png, heic files can be sent.');
    const renamed = await request({ locationId: String(site.id), problem: 'Warm cooler' }, [{ name: 'photo.jpg', content: Buffer.from('#!/bin/sh\necho hi\n') }]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().title).toBe('photo.jpg is not a jpg picture: its content does not match its type.');

    const six = await request({ locationId: String(site.id), problem: 'Warm cooler' }, Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, content: png })));
    expect(six.statusCode).toBe(400);
    expect(six.json().title).toBe('At most 5 photos may be sent with a request.');
    const json = await t.call('POST', portal(token, '/serviceRequests'), null, { locationId: site.id, problem: 'Warm cooler' });
    expect(json.statusCode).toBe(415);
    expect(await workOrdersOf(site.id)).toHaveLength(before);
  });

  it('answers an unknown link 404 and a revoked one 410, creating nothing', async () => {
    const before = (await workOrdersOf(site.id)).length;
    expect((await request({ locationId: String(site.id), problem: 'Warm cooler' }, [], 'x'.repeat(43))).statusCode).toBe(404);
    const revoked = await t.call('POST', `/api/v1/Customer/${site.id}/portalLinks/${linkId}/revoke`, 'admin');
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await request({ locationId: String(site.id), problem: 'Warm cooler' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().title).toBe('This portal link was withdrawn by the company that sent it. Ask them for a new one.');
    expect(await workOrdersOf(site.id)).toHaveLength(before);
    expect((await t.db.select().from(customerPortalLinks).where(eq(customerPortalLinks.id, linkId)))[0].revokedAt).not.toBeNull();
  });
});
