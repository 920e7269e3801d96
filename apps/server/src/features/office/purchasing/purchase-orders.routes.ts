import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backOrderBody, closePurchaseOrderBody, createPurchaseOrderBody, documentEmailAnswer, documentEmailBody, documentEmailDefaults, PURCHASE_ORDERS_READ, PURCHASE_ORDERS_WRITE,
  purchaseOrderChoicesAnswer, purchaseOrderLineParams, purchaseOrderListAnswer, purchaseOrderListQuery, purchaseOrderParams, purchaseOrderSchema, purchaseOrderSummarySchema,
  purchaseOrderWorkOrderOption, purchaseOrderWorkOrderParams, purchaseOrderWorkOrderQuery, receivePurchaseOrderBody, updatePurchaseOrderBody,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { sendPdf } from '../../money/documents/documents.routes';
import { emailPurchaseOrder, purchaseOrderEmailDefaults, purchaseOrderPdf } from './purchase-order-document.service';
import { listPurchaseOrders, purchaseOrderChoices, purchaseOrderWorkOrderOptions, readPurchaseOrder, workOrderPurchaseOrders } from './purchase-order-read.service';
import { receivePurchaseOrder } from './purchase-order-receive.service';
import { cancelPurchaseOrder, closePurchaseOrder, createPurchaseOrder, setBackOrder, updatePurchaseOrder } from './purchase-order-save.service';

const LINE_EXAMPLE = {
  lineId: 41, lineNumber: 1, itemId: 12, partNumber: 'CAP-4540', description: 'Run capacitor 45/5 µF 440 V', quantity: 2, unitCost: 18.4, lineTotal: 36.8, received: 1, outstanding: 1,
  backOrdered: 0, backOrderExpectedOn: null,
};
const SUMMARY_EXAMPLE = {
  purchaseOrderId: 9, number: 1004, vendorId: 3, vendorName: 'Johnstone Supply', workOrderId: 17, workOrderNumber: '240017', status: 'partiallyReceived', total: 36.8,
  createdAt: '2026-11-28T16:00:00.000Z', expectedOn: '2026-12-04',
};
const PO_EXAMPLE = {
  ...SUMMARY_EXAMPLE, vendorEmail: 'orders@johnstone.example.com', shipToAddressId: 1, shipToName: 'Main Warehouse', shipToAddress: '4100 Industrial Blvd, Dallas, TX 75201',
  customerName: 'Downtown Grill', workOrderStatus: 'Parts Ordered', notes: null, createdByName: 'Alex Admin', sentAt: '2026-11-28T16:05:00.000Z', closedAt: null, lines: [LINE_EXAMPLE],
  receipts: [{ receiptId: 5, lineId: 41, warehouseId: 3, warehouseName: 'Truck 1', quantity: 1, receivedByName: 'Alex Admin', receivedAt: '2026-11-29T09:00:00.000Z' }],
};
const purchaseOrder = purchaseOrderSchema.meta({ example: PO_EXAMPLE });

/**
 * Purchase orders (spec platform 2.1 /purchaseOrders): read with Purchase Orders read; created, changed, sent to the
 * vendor, received, back ordered, closed and canceled with Purchase Orders write.
 */
export function purchaseOrdersRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Purchase orders'];
  const read = PURCHASE_ORDERS_READ;
  const write = PURCHASE_ORDERS_WRITE;
  r.get('/api/v1/PurchaseOrder', {
    config: { access: read },
    schema: {
      operationId: 'listPurchaseOrders', summary: "A page of the company's purchase orders, newest first",
      description: 'Filters: a status and a text found in the number, the vendor or the work order number.',
      tags, querystring: purchaseOrderListQuery, response: { 200: purchaseOrderListAnswer.meta({ example: { data: [SUMMARY_EXAMPLE], total: 1 } }) },
    },
    handler: (req) => listPurchaseOrders(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/PurchaseOrder/choices', {
    config: { access: read },
    schema: {
      operationId: 'getPurchaseOrderChoices', summary: 'The vendors, ship-to addresses and locations (warehouses and trucks) the purchase order forms offer', tags,
      response: {
        200: purchaseOrderChoicesAnswer.meta({
          example: { vendors: [{ id: 3, name: 'Johnstone Supply', email: 'orders@johnstone.example.com' }], shipToAddresses: [{ id: 1, name: 'Main Warehouse', address: '4100 Industrial Blvd, Dallas, TX 75201', isDefault: true }], locations: [{ id: 3, name: 'Truck 1', isTruck: true }] },
        }),
      },
    },
    handler: (req) => purchaseOrderChoices(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/PurchaseOrder/workOrders', {
    config: { access: read },
    schema: {
      operationId: 'listPurchaseOrderWorkOrders', summary: 'Up to 20 work orders the caller may order parts for, by number, customer or problem', tags,
      querystring: purchaseOrderWorkOrderQuery, response: { 200: z.array(purchaseOrderWorkOrderOption).meta({ example: [{ workOrderId: 17, workOrderNumber: '240017', customerName: 'Downtown Grill', problem: 'Walk-in cooler warm' }] }) },
    },
    handler: (req) => purchaseOrderWorkOrderOptions(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/WorkOrder/:workOrderId/purchaseOrders', {
    config: { access: read, errors: [404] },
    schema: {
      operationId: 'listWorkOrderPurchaseOrders', summary: 'The purchase orders of a work order, newest first', tags,
      params: purchaseOrderWorkOrderParams, response: { 200: z.array(purchaseOrderSummarySchema).meta({ example: [SUMMARY_EXAMPLE] }) },
    },
    handler: (req) => workOrderPurchaseOrders(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/PurchaseOrder', {
    config: { access: write, errors: [404] },
    schema: {
      operationId: 'createPurchaseOrder', summary: "A new purchase order with the company's next number",
      description: "A stocked line takes its part number, description and cost from the item unless typed; a free-text line needs its description. The ship-to address defaults to the company's default one; a linked work order moves to Parts Ordered.",
      tags, body: createPurchaseOrderBody, response: { 200: purchaseOrder },
    },
    handler: (req) => createPurchaseOrder(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/PurchaseOrder/:purchaseOrderId', {
    config: { access: read, errors: [404] },
    schema: { operationId: 'getPurchaseOrder', summary: 'A purchase order with its lines, received, outstanding and back ordered quantities, receipts and total', tags, params: purchaseOrderParams, response: { 200: purchaseOrder } },
    handler: (req) => {
      const ctx = ctxOf(req, deps.db);
      return readPurchaseOrder(ctx.db, ctx, req.params.purchaseOrderId);
    },
  });
  r.put('/api/v1/PurchaseOrder/:purchaseOrderId', {
    config: { access: write, errors: [404] },
    schema: {
      operationId: 'updatePurchaseOrder', summary: 'Change a purchase order while open, sent or partially received',
      description: 'Lines left out are removed; a line with parts received cannot be removed or go below what arrived.',
      tags, params: purchaseOrderParams, body: updatePurchaseOrderBody, response: { 200: purchaseOrder },
    },
    handler: (req) => updatePurchaseOrder(ctxOf(req, deps.db), req.access!, req.params.purchaseOrderId, req.body),
  });
  r.post('/api/v1/PurchaseOrder/:purchaseOrderId/cancel', {
    config: { access: write, errors: [404] },
    schema: { operationId: 'cancelPurchaseOrder', summary: 'Cancel a purchase order before anything is received', tags, params: purchaseOrderParams, response: { 200: purchaseOrder } },
    handler: (req) => cancelPurchaseOrder(ctxOf(req, deps.db), req.params.purchaseOrderId),
  });
  r.post('/api/v1/PurchaseOrder/:purchaseOrderId/close', {
    config: { access: write, errors: [404] },
    schema: { operationId: 'closePurchaseOrder', summary: 'Close a received purchase order, or short-close one with a reason', tags, params: purchaseOrderParams, body: closePurchaseOrderBody, response: { 200: purchaseOrder } },
    handler: (req) => closePurchaseOrder(ctxOf(req, deps.db), req.params.purchaseOrderId, req.body.reason),
  });
  r.post('/api/v1/PurchaseOrder/:purchaseOrderId/receive', {
    config: { access: write, errors: [404] },
    schema: {
      operationId: 'receivePurchaseOrder', summary: 'Receive parts of a purchase order into a warehouse or truck',
      description: 'Never more than is outstanding of a line; stocked lines post received rows of the stock ledger.',
      tags, params: purchaseOrderParams, body: receivePurchaseOrderBody, response: { 200: purchaseOrder },
    },
    handler: (req) => receivePurchaseOrder(ctxOf(req, deps.db), req.params.purchaseOrderId, req.body),
  });
  r.put('/api/v1/PurchaseOrder/:purchaseOrderId/lines/:lineId/backOrder', {
    config: { access: write, errors: [404] },
    schema: { operationId: 'setPurchaseOrderBackOrder', summary: "Mark a line's outstanding quantity back ordered with its expected date, or clear it (0)", tags, params: purchaseOrderLineParams, body: backOrderBody, response: { 200: purchaseOrder } },
    handler: (req) => setBackOrder(ctxOf(req, deps.db), req.params.purchaseOrderId, req.params.lineId, req.body),
  });
  r.get('/api/v1/PurchaseOrder/:purchaseOrderId/pdf', {
    config: { access: read, errors: [404] },
    schema: { operationId: 'getPurchaseOrderPdf', summary: 'A purchase order as a PDF, as the vendor receives it', tags, params: purchaseOrderParams, response: { 200: z.string().describe('A PDF') } },
    handler: async (req, reply) => {
      const { pdf, fileName } = await purchaseOrderPdf(ctxOf(req, deps.db), req.params.purchaseOrderId);
      return sendPdf(reply, pdf, fileName);
    },
  });
  r.get('/api/v1/PurchaseOrder/:purchaseOrderId/email', {
    config: { access: read, errors: [404] },
    schema: { operationId: 'getPurchaseOrderEmailDefaults', summary: "The Email send form's first values for a purchase order: the vendor's address, subject, message and the PDF's name", tags, params: purchaseOrderParams, response: { 200: documentEmailDefaults } },
    handler: (req) => purchaseOrderEmailDefaults(ctxOf(req, deps.db), req.params.purchaseOrderId),
  });
  r.post('/api/v1/PurchaseOrder/:purchaseOrderId/email', {
    config: { access: write, errors: [404] },
    schema: { operationId: 'emailPurchaseOrder', summary: 'E-mail the purchase order to the vendor with its PDF; an open one becomes sent', tags, params: purchaseOrderParams, body: documentEmailBody, response: { 200: documentEmailAnswer } },
    handler: (req) => emailPurchaseOrder(ctxOf(req, deps.db), req.params.purchaseOrderId, req.body),
  });
}
