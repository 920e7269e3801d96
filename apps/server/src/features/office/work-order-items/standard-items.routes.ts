import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addRateSheetStandardItemBody, addStandardItemBody, idParam, messageAnswer, rateSheetStandardItemSchema, standardItemSchema,
  workOrderStandardItemSchema, workOrderStandardItemsAnswer,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { DELETE_ITEMS, workOrderParams } from './work-order-item-access';
import {
  addRateSheetStandardItem, addStandardItem, deleteStandardItem, listRateSheetStandardItems, listStandardItems, listWorkOrderStandardItems,
} from './standard-items.service';

/** Standard items and rate-sheet standard items on a work order, and the lists they are picked from. */
export function standardItemsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work order items'];
  r.get('/api/v1/StandardItems/list', {
    config: { access: area('Standard Items') },
    schema: { summary: "The company's active standard items", tags, response: { 200: z.array(standardItemSchema) } },
    handler: (req) => listStandardItems(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/RateSheetStandardItem/list/:billingCustomerId', {
    config: { access: area('Standard Items') },
    schema: {
      summary: "Standard items of a billing customer's rate sheets",
      tags,
      params: z.object({ billingCustomerId: idParam('Billing customer') }),
      response: { 200: z.array(rateSheetStandardItemSchema) },
    },
    handler: (req) => listRateSheetStandardItems(ctxOf(req, deps.db), req.params.billingCustomerId),
  });
  r.get('/api/v1/WorkOrder/:workOrderId/standardItems', {
    config: { access: area('Work Orders') },
    schema: { summary: 'Standard and rate-sheet items of a work order with their total', tags, params: workOrderParams, response: { 200: workOrderStandardItemsAnswer } },
    handler: (req) => listWorkOrderStandardItems(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/WorkOrder/standardItems/add', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Add a standard item to a work order', tags, body: addStandardItemBody, response: { 200: workOrderStandardItemSchema } },
    handler: (req) => addStandardItem(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/WorkOrder/rateSheetStandardItems/add', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Add a rate-sheet standard item to a work order', tags, body: addRateSheetStandardItemBody, response: { 200: workOrderStandardItemSchema } },
    handler: (req) => addRateSheetStandardItem(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.delete('/api/v1/WorkOrder/standardItems/:workOrderStandardItemId', {
    config: { access: DELETE_ITEMS },
    schema: {
      summary: 'Remove a standard item from a work order',
      tags,
      params: z.object({ workOrderStandardItemId: idParam('Standard item') }),
      response: { 200: messageAnswer },
    },
    handler: (req) => deleteStandardItem(ctxOf(req, deps.db), req.access!, req.params.workOrderStandardItemId),
  });
}
