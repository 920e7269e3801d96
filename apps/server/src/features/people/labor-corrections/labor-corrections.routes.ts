import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam, laborCorrectionBody, laborCorrectionDecisionBody, laborCorrectionFormSchema, laborCorrectionRequestBody, laborCorrectionRequestSchema, laborValuesSchema,
  pendingLaborCorrectionSchema, TIMESHEET_LOCK, TIMESHEET_OWN,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { decideLaborCorrection, pendingLaborCorrections, requestLaborCorrection } from './correction-requests.service';
import { laborCorrectionForm } from './labor-correction-form';
import { correctLabor } from './labor-correction.service';

const laborParams = z.object({ workOrderLaborId: idParam('Labor entry') });

/**
 * Fix time (spec platform 4.9, status 12): the office corrects labor with "Lock Timesheet", as it adjusts timesheets;
 * a technician asks for a correction of his own labor, which the office approves or declines.
 */
export function laborCorrectionsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Timesheets'];
  r.get('/api/v1/WorkOrderLabor/correctionRequests', {
    config: { access: TIMESHEET_LOCK },
    schema: { operationId: 'getLaborCorrectionRequests', summary: "Technicians' requests to correct their labor that wait for an answer, oldest first", tags, response: { 200: z.array(pendingLaborCorrectionSchema) } },
    handler: (req) => pendingLaborCorrections(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/WorkOrderLabor/correctionRequests/:laborCorrectionRequestId/decision', {
    config: { access: TIMESHEET_LOCK },
    schema: {
      operationId: 'decideLaborCorrection',
      summary: 'Approve a correction request (applied by the rules of a correction) or decline it with a reason; the technician hears the answer',
      tags,
      params: z.object({ laborCorrectionRequestId: idParam('Correction request') }),
      body: laborCorrectionDecisionBody,
      response: { 200: laborCorrectionRequestSchema },
    },
    handler: (req) => decideLaborCorrection(ctxOf(req, deps.db), req.access!, req.params.laborCorrectionRequestId, req.body),
  });
  r.get('/api/v1/WorkOrderLabor/:workOrderLaborId/correctionForm', {
    config: { access: TIMESHEET_LOCK },
    schema: {
      operationId: 'getLaborCorrectionForm',
      summary: "A labor entry's values and what each may take: the technician's work orders, Employee Types and trucks",
      tags,
      params: laborParams,
      response: { 200: laborCorrectionFormSchema },
    },
    handler: (req) => laborCorrectionForm(ctxOf(req, deps.db), req.params.workOrderLaborId),
  });
  r.put('/api/v1/WorkOrderLabor/:workOrderLaborId', {
    config: { access: TIMESHEET_LOCK },
    schema: {
      operationId: 'correctLabor',
      summary: 'Correct a labor entry (start, stop, work order, rate inputs) with a reason, audited before and after; refused in a locked pay period',
      tags,
      params: laborParams,
      body: laborCorrectionBody,
      response: { 200: z.object({ workOrderLaborId: z.number(), values: laborValuesSchema }) },
    },
    handler: (req) => correctLabor(ctxOf(req, deps.db), req.access!, req.params.workOrderLaborId, req.body),
  });
  r.post('/api/v1/WorkOrderLabor/:workOrderLaborId/correctionRequests', {
    config: { access: TIMESHEET_OWN },
    schema: {
      operationId: 'requestLaborCorrection',
      summary: 'A technician asks for his own labor to be corrected: the work order moves to Fix Time and the office is told',
      tags,
      params: laborParams,
      body: laborCorrectionRequestBody,
      response: { 200: laborCorrectionRequestSchema },
    },
    handler: (req) => requestLaborCorrection(ctxOf(req, deps.db), req.access!, req.params.workOrderLaborId, req.body),
  });
}
