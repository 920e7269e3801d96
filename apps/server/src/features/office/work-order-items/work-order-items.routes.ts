import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveSignatureBody, signatureAnswer, signatureSchema } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { equipmentTasksRoutes } from './equipment-tasks.routes';
import { jobsRoutes } from './jobs.routes';
import { materialsRoutes } from './materials.routes';
import { latestSignature, saveSignature } from './signature.service';
import { standardItemsRoutes } from './standard-items.routes';
import { workOrderParams } from './work-order-item-access';

/**
 * Everything added to a work order: materials, standard and rate-sheet standard items, jobs and survey jobs, the
 * equipment task list and the customer's signature. Every route answers 404 for a work order of another company
 * or one the caller may not see.
 */
export function workOrderItemsRoutes(app: FastifyInstance, deps: { db: Db }) {
  materialsRoutes(app, deps);
  standardItemsRoutes(app, deps);
  jobsRoutes(app, deps);
  equipmentTasksRoutes(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work order items'];
  r.get('/api/v1/WorkOrder/:workOrderId/signature', {
    config: { access: area('Work Orders') },
    schema: { summary: "The customer's latest signature on a work order, or null", tags, params: workOrderParams, response: { 200: signatureAnswer } },
    handler: (req) => latestSignature(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/WorkOrder/:workOrderId/signature', {
    config: { access: area('Work Orders', 'write'), keptOnPhone: true },
    schema: { summary: "Save the customer's signature (a 300x200 PNG)", tags, params: workOrderParams, body: saveSignatureBody, response: { 200: signatureSchema } },
    handler: (req) => saveSignature(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body),
  });
}
