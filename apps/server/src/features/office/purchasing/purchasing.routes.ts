import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MANAGE_PO_NUMBERS, PURCHASE_ORDERS_READ, purchaseOrderNumberBody, purchaseOrderSettingsSchema } from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { getPurchaseOrderSettings, setNextPurchaseOrderNumber } from './purchase-order-number.service';

/** The company's purchase order numbering (spec platform 2.1 account-settings purchaseOrdersNumber). */
export function purchasingRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Purchase orders'];
  r.get('/api/v1/PurchaseOrder/settings', {
    config: { access: PURCHASE_ORDERS_READ },
    schema: { operationId: 'getPurchaseOrderSettings', summary: 'The number the next purchase order takes', tags, response: { 200: purchaseOrderSettingsSchema } },
    handler: (req) => getPurchaseOrderSettings(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/PurchaseOrder/poNumber', {
    config: { access: MANAGE_PO_NUMBERS },
    schema: { operationId: 'setNextPurchaseOrderNumber', summary: 'Manage PO Numbers: set the next purchase order number', tags, body: purchaseOrderNumberBody, response: { 200: purchaseOrderSettingsSchema } },
    handler: (req) => setNextPurchaseOrderNumber(ctxOf(req, deps.db), req.body.nextPurchaseOrderNumber),
  });
}
