import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyVendorCreditBody, createVendorCreditBody, matchVendorCreditBody, PURCHASE_ORDERS_READ, vendorCreditParams, vendorCreditPurchaseOrderSchema, vendorCreditSchema,
  vendorCreditsGridAnswer, vendorCreditsGridRequest, vendorOptionSchema,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import {
  applyVendorCredit, cancelVendorCredit, createVendorCredit, getVendorCredit, listCreditPurchaseOrders, listCreditVendors, listVendorCredits, matchVendorCredit,
} from './vendor-credits.service';

const WRITE = area('Purchase Orders', 'write');

/** Vendor credits (spec platform 2.1 /vendorCredits): read and changed under Purchase Orders. */
export function vendorCreditsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vendor credits'];
  r.post('/api/v1/VendorCredit/list', {
    config: { access: PURCHASE_ORDERS_READ },
    schema: { operationId: 'listVendorCredits', summary: "The company's vendor credits, paged, sorted and filtered", tags, body: vendorCreditsGridRequest, response: { 200: vendorCreditsGridAnswer } },
    handler: (req) => listVendorCredits(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/VendorCredit/vendors', {
    config: { access: PURCHASE_ORDERS_READ },
    schema: { operationId: 'listVendorCreditVendors', summary: 'The active vendors a credit may be opened with', tags, response: { 200: z.array(vendorOptionSchema) } },
    handler: (req) => listCreditVendors(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/VendorCredit/:vendorCreditId', {
    config: { access: PURCHASE_ORDERS_READ },
    schema: { operationId: 'getVendorCredit', summary: 'One vendor credit with its lines', tags, params: vendorCreditParams, response: { 200: vendorCreditSchema } },
    handler: (req) => {
      const ctx = ctxOf(req, deps.db);
      return getVendorCredit(ctx.db, ctx, req.params.vendorCreditId);
    },
  });
  r.get('/api/v1/VendorCredit/:vendorCreditId/purchaseOrders', {
    config: { access: PURCHASE_ORDERS_READ },
    schema: {
      operationId: 'listVendorCreditPurchaseOrders', summary: 'The purchase orders of the credit\'s vendor it may be matched to', tags, params: vendorCreditParams,
      response: { 200: z.array(vendorCreditPurchaseOrderSchema) },
    },
    handler: (req) => listCreditPurchaseOrders(ctxOf(req, deps.db), req.params.vendorCreditId),
  });
  r.post('/api/v1/VendorCredit', {
    config: { access: WRITE },
    schema: { operationId: 'createVendorCredit', summary: 'Open a vendor credit with lines of items or free text', tags, body: createVendorCreditBody, response: { 200: vendorCreditSchema } },
    handler: (req) => createVendorCredit(ctxOf(req, deps.db), req.body),
  });
  r.put('/api/v1/VendorCredit/:vendorCreditId/purchaseOrder', {
    config: { access: WRITE },
    schema: {
      operationId: 'matchVendorCredit', summary: 'Match an open vendor credit to a purchase order of the same vendor (null undoes it)', tags, params: vendorCreditParams, body: matchVendorCreditBody,
      response: { 200: vendorCreditSchema },
    },
    handler: (req) => matchVendorCredit(ctxOf(req, deps.db), req.params.vendorCreditId, req.body.purchaseOrderId),
  });
  r.put('/api/v1/VendorCredit/:vendorCreditId/apply', {
    config: { access: WRITE, errors: [409] },
    schema: {
      operationId: 'applyVendorCredit', summary: "Apply an open vendor credit with the vendor's credit memo reference", tags, params: vendorCreditParams, body: applyVendorCreditBody,
      response: { 200: vendorCreditSchema },
    },
    handler: (req) => applyVendorCredit(ctxOf(req, deps.db), req.params.vendorCreditId, req.body.vendorReference),
  });
  r.put('/api/v1/VendorCredit/:vendorCreditId/cancel', {
    config: { access: WRITE, errors: [409] },
    schema: { operationId: 'cancelVendorCredit', summary: 'Cancel an open vendor credit', tags, params: vendorCreditParams, response: { 200: vendorCreditSchema } },
    handler: (req) => cancelVendorCredit(ctxOf(req, deps.db), req.params.vendorCreditId),
  });
}
