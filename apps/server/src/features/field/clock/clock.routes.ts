import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clockInBody, clockOutAndStartAnswer, clockOutAndStartBody, clockOutBody, startViewDataSchema, stopViewDataSchema, viewDataRequest, workOrderLaborIdAnswer } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf, whenCommitted } from '../../../lib/access-control';
import type { Geocoder } from '../../platform/geocoding/geocoder-client';
import { nameClockPositionsLater } from './clock-addresses';
import { clockIn, clockOut, clockOutAndStart } from './clock.service';
import { getStartViewData, getStopViewData } from './view-data.service';

/**
 * The technician clock (contract "Work orders and the clock"). After a clock action has committed, its positions are
 * named for the office by the geocoder, in the background; closing the server waits for that work.
 */
export function clockRoutes(app: FastifyInstance, deps: { db: Db; geocoder: Geocoder | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });
  const nameLater = (req: FastifyRequest, laborIds: number[]) =>
    whenCommitted(req, () => nameClockPositionsLater(pending, { ...deps, log: req.log }, req.actor!.subscriberId, laborIds));
  const tags = ['Clock'];
  // A phone may keep these while offline and send them later (features/platform/idempotency).
  const write = { access: area('Work Orders', 'write'), keptOnPhone: true };
  r.post('/api/v1/WOStartStop/getStartWOViewData', {
    config: { access: area('Work Orders') },
    schema: { summary: 'What the Start dialog of a work order shows', tags, body: viewDataRequest, response: { 200: startViewDataSchema } },
    handler: (req) => getStartViewData(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/WOStartStop/getStopWOViewData', {
    config: { access: area('Work Orders') },
    schema: { summary: 'What the Stop dialog of a work order shows', tags, body: viewDataRequest, response: { 200: stopViewDataSchema } },
    handler: (req) => getStopViewData(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/WOStartStop/clockInWorkOrder', {
    config: write,
    schema: { summary: 'Clock in on a work order', tags, body: clockInBody, response: { 200: workOrderLaborIdAnswer } },
    handler: async (req) => {
      const answer = await clockIn(ctxOf(req, deps.db), req.access!, req.body);
      nameLater(req, [answer.workOrderLaborId]);
      return answer;
    },
  });
  r.post('/api/v1/WOStartStop/clockOutWorkOrder', {
    config: write,
    schema: { summary: 'Clock out of a work order', tags, body: clockOutBody, response: { 200: workOrderLaborIdAnswer } },
    handler: async (req) => {
      const answer = await clockOut(ctxOf(req, deps.db), req.access!, req.body);
      nameLater(req, [req.body.workOrderLaborId, answer.workOrderLaborId]);
      return answer;
    },
  });
  r.post('/api/v1/WOStartStop/clockOutAndStartWorkOrder', {
    config: write,
    schema: { summary: 'Finish one work order and start the next in one step', tags, body: clockOutAndStartBody, response: { 200: clockOutAndStartAnswer } },
    handler: async (req) => {
      const answer = await clockOutAndStart(ctxOf(req, deps.db), req.access!, req.body);
      nameLater(req, [req.body.workOrderLaborId, answer.workOrderLaborId]);
      return answer;
    },
  });
}
