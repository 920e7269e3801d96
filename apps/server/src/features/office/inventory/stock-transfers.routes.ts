import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declineTransferBody, inventoryTransferIdParams, myTruckAnswer, myTruckQuery, transferRequestBody, transferRequestSchema, transferRequestsAnswer, transferRequestsQuery } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { completeTransferRequest, declineTransferRequest, listTransferRequests, myTruck, requestTransfer } from './stock-transfers.service';

const INVENTORY_READ = area('Inventory');
const INVENTORY_MANAGEMENT = area('Inventory', 'write', 'Inventory Management');

/** Transfer requests between warehouses and trucks, and the technician's truck (spec platform 2.1 /inventory). */
export function stockTransferRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Inventory'];
  r.get('/api/v1/Inventory/myTruck', {
    config: { access: INVENTORY_READ },
    schema: { operationId: 'getMyTruck', summary: "The caller's truck and the parts on it", tags, querystring: myTruckQuery, response: { 200: myTruckAnswer } },
    handler: (req) => myTruck(ctxOf(req, deps.db), req.access!, req.query.search),
  });
  r.get('/api/v1/Inventory/transferRequests', {
    config: { access: INVENTORY_READ },
    schema: {
      operationId: 'listTransferRequests',
      summary: 'Transfer requests, newest first: every one for the office, the caller’s own for anyone else',
      tags,
      querystring: transferRequestsQuery,
      response: { 200: transferRequestsAnswer },
    },
    handler: (req) => listTransferRequests(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.post('/api/v1/Inventory/transferRequests', {
    config: { access: INVENTORY_READ },
    schema: { operationId: 'requestStockTransfer', summary: 'Ask for parts to be moved to (or from) your truck', tags, body: transferRequestBody, response: { 200: transferRequestSchema } },
    handler: (req) => requestTransfer(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/Inventory/transferRequests/:transferId/complete', {
    config: { access: INVENTORY_MANAGEMENT },
    schema: { operationId: 'completeStockTransfer', summary: 'Move the parts a request asks for', tags, params: inventoryTransferIdParams, response: { 200: transferRequestSchema } },
    handler: (req) => completeTransferRequest(ctxOf(req, deps.db), req.access!, req.params.transferId),
  });
  r.put('/api/v1/Inventory/transferRequests/:transferId/decline', {
    config: { access: INVENTORY_MANAGEMENT },
    schema: { operationId: 'declineStockTransfer', summary: 'Refuse a transfer request, with the reason', tags, params: inventoryTransferIdParams, body: declineTransferBody, response: { 200: transferRequestSchema } },
    handler: (req) => declineTransferRequest(ctxOf(req, deps.db), req.access!, req.params.transferId, req.body.reason),
  });
}
