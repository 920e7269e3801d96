import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchRecordsAnswer, searchRecordsQuery } from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { searchRecords } from './search.service';

/** The header's search box and /home/searchRecords. */
export function searchRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/Search/records', {
    config: { access: SIGNED_IN },
    schema: {
      operationId: 'searchRecords',
      summary: 'Find work orders, customers and contacts by what a person remembers of them, typos forgiven',
      description:
        "Work orders by number, problem, or their site's or billing customer's name, address or phone; customers by name, " +
        'address or phone; contacts by name, phone or e-mail. Every typed word must resemble a word of the record. ' +
        'Each group holds only what the caller may read and is empty otherwise.',
      tags: ['Search'],
      querystring: searchRecordsQuery,
      response: { 200: searchRecordsAnswer },
    },
    handler: (req) => searchRecords(ctxOf(req, deps.db), req.access!, req.query),
  });
}
