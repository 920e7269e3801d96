import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addRefrigerantMovementAnswer, addRefrigerantMovementBody, leakRepairParams, leakRepairSchema, leakRepairsAnswer, leakRepairsQuery, messageAnswer,
  refrigerantMovementParams, refrigerantReportParams, refrigerantReportQuery, updateLeakRepairBody, workOrderRefrigerantAnswer, workOrderRefrigerantParams,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { sendPdf } from '../../money/documents/documents.routes';
import { DELETE_ITEMS } from '../work-order-items/work-order-item-access';
import { listLeakRepairs, updateLeakRepair } from './leak-repairs.service';
import { refrigerantReportFile } from './refrigerant-report.service';
import { addRefrigerantMovement, deleteRefrigerantMovement, workOrderRefrigerant } from './refrigerant-movements.service';
import { EXAMPLE_MOVEMENT, EXAMPLE_REPAIR } from './refrigerant-examples';

/** The office's leak repairs: whoever sees every work order reads them, and records repairs and tests with write. */
export const LEAK_REPAIRS_READ = area('Work Orders', 'read', 'All WorkOrders');
export const LEAK_REPAIRS_WRITE = area('Work Orders', 'write', 'All WorkOrders');

/**
 * The refrigerant log of a work order (technicians log with Work Orders write, as the work order's equipment), and
 * the leak repairs its additions open.
 */
export function refrigerantRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Refrigerant'];
  r.get('/api/v1/WorkOrder/:workOrderId/refrigerant', {
    config: { access: area('Work Orders'), errors: [404] },
    schema: {
      operationId: 'getWorkOrderRefrigerant',
      summary: "A work order's refrigerant log, the leak repairs of its equipment and the caller's certification number",
      tags,
      params: workOrderRefrigerantParams,
      response: { 200: workOrderRefrigerantAnswer.meta({ example: { movements: [EXAMPLE_MOVEMENT], leakRepairs: [EXAMPLE_REPAIR], certificationNumber: '608-UNIV-48211' } }) },
    },
    handler: (req) => workOrderRefrigerant(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/WorkOrder/:workOrderId/refrigerant', {
    config: { access: area('Work Orders', 'write'), errors: [404] },
    schema: {
      operationId: 'addRefrigerantMovement',
      summary: 'Log refrigerant added to, recovered from or recycled into a piece of equipment on the work order',
      description:
        "The piece must be named on the work order (400 otherwise). The refrigerant defaults to the piece's; the certification number to the one the caller gave last, and is remembered. " +
        "An addition to an appliance whose full charge is at or above its refrigerant's threshold gets its leak rate (the company's method); above its category's rate it opens a leak repair due in 30 days, with a Leak Test work order for the verification tests.",
      tags,
      params: workOrderRefrigerantParams,
      body: addRefrigerantMovementBody,
      response: { 200: addRefrigerantMovementAnswer.meta({ example: { movement: EXAMPLE_MOVEMENT, leakRepair: EXAMPLE_REPAIR } }) },
    },
    handler: (req) => addRefrigerantMovement(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body),
  });
  r.delete('/api/v1/WorkOrder/:workOrderId/refrigerant/:refrigerantMovementId', {
    config: { access: DELETE_ITEMS, errors: [404, 409] },
    schema: {
      operationId: 'deleteRefrigerantMovement',
      summary: 'Remove a refrigerant entry logged by mistake',
      description: 'Refused (409) for an addition that opened a leak repair.',
      tags,
      params: refrigerantMovementParams,
      response: { 200: messageAnswer },
    },
    handler: (req) => deleteRefrigerantMovement(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.params.refrigerantMovementId),
  });
  r.get('/api/v1/Refrigerant/leakRepairs', {
    config: { access: LEAK_REPAIRS_READ },
    schema: {
      operationId: 'listLeakRepairs',
      summary: 'Leak repairs: open ones (or all), soonest due first, with their deadline, overdue flag and verification tests',
      tags,
      querystring: leakRepairsQuery,
      response: { 200: leakRepairsAnswer.meta({ example: [EXAMPLE_REPAIR] }) },
    },
    handler: (req) => listLeakRepairs(ctxOf(req, deps.db), req.query),
  });
  r.put('/api/v1/Refrigerant/leakRepairs/:leakRepairId', {
    config: { access: LEAK_REPAIRS_WRITE, errors: [404, 409] },
    schema: {
      operationId: 'updateLeakRepair',
      summary: 'Record the repair, the verification tests and an industrial process shutdown of a leak repair',
      description: 'The whole record each time. A shutdown moves the deadline to 120 days after the leak was found. Repaired with both tests passed closes the repair; a closed repair is refused (409).',
      tags,
      params: leakRepairParams,
      body: updateLeakRepairBody,
      response: { 200: leakRepairSchema.meta({ example: EXAMPLE_REPAIR }) },
    },
    handler: (req) => updateLeakRepair(ctxOf(req, deps.db), req.params.leakRepairId, req.body),
  });
  r.get('/api/v1/Refrigerant/report/:customerId', {
    config: { access: LEAK_REPAIRS_READ, errors: [404] },
    schema: {
      operationId: 'getRefrigerantReport',
      summary: "A customer's yearly refrigerant report, PDF or CSV: every appliance, its additions with leak rates, totals and leak repairs",
      description: "The company's calendar year. CSV (RFC 4180, formulas defused): a row per movement, a total row per kind and a row per leak repair, each with its appliance.",
      tags,
      params: refrigerantReportParams,
      querystring: refrigerantReportQuery,
      response: { 200: z.string().describe('A PDF, or CSV text') },
    },
    handler: async (req, reply) => {
      const file = await refrigerantReportFile(ctxOf(req, deps.db), req.access!, req.params.customerId, req.query.year, req.query.format);
      if (file.format === 'pdf') return sendPdf(reply, file.body as Buffer, file.fileName);
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store').header('content-disposition', contentDisposition(file.fileName)).send(file.body);
    },
  });
}
