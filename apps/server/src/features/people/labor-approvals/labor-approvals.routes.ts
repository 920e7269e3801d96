import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdLaborApprovalAnswer, createLaborApprovalBody, idParam, laborApprovalGuidParam, laborApprovalSchema, laborDecisionBody, publicLaborApprovalAnswer } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf, PUBLIC } from '../../../lib/access-control';
import { decideLaborApproval, listLaborApprovals, readLaborApproval, requestLaborApproval } from './labor-approvals.service';

/** Link guesses and answers from one address: a person needs a handful a minute; far more is a guesser. */
const PUBLIC_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `labor-approval:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests from this address. Please wait a minute and try again.' }),
};

/**
 * Labor approval by the customer (spec platform 2.1 /workOrderLaborApprove/{guid}): the office asks, the customer
 * answers through the link without signing in.
 */
export function laborApprovalsRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Labor approval'];
  r.post('/api/v1/WorkOrder/laborApprovals', {
    config: { access: area('Work Orders', 'write'), errors: [409] },
    schema: {
      operationId: 'requestLaborApproval',
      summary: "Ask the customer to approve the work order's finished labor through a link, e-mailed when an address is given",
      tags,
      body: createLaborApprovalBody,
      response: { 200: createdLaborApprovalAnswer },
    },
    handler: (req) => requestLaborApproval(ctxOf(req, deps.db), req.access!, { workOrderId: req.body.workOrderId, email: req.body.email ?? null }, deps.publicUrl),
  });
  r.get('/api/v1/WorkOrder/laborApprovals/:workOrderId', {
    config: { access: area('Work Orders') },
    schema: { operationId: 'listLaborApprovals', summary: "The work order's labor approval requests and their answers, newest first", tags, params: z.object({ workOrderId: idParam('Work order') }), response: { 200: z.array(laborApprovalSchema) } },
    handler: (req) => listLaborApprovals(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.get('/api/v1/WorkOrderLaborApproval/:guid', {
    config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT, errors: [404] },
    schema: { operationId: 'getWorkOrderLaborApproval', summary: 'What the customer is asked to approve, through the link (no sign-in)', tags, params: laborApprovalGuidParam, response: { 200: publicLaborApprovalAnswer } },
    handler: (req) => readLaborApproval(deps.db, req.params.guid, new Date()),
  });
  r.post('/api/v1/WorkOrderLaborApproval/:guid', {
    config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT, errors: [404, 409, 410] },
    schema: { operationId: 'decideWorkOrderLaborApproval', summary: 'The customer approves or disputes the labor, once, before the link expires (no sign-in)', tags, params: laborApprovalGuidParam, body: laborDecisionBody, response: { 200: publicLaborApprovalAnswer } },
    handler: (req) => decideLaborApproval(deps.db, req.params.guid, req.body, new Date(), req.ip),
  });
}
