import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflictIdParams, messageAnswer, requestConflictSchema, requestConflictsQuery, resolveConflictBody, TIMESHEET_ALL, TIMESHEET_APPROVE } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { accessOf } from '../../platform/permissions/access-cache';
import { listConflicts, resolveConflict } from './request-conflicts.service';

/**
 * Clock actions kept on a phone that met a conflict when they arrived: the office (Main Timesheet) reads them and
 * applies them as the technician, with a corrected time, or dismisses them.
 */
export function requestConflictsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Clock'];
  r.get('/api/v1/WOStartStop/conflicts', {
    config: { access: TIMESHEET_ALL },
    schema: {
      operationId: 'listRequestConflicts',
      summary: "Technicians' kept clock actions the server refused with a conflict, newest first",
      description:
        'A request sent with an Idempotency-Key that met a conflict (the work order changed meanwhile, another labor open, a locked pay period) is kept here with what was sent, the sentence the technician read, the user and the device time.',
      tags,
      querystring: requestConflictsQuery,
      response: { 200: z.array(requestConflictSchema) },
    },
    handler: (req) => listConflicts(ctxOf(req, deps.db), req.query.state),
  });
  r.post('/api/v1/WOStartStop/conflicts/:conflictId/resolve', {
    config: { access: TIMESHEET_APPROVE },
    schema: {
      operationId: 'resolveRequestConflict',
      summary: 'Apply a conflict as its technician (with a corrected time) or dismiss it',
      description:
        '`apply` carries out the clock action as the technician who sent it, as of `deviceTime` when given, else the device time; a refusal answers its sentence and the conflict stays open. `dismiss` closes it with the `note`.',
      tags,
      params: conflictIdParams,
      body: resolveConflictBody,
      response: { 200: messageAnswer },
    },
    handler: (req) => resolveConflict(ctxOf(req, deps.db), { accessOf: (s, u) => accessOf(deps.db, s, u) }, req.params.conflictId, req.body),
  });
}
