import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserStatusSchema, statusValueParams, teamLeaderSchema, updateStatusQuery, userStatusSchema } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { getUserStatus, isTimeSheetEntryAlreadyExists, listMyTeamLeaders, listUserStatuses, updateUserStatus } from './users.service';

/** The caller's work status (spec platform 4.2) and team leaders. */
export function usersRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['User'];
  r.get('/api/v1/User/userStatuses', {
    config: { access: SIGNED_IN },
    schema: { summary: 'Work statuses a user can choose', tags, response: { 200: z.array(userStatusSchema) } },
    handler: () => listUserStatuses(deps),
  });
  r.get('/api/v1/User/getUserStatus', {
    config: { access: SIGNED_IN },
    schema: { summary: "The caller's current work status", tags, response: { 200: currentUserStatusSchema } },
    handler: (req) => getUserStatus(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/User/updatestatus/:statusValue', {
    config: { access: SIGNED_IN, keptOnPhone: true },
    schema: { summary: "Change the caller's work status", tags, params: statusValueParams, querystring: updateStatusQuery, response: { 200: currentUserStatusSchema } },
    handler: (req) => updateUserStatus(ctxOf(req, deps.db), req.params.statusValue, req.query.description),
  });
  r.get('/api/v1/User/isTimeSheetEntryAlreadyExists/:statusValue', {
    config: { access: SIGNED_IN },
    schema: { summary: 'Whether the caller already has a time sheet entry of a status today', tags, params: statusValueParams, response: { 200: z.boolean() } },
    handler: (req) => isTimeSheetEntryAlreadyExists(ctxOf(req, deps.db), req.params.statusValue),
  });
  r.get('/api/v1/User/myTeamLeaders', {
    config: { access: SIGNED_IN },
    schema: { summary: "The caller's team leaders", tags, response: { 200: z.array(teamLeaderSchema) } },
    handler: (req) => listMyTeamLeaders(ctxOf(req, deps.db)),
  });
}
