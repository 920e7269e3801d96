import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agingAnswerSchema, agingQuery, COLLECTION_READ, COLLECTION_WRITE, collectionCustomerParams, collectionTaskListSchema, collectionTaskParams, collectionTaskQuery, collectionTaskResultBody,
  collectionTaskRunAnswer, collectionTaskSchema, CREDIT_LIMIT_ACCESS, customerAgingSchema, customerCreditAnswer, customerCreditBody, dunningEmailListAnswer, dunningRunParams, dunningRunSchema, statementQuery,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { sendPdf } from '../documents/documents.routes';
import { customerAging, listAging } from './aging.service';
import { listDunningEmails } from './collection-templates.service';
import { listCollectionTasks, recordCollectionTaskResult, runCollectionTasksNow } from './collection-tasks.service';
import { setCustomerCredit } from './credit-hold.service';
import { getDunningRun, runDunningNow } from './dunning-run.service';
import { customerStatementPdf } from './statement.service';
import './credit-hold-rule.job';
import './dunning.job';

/** Receivables by customer, their aging and each customer's credit (spec platform 2.1 /collection). */
export function collectionsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Collection'];
  r.get('/api/v1/Collection/aging', {
    config: { access: COLLECTION_READ },
    schema: {
      operationId: 'collectionAging', summary: "Receivables by billing customer: what each owes, aged current, 1-30, 31-60, 61-90 and over 90 days past due in the company's time zone, with credit limit and hold",
      tags, querystring: agingQuery, response: { 200: agingAnswerSchema },
    },
    handler: (req) => listAging(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Collection/customers/:customerId', {
    config: { access: COLLECTION_READ },
    schema: {
      operationId: 'collectionCustomer', summary: "One customer's aging and its open invoices with their due dates, payments, credits and balance",
      tags, params: collectionCustomerParams, response: { 200: customerAgingSchema },
    },
    handler: (req) => customerAging(ctxOf(req, deps.db), req.params.customerId),
  });
  r.put('/api/v1/Collection/customers/:customerId/credit', {
    config: { access: CREDIT_LIMIT_ACCESS },
    schema: {
      operationId: 'setCustomerCredit', summary: 'Set a customer\'s credit limit and credit hold ("Access Customer Credit Limit & OnHold"): on hold, its open work orders wait in Credit Hold; off, they return to their status',
      tags, params: collectionCustomerParams, body: customerCreditBody, response: { 200: customerCreditAnswer },
    },
    handler: (req) => setCustomerCredit(ctxOf(req, deps.db), req.params.customerId, req.body),
  });
  r.get('/api/v1/Collection/customers/:customerId/statement', {
    config: { access: COLLECTION_READ },
    schema: {
      operationId: 'collectionCustomerStatement',
      summary: "A customer's statement as a PDF: its open invoices, the aging to the company's today (the aging's numbers), and the payments and credits of the period",
      description: "In the company's invoice template (colours, logo, footer). The period starts at `from`, or 30 days before today.",
      tags, params: collectionCustomerParams, querystring: statementQuery, response: { 200: z.string().describe('A PDF') },
    },
    handler: async (req, reply) => {
      const ctx = ctxOf(req, deps.db);
      const { pdf, fileName } = await customerStatementPdf({ db: ctx.db, subscriberId: ctx.actor.subscriberId, now: ctx.now }, req.params.customerId, req.query.from);
      return sendPdf(reply, pdf, fileName);
    },
  });
  r.get('/api/v1/Collection/customers/:customerId/dunning', {
    config: { access: COLLECTION_READ },
    schema: {
      operationId: 'collectionCustomerDunning', summary: 'The dunning e-mails (statements) a customer was sent, newest first',
      tags, params: collectionCustomerParams, response: { 200: dunningEmailListAnswer },
    },
    handler: (req) => listDunningEmails(ctxOf(req, deps.db), req.params.customerId),
  });
  r.post('/api/v1/Collection/dunning/run', {
    config: { access: COLLECTION_WRITE },
    schema: {
      operationId: 'runDunningNow',
      summary: "Send statements now: queue the company's dunning run at once, as the nightly run does it; a customer already e-mailed for its current bucket is not e-mailed again",
      description: 'The run waits for the job runner (a second or two); read `Collection/dunning/runs/{runId}` for how many statements it queued. Asked for while a run still waits, it answers that run.',
      tags, response: { 200: dunningRunSchema },
    },
    handler: (req) => runDunningNow(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Collection/dunning/runs/:runId', {
    config: { access: COLLECTION_READ },
    schema: {
      operationId: 'getDunningRun', summary: 'Where a dunning run asked for now stands, and how many statements it queued once done',
      tags, params: dunningRunParams, response: { 200: dunningRunSchema },
    },
    handler: (req) => getDunningRun(ctxOf(req, deps.db), req.params.runId),
  });
  r.get('/api/v1/Collection/tasks', {
    config: { access: COLLECTION_READ },
    schema: {
      operationId: 'listCollectionTasks', summary: "The company's collection tasks (spec platform 2.1 /collection/tasks): open ones by due day, done ones latest first",
      tags, querystring: collectionTaskQuery, response: { 200: collectionTaskListSchema },
    },
    handler: (req) => listCollectionTasks(ctxOf(req, deps.db), req.query),
  });
  r.post('/api/v1/Collection/tasks/run', {
    config: { access: COLLECTION_WRITE },
    schema: {
      operationId: 'runCollectionTasks', summary: "Make the collection tasks the templates call for now, as the nightly run does; a task already made is not made again",
      tags, response: { 200: collectionTaskRunAnswer },
    },
    handler: (req) => runCollectionTasksNow(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/Collection/tasks/:collectionTaskId/result', {
    config: { access: COLLECTION_WRITE },
    schema: {
      operationId: 'recordCollectionTaskResult', summary: 'Record what came of a collection task (a promise to pay with its day and amount); the task is then done',
      tags, params: collectionTaskParams, body: collectionTaskResultBody, response: { 200: collectionTaskSchema },
    },
    handler: (req) => recordCollectionTaskResult(ctxOf(req, deps.db), req.params.collectionTaskId, req.body),
  });
}
