import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { teamLeaderBoardQuery, teamLeaderBoardSchema } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { teamLeaderBoard } from './board.service';

/** The team leader's master board (spec platform 2.1, 4.7): the team's day, live through the team-leader hub. */
export function boardsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/TeamLeader/board', {
    config: { access: area('Team Leader') },
    schema: { summary: 'The team leader board of a day', tags: ['TeamLeader'], querystring: teamLeaderBoardQuery, response: { 200: teamLeaderBoardSchema } },
    handler: (req) => teamLeaderBoard(ctxOf(req, deps.db), req.access!, req.query),
  });
}
