import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { workOrderDetailsSchema, createdWorkOrderAnswer, createWorkOrderBody, gridRequestSchema, idParam, requiredText, rateSheetLaborItemSchema, rateSheetTruckSchema, technicianWorkOrdersAnswer } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { createAnyWorkOrder } from './work-order-create.service';
import { getWorkOrderByNumber, listRateSheetLaborItems, listRateSheetTrucks, listTechnicianWorkOrders } from './work-orders.service';

const billingParams = z.object({ billingCustomerId: idParam('Billing customer') });

/** Work orders a technician reads, and the rate sheets of their billing customers. */
export function workOrdersRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work orders'];
  r.post('/api/v1/workOrder/technicianWorkOrders', {
    config: { access: area('Work Orders', 'read', 'My WorkOrders') },
    schema: {
      summary: "A page of the caller's work orders (My Work Orders)",
      tags,
      body: gridRequestSchema.extend({ take: gridRequestSchema.shape.take.default(3) }).default({ take: 3 } as never),
      response: { 200: technicianWorkOrdersAnswer },
    },
    handler: (req) => listTechnicianWorkOrders(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/WorkOrder/rateSheetLaborItems/:billingCustomerId', {
    config: { access: area('Work Orders') },
    schema: { summary: "Labor items of a billing customer's rate sheet", tags, params: billingParams, response: { 200: z.array(rateSheetLaborItemSchema) } },
    handler: (req) => listRateSheetLaborItems(ctxOf(req, deps.db), req.params.billingCustomerId),
  });
  r.get('/api/v1/WorkOrder/rateSheetTrucks/:billingCustomerId', {
    config: { access: area('Work Orders') },
    schema: { summary: "Trucks of a billing customer's rate sheet", tags, params: billingParams, response: { 200: z.array(rateSheetTruckSchema) } },
    handler: (req) => listRateSheetTrucks(ctxOf(req, deps.db), req.params.billingCustomerId),
  });
  r.post('/api/v1/WorkOrder/create', {
    config: { access: area('Work Orders', 'write', 'Create Work Order') },
    schema: { summary: 'Create a work order for a customer, or a sub work order of a parent', tags, body: createWorkOrderBody, response: { 200: createdWorkOrderAnswer } },
    handler: (req) => createAnyWorkOrder(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/WorkOrder/:workOrderNumber', {
    config: { access: area('Work Orders') },
    schema: { summary: 'A work order with its labor, history and totals', tags, params: z.object({ workOrderNumber: requiredText('Work order number', 40) }), response: { 200: workOrderDetailsSchema } },
    handler: (req) => getWorkOrderByNumber(ctxOf(req, deps.db), req.access!, req.params.workOrderNumber),
  });
}
