import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allWorkOrdersAnswer, assignedTechniciansAnswer, assignTechniciansBody, changedWorkOrderStatusAnswer, changeWorkOrderStatusBody, gridRequestSchema,
  updateWorkDescriptionBody, updateWorkOrderBody, workDescriptionAnswer, workOrderClassSchema, workOrderHeaderAnswer, workOrderHistoryAnswer, workOrderIdParams, workOrderStatusHistoryRowSchema, workOrderVisitSchema,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { listAllWorkOrders } from './all-work-orders.service';
import { listWorkOrderChanges } from './work-order-changes.service';
import {
  assignTechnicians, changeWorkOrderStatus, listWorkOrderClasses, updateWorkDescription, updateWorkOrderHeader, workOrderStatusHistoryOf, workOrderVisits,
} from './work-order-office.service';

/**
 * The office's work-order screens (spec platform 2.1 /workOrder/all, /workOrder/history, showStatusHistory, schedule):
 * the company-wide grid, the header, status and technicians of one work order, its visits and the change history.
 * Creating is `WorkOrder/create` (work-orders.routes.ts).
 */
export function workOrderOfficeRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work orders'];
  const params = workOrderIdParams;
  r.post('/api/v1/WorkOrder/allWorkOrders', {
    config: { access: area('Work Orders', 'read', 'All WorkOrders') },
    schema: { summary: "A page of all the company's work orders (All Work Orders)", tags, body: gridRequestSchema, response: { 200: allWorkOrdersAnswer } },
    handler: (req) => listAllWorkOrders(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/WorkOrder/history', {
    config: { access: area('Work Orders', 'read', 'WorkOrder History') },
    schema: { summary: "A page of the changes made to the company's work orders", tags, body: gridRequestSchema, response: { 200: workOrderHistoryAnswer } },
    handler: (req) => listWorkOrderChanges(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/WorkOrder/workOrderClasses', {
    config: { access: area('Work Orders') },
    schema: { summary: "The company's work order classes in use, for pickers", tags, response: { 200: z.array(workOrderClassSchema) } },
    handler: (req) => listWorkOrderClasses(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/WorkOrder/:workOrderId/header', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: "Edit a work order's problem, NTE, priority, class, PO number and provider reference", tags, params, body: updateWorkOrderBody, response: { 200: workOrderHeaderAnswer } },
    handler: (req) => updateWorkOrderHeader(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body),
  });
  r.put('/api/v1/WorkOrder/:workOrderId/workDescription', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: "Write a work order's work description (rich text, sanitised)", tags, params, body: updateWorkDescriptionBody, response: { 200: workDescriptionAnswer } },
    handler: (req) => updateWorkDescription(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body.workDescription),
  });
  r.put('/api/v1/WorkOrder/:workOrderId/status', {
    config: { access: area('Work Orders', 'write', 'Change Status') },
    schema: { summary: "Change a work order's status", tags, params, body: changeWorkOrderStatusBody, response: { 200: changedWorkOrderStatusAnswer } },
    handler: (req) => changeWorkOrderStatus(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body.workOrderStatusId),
  });
  r.get('/api/v1/WorkOrder/:workOrderId/statusHistory', {
    config: { access: area('Work Orders', 'read', 'Status History') },
    schema: { summary: "A work order's status changes, oldest first", tags, params, response: { 200: z.array(workOrderStatusHistoryRowSchema) } },
    handler: (req) => workOrderStatusHistoryOf(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.put('/api/v1/WorkOrder/:workOrderId/technicians', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Set the technicians assigned to a work order', tags, params, body: assignTechniciansBody, response: { 200: assignedTechniciansAnswer } },
    handler: (req) => assignTechnicians(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body.technicianIds),
  });
  r.get('/api/v1/WorkOrder/:workOrderId/schedule', {
    config: { access: area('Work Orders') },
    schema: { summary: 'The visits planned for a work order', tags, params, response: { 200: z.array(workOrderVisitSchema) } },
    handler: (req) => workOrderVisits(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
}
