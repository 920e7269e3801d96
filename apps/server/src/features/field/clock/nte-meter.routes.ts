import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nteMeterAnswer, nteRaiseAnswer, workOrderIdParams } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { nteMeterOf } from './nte-meter.service';
import { requestNteRaise } from './nte-raise.service';

/**
 * The live NTE meter of a work order (spec clock 8, 9) for the technician and the office, and "Request NTE raise"
 * (spec platform 4.9). Both answer only for a work order the caller may see.
 */
export function nteMeterRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work orders'];
  const params = workOrderIdParams;
  r.get('/api/v1/WorkOrder/:workOrderId/nte', {
    config: { access: area('Work Orders') },
    schema: {
      operationId: 'getWorkOrderNteMeter', summary: "A work order's live NTE meter: labor, materials and items so far against its NTE", tags, params, response: { 200: nteMeterAnswer },
      description: 'Counted as the invoice counts them, before tax, running labor up to now, in exact decimals. Amber from 80 %, red from 100 %.',
    },
    handler: (req) => nteMeterOf(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/WorkOrder/:workOrderId/nteRaise', {
    config: { access: area('Work Orders', 'write'), errors: [409] },
    schema: {
      operationId: 'requestNteRaise', tags, params, response: { 200: nteRaiseAnswer },
      summary: 'Request an NTE raise: the work order moves to NTE Raise Requested and a quote of the work so far is drafted',
      description: 'Refused below 80 % of the NTE. While the draft of an earlier request is still Open or Pending, that draft is answered instead of a new one.',
    },
    handler: (req) => requestNteRaise(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
}
