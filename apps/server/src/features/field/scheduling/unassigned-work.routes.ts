import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unassignedWorkAnswer, unassignedWorkQuery } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { listUnassignedWork } from './unassigned-work.service';

/** The dispatcher board's unassigned panel: open work nothing on the schedule visits yet, for those who plan. */
export function unassignedWorkRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/Scheduler/unassigned', {
    config: { access: area('Scheduler', 'write') },
    schema: { summary: 'Open work orders not yet on the schedule', tags: ['Scheduler'], querystring: unassignedWorkQuery, response: { 200: unassignedWorkAnswer } },
    handler: (req) => listUnassignedWork(ctxOf(req, deps.db), req.access!, req.query),
  });
}
