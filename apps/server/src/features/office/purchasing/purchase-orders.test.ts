import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog, inventoryItems, purchaseOrderSettings, purchaseOrders, stockLevels, stockMovements, users, vendors, warehouses, workOrderStatusHistory, workOrders,
} from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { pdfText } from '../../../test/pdf-text';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startOutboxWorker } from '../../platform/email-outbox/outbox-worker';
import { ledgerOnHand } from '../inventory/stock-ledger.service';

let t: TestApp;
let sink: SmtpSink;
let worker: { stop(): Promise<void> };
let ctx: Ctx;
let polar: number;
let vendorId: number;
let truck: number;
let items: { id: number; partNumber: string; description: string; unitCost: string }[];
let freeWorkOrders: number[];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: quiet, pollMs: 100 });
  const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
  polar = admin.subscriberId;
  ctx = { db: t.db, actor: { userId: admin.id, subscriberId: polar, userName: 'admin' }, now: new Date() };
  [{ id: vendorId }] = await t.db.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.subscriberId, polar), eq(vendors.name, 'Johnstone Supply')));
  [{ id: truck }] = await t.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.subscriberId, polar), eq(warehouses.name, 'Truck 1')));
  items = await t.db.select().from(inventoryItems).where(eq(inventoryItems.subscriberId, polar)).orderBy(asc(inventoryItems.id));
  // Work orders not completed, billed or canceled, one per test that watches its status.
  freeWorkOrders = (
    await t.db.select({ id: workOrders.id, s: workOrders.workOrderStatusId }).from(workOrders).where(eq(workOrders.subscriberId, polar)).orderBy(asc(workOrders.id))
  )
    .filter((w) => ![38, 27, 53, 22, 10, 18, 42].includes(w.s))
    .map((w) => w.id);
});
afterAll(async () => {
  await worker.stop();
  await sink.close();
  await t.close();
});

const woStatus = async (id: number) => (await t.db.select({ s: workOrders.workOrderStatusId }).from(workOrders).where(eq(workOrders.id, id)))[0]!.s;
const level = async (itemId: number, warehouseId: number) =>
  (await t.db.select({ onHand: stockLevels.onHand }).from(stockLevels).where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.warehouseId, warehouseId))))[0]?.onHand ?? '0.000';

type Po = { purchaseOrderId: number; number: number; status: string; total: number; shipToName: string | null; lines: { lineId: number; quantity: number; received: number; outstanding: number; backOrdered: number; unitCost: number; partNumber: string | null; description: string; lineTotal: number }[] };

async function create(body: Record<string, unknown>, as = 'admin'): Promise<Po> {
  const res = await t.call('POST', '/api/v1/PurchaseOrder', as, { vendorId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('purchase order numbers', () => {
  it('gives two purchase orders made at once different numbers, one after the other', async () => {
    await t.call('PUT', '/api/v1/PurchaseOrder/poNumber', 'admin', { nextPurchaseOrderNumber: 7001 });
    const made = await Promise.all(Array.from({ length: 6 }, () => create({ lines: [{ description: 'Shop rags', quantity: 1, unitCost: 5 }] })));
    expect(made.map((p) => p.number).sort()).toEqual([7001, 7002, 7003, 7004, 7005, 7006]);
    expect((await t.db.select().from(purchaseOrderSettings).where(eq(purchaseOrderSettings.subscriberId, polar)))[0].nextPurchaseOrderNumber).toBe(7007);
    // A counter set back by hand steps over the numbers already used.
    await t.call('PUT', '/api/v1/PurchaseOrder/poNumber', 'admin', { nextPurchaseOrderNumber: 7002 });
    expect((await create({ lines: [{ description: 'Shop rags', quantity: 1 }] })).number).toBe(7007);
  });
});

describe('a purchase order', () => {
  it('takes a stocked line from its item, a free-text line as typed, the default ship-to, and an exact total', async () => {
    const [cap] = items;
    const po = await create({ lines: [{ itemId: cap.id, quantity: 3 }, { description: 'Door closer', quantity: 3, unitCost: 0.1 }, { description: 'Hinge', quantity: 1, unitCost: 0.2 }] });
    expect(po).toMatchObject({ status: 'open', shipToName: 'Main Warehouse' });
    expect(po.lines[0]).toMatchObject({ partNumber: cap.partNumber, description: cap.description, unitCost: Number(cap.unitCost), quantity: 3 });
    // 3 × 18.40 + 3 × 0.10 + 0.20 = 55.70 exactly (binary floats would give 55.699999…).
    expect(po.total).toBe(55.7);
    expect(po.lines[1].lineTotal).toBe(0.3);
    const grid = await t.call('GET', `/api/v1/PurchaseOrder?search=${po.number}&status=open`, 'admin');
    expect(grid.json().data.find((r: Po) => r.purchaseOrderId === po.purchaseOrderId)).toMatchObject({ vendorName: 'Johnstone Supply', total: 55.7 });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'purchaseOrder'), eq(auditLog.entityId, po.purchaseOrderId)));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses bad input with a sentence, changing nothing', async () => {
    const before = (await t.db.select().from(purchaseOrders)).length;
    const cases: [unknown, number, string][] = [
      [{ vendorId, lines: [] }, 400, 'A purchase order needs at least one line.'],
      [{ vendorId, lines: [{ quantity: 1 }] }, 400, 'Line 1: Description field is required!'],
      [{ vendorId, lines: [{ description: 'x', quantity: 0 }] }, 400, 'Quantity must be more than 0.'],
      [{ lines: [{ description: 'x', quantity: 1 }] }, 400, 'Vendor field is required!'],
    ];
    for (const [body, status, title] of cases) {
      const res = await t.call('POST', '/api/v1/PurchaseOrder', 'admin', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().title).toBe(title);
    }
    // A new purchase order has no lines yet to name.
    const named = await t.call('POST', '/api/v1/PurchaseOrder', 'admin', { vendorId, lines: [{ lineId: 1, description: 'x', quantity: 1 }] });
    expect([named.statusCode, named.json().title]).toEqual([400, 'A line of a new purchase order cannot have lineId.']);
    await t.db.update(vendors).set({ isActive: false }).where(eq(vendors.name, 'Ferguson HVAC'));
    const [ferguson] = await t.db.select().from(vendors).where(and(eq(vendors.subscriberId, polar), eq(vendors.name, 'Ferguson HVAC')));
    const inactive = await t.call('POST', '/api/v1/PurchaseOrder', 'admin', { vendorId: ferguson.id, lines: [{ description: 'x', quantity: 1 }] });
    expect(inactive.json().title).toBe('Vendor Ferguson HVAC is inactive: choose an active vendor.');
    await t.db.update(vendors).set({ isActive: true }).where(eq(vendors.name, 'Ferguson HVAC'));
    expect((await t.db.select().from(purchaseOrders)).length).toBe(before);
  });

  it('is received in part then in full: receipts, ledger rows and stock levels, and its work order follows', async () => {
    const wo = freeWorkOrders[0];
    const [cap, contactor] = items;
    const po = await create({ workOrderId: wo, lines: [{ itemId: cap.id, quantity: 2 }, { itemId: contactor.id, quantity: 1, unitCost: 25.5 }] });
    expect(await woStatus(wo)).toBe(10);
    const truckBefore = await level(cap.id, truck);
    const [capLine, conLine] = po.lines;

    const part = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/receive`, 'admin', { warehouseId: truck, lines: [{ lineId: capLine.lineId, quantity: 1 }] });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'partiallyReceived', workOrderStatus: 'Parts Ordered' });
    expect(part.json().lines[0]).toMatchObject({ received: 1, outstanding: 1 });
    expect(await woStatus(wo)).toBe(10);
    const rows = await t.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, po.purchaseOrderId));
    expect(rows).toMatchObject([{ itemId: cap.id, warehouseId: truck, kind: 'received', quantity: '1.000', unitCost: cap.unitCost, purchaseOrderLineId: capLine.lineId }]);
    expect(await level(cap.id, truck)).toBe((Number(truckBefore) + 1).toFixed(3));
    expect(await t.db.transaction((tx) => ledgerOnHand(tx, ctx, cap.id, truck))).toBe(await level(cap.id, truck));

    // More than is outstanding: refused with a sentence, nothing written.
    const over = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/receive`, 'admin', { warehouseId: truck, lines: [{ lineId: capLine.lineId, quantity: 2 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().title).toBe(`Line 1 (${cap.description}): only 1 is outstanding, so 2 cannot be received.`);
    expect(await t.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, po.purchaseOrderId))).toHaveLength(1);

    const rest = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/receive`, 'admin', {
      warehouseId: truck, lines: [{ lineId: capLine.lineId, quantity: 1 }, { lineId: conLine.lineId, quantity: 1 }],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'received', workOrderStatus: 'Parts Here' });
    expect(rest.json().receipts).toHaveLength(3);
    expect(await woStatus(wo)).toBe(18);
    expect(await t.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, po.purchaseOrderId))).toHaveLength(3);
    for (const item of [cap, contactor]) expect(await t.db.transaction((tx) => ledgerOnHand(tx, ctx, item.id, truck))).toBe(await level(item.id, truck));
    const history = await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, wo)).orderBy(asc(workOrderStatusHistory.id));
    expect(history.slice(-2).map((h) => h.toStatusId)).toEqual([10, 18]);

    // Received in full: no more changes, no cancel; closing needs no reason.
    expect((await t.call('PUT', `/api/v1/PurchaseOrder/${po.purchaseOrderId}`, 'admin', { vendorId, lines: [{ description: 'x', quantity: 1 }] })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/cancel`, 'admin')).statusCode).toBe(409);
    const closed = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/close`, 'admin', {});
    expect(closed.json().status).toBe('closed');
  });

  it('moves its work order to Back Ordered while a line is back ordered, and back when cleared', async () => {
    const wo = freeWorkOrders[1];
    const po = await create({ workOrderId: wo, lines: [{ description: 'Compressor', quantity: 2, unitCost: 900 }] });
    const url = `/api/v1/PurchaseOrder/${po.purchaseOrderId}/lines/${po.lines[0].lineId}/backOrder`;
    const tooMany = await t.call('PUT', url, 'admin', { quantity: 3, expectedOn: '2026-12-20' });
    expect(tooMany.json().title).toBe('Line 1: only 2 is outstanding, so no more than that can be back ordered.');
    const marked = await t.call('PUT', url, 'admin', { quantity: 2, expectedOn: '2026-12-20' });
    expect(marked.json().lines[0]).toMatchObject({ backOrdered: 2, backOrderExpectedOn: '2026-12-20' });
    expect(await woStatus(wo)).toBe(42);
    // Receiving part of it shrinks the back order to what is still outstanding.
    const got = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/receive`, 'admin', { warehouseId: truck, lines: [{ lineId: po.lines[0].lineId, quantity: 1 }] });
    expect(got.json().lines[0]).toMatchObject({ backOrdered: 1, outstanding: 1 });
    await t.call('PUT', url, 'admin', { quantity: 0 });
    expect(await woStatus(wo)).toBe(10);
    // Short-closing needs a reason; then the work order is left where it is.
    const noReason = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/close`, 'admin', {});
    expect(noReason.statusCode).toBe(400);
    const closed = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/close`, 'admin', { reason: 'Discontinued' });
    expect(closed.json()).toMatchObject({ status: 'closed', notes: 'Closed short: Discontinued' });
  });

  it('leaves a completed work order where it is', async () => {
    const wo = freeWorkOrders[2];
    await t.db.update(workOrders).set({ workOrderStatusId: 38 }).where(eq(workOrders.id, wo));
    await create({ workOrderId: wo, lines: [{ description: 'Fuse', quantity: 1, unitCost: 2 }] });
    expect(await woStatus(wo)).toBe(38);
  });

  it('is edited: lines added, changed and removed, never below what was received', async () => {
    const po = await create({ lines: [{ description: 'Belt', quantity: 4, unitCost: 12 }, { description: 'Pulley', quantity: 1, unitCost: 30 }] });
    const [belt, pulley] = po.lines;
    await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/receive`, 'admin', { warehouseId: truck, lines: [{ lineId: belt.lineId, quantity: 3 }] });
    const url = `/api/v1/PurchaseOrder/${po.purchaseOrderId}`;
    const below = await t.call('PUT', url, 'admin', { vendorId, lines: [{ lineId: belt.lineId, description: 'Belt', quantity: 2, unitCost: 12 }] });
    expect(below.json().title).toBe('Line 1 cannot be less than the 3 already received.');
    const removed = await t.call('PUT', url, 'admin', { vendorId, lines: [{ lineId: pulley.lineId, description: 'Pulley', quantity: 1, unitCost: 30 }] });
    expect(removed.json().title).toBe('Line 1 has parts received and cannot be removed.');
    const edited = await t.call('PUT', url, 'admin', { vendorId, lines: [{ lineId: belt.lineId, description: 'Belt', quantity: 3, unitCost: 12 }, { description: 'Grease', quantity: 2, unitCost: 4.25 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'partiallyReceived', total: 44.5 });
    expect(edited.json().lines.map((l: Po['lines'][number]) => l.description)).toEqual(['Belt', 'Grease']);
    expect((await t.call('POST', `${url}/cancel`, 'admin')).json().title).toBe(`Purchase order ${po.number} has parts received and cannot be canceled: close it instead.`);
    const other = await create({ lines: [{ description: 'Belt', quantity: 1, unitCost: 12 }] });
    expect((await t.call('POST', `/api/v1/PurchaseOrder/${other.purchaseOrderId}/cancel`, 'admin')).json().status).toBe('canceled');
  });

  it('is e-mailed to the vendor with its PDF attached, and becomes sent', async () => {
    const wo = freeWorkOrders[3];
    const po = await create({ workOrderId: wo, lines: [{ itemId: items[0].id, quantity: 2 }] });
    const pdf = await t.call('GET', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/pdf`, 'admin');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const shown of ['PURCHASE ORDER', `No. ${po.number}`, items[0].partNumber, '$36.80']) expect(text.some((s) => s.includes(shown)), shown).toBe(true);
    const defaults = (await t.call('GET', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/email`, 'admin')).json();
    expect(defaults).toMatchObject({ to: ['orders@johnstone.example.com'], fileName: `Purchase-Order-${po.number}.pdf` });
    const before = sink.received.length;
    const sent = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/email`, 'admin', { to: defaults.to, subject: defaults.subject, message: defaults.message });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await t.call('GET', `/api/v1/PurchaseOrder/${po.purchaseOrderId}`, 'admin')).json().status).toBe('sent');
    expect(await woStatus(wo)).toBe(10);
    await waitUntil(() => sink.received.length === before + 1, 'the purchase order to reach the SMTP server', 15_000);
    const received = sink.received.at(-1)!;
    expect(received.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Purchase-Order-${po.number}.pdf`, 'application/pdf']]);
    expect(pdfText(received.attachments[0]!.content).some((s) => s.includes('$36.80'))).toBe(true);
    const noTo = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/email`, 'admin', { to: [], subject: 's', message: 'm' });
    expect(noTo.statusCode).toBe(400);
  });
});

describe('another company and rights', () => {
  it("answers another company's purchase order, vendor, location and work order as not found", async () => {
    const po = await create({ lines: [{ description: 'Rags', quantity: 1, unitCost: 1 }] });
    for (const [method, url, body] of [
      ['GET', `/api/v1/PurchaseOrder/${po.purchaseOrderId}`, undefined],
      ['GET', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/pdf`, undefined],
      ['POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/cancel`, undefined],
      ['POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/receive`, { warehouseId: truck, lines: [{ lineId: po.lines[0].lineId, quantity: 1 }] }],
    ] as const) {
      const res = await t.call(method, url, 'coastal.admin', body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.call('POST', '/api/v1/PurchaseOrder', 'coastal.admin', { vendorId, lines: [{ description: 'x', quantity: 1 }] })).statusCode).toBe(404);
    const [coastalTruck] = await t.db.select().from(warehouses).where(and(eq(warehouses.isTruck, true), eq(warehouses.name, 'Truck 1')));
    const theirs = coastalTruck.subscriberId === polar ? (await t.db.select().from(warehouses).where(eq(warehouses.isTruck, true))).find((w) => w.subscriberId !== polar)! : coastalTruck;
    const intoTheirs = await t.call('POST', `/api/v1/PurchaseOrder/${po.purchaseOrderId}/receive`, 'admin', { warehouseId: theirs.id, lines: [{ lineId: po.lines[0].lineId, quantity: 1 }] });
    expect(intoTheirs.statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/PurchaseOrder', 'coastal.admin')).json().data.some((r: Po) => r.purchaseOrderId === po.purchaseOrderId)).toBe(false);
  });

  it('needs Purchase Orders read to see and write to change', async () => {
    expect((await t.call('GET', '/api/v1/PurchaseOrder', 'tech')).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/PurchaseOrder', 'tech', { vendorId, lines: [{ description: 'x', quantity: 1 }] })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/PurchaseOrder', null)).statusCode).toBe(401);
  });
});
