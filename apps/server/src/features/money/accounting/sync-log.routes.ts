import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { postingDetailSchema, postingParams, syncLogAnswer, syncLogQuery, type Posting, type PostingDetail } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { getPosting, listSyncLog, resendPosting } from './accounting-outbox.service';
import './accounting-worker';

const GAP = "Line 'Trip charge' has no GL account: map Trip charges in Intacct settings.";
const POSTING_ROW: Posting = {
  postingId: 12, documentKind: 'invoice', documentNumber: '1042', system: 'Intacct', invoiceId: 311, status: 'failed',
  message: GAP, attempts: 1, recordNo: null, createdAt: '2026-11-25T15:04:05.000Z', postedAt: null, nextAttemptAt: null,
};
const POSTING_EXAMPLE: PostingDetail = { ...POSTING_ROW, history: [{ attempt: 1, outcome: 'refused', message: GAP, at: '2026-11-25T15:04:06.000Z' }] };

/**
 * The sync log: every document posted (or to post) to the company's accounting system, each naming the system (Intacct
 * or QuickBooks), with its status and sentence, one posting's attempts, and the resend of a failed one. Reading is Billing's; resending writes.
 */
export function syncLogRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Intacct'];
  r.get('/api/v1/Intacct/syncLog', {
    config: { access: area('Billing') },
    schema: {
      operationId: 'listSyncLog', summary: 'Postings to the accounting system (Intacct or QuickBooks), newest first, each with its system, status and sentence', tags, querystring: syncLogQuery,
      response: { 200: syncLogAnswer.meta({ example: { data: [POSTING_ROW], total: 1 } }) },
    },
    handler: (req) => listSyncLog(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Intacct/syncLog/:postingId', {
    config: { access: area('Billing') },
    schema: { operationId: 'getPosting', summary: 'One posting to the accounting system with every attempt and how it ended', tags, params: postingParams, response: { 200: postingDetailSchema.meta({ example: POSTING_EXAMPLE }) } },
    handler: (req) => getPosting(ctxOf(req, deps.db), req.params.postingId),
  });
  r.post('/api/v1/Intacct/syncLog/:postingId/resend', {
    config: { access: area('Billing', 'write'), errors: [409] },
    schema: { operationId: 'resendPosting', summary: 'Send a failed posting to the accounting system again, under the same document number', tags, params: postingParams, response: { 200: postingDetailSchema } },
    handler: (req) => resendPosting(ctxOf(req, deps.db), req.params.postingId),
  });
}
