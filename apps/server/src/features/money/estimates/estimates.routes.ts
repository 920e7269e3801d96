import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  estimateBody, estimateCreatedAnswer, estimateLineBody, estimateLineParams, estimateParams, ESTIMATES_READ, ESTIMATES_WRITE, estimatesGridAnswer, estimatesGridRequest,
  estimateStatusBody, estimateView, estimateWorkOrderParams, workOrderEstimateAnswer,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { addEstimateLine, deleteEstimateLine, updateEstimateLine } from './estimate-lines.service';
import { convertEstimate, setEstimateStatus } from './estimate-status.service';
import { createEstimate, getEstimate, listEstimates, updateEstimate, workOrderEstimate } from './estimates.service';

/**
 * Customer estimates (spec platform 2.1 /estimates, /estimates/add, /estimates/{customerEstimateId}/view): the grid,
 * creating and editing an estimate for a customer, its priced lines, the customer's answer, and the work order an
 * accepted estimate becomes. Under the Quotes permission area. Paths are ours: the spec names the screens.
 */
export function estimatesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Customer Estimates'];
  r.post('/api/v1/CustomerEstimates/list', {
    config: { access: ESTIMATES_READ },
    schema: {
      operationId: 'listCustomerEstimates',
      summary: 'A page of the estimates grid: each estimate with its customer, status and total',
      description: "With 'All Quotes' every estimate of the company, otherwise those of the customers the caller may see. Columns: estimateNumber, status, title, customerName, validUntil, total, workOrderNumber, createdBy, createdAt.",
      tags,
      body: estimatesGridRequest,
      response: { 200: estimatesGridAnswer },
    },
    handler: (req) => listEstimates(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/CustomerEstimates', {
    config: { access: ESTIMATES_WRITE },
    schema: { operationId: 'createCustomerEstimate', summary: 'Create an Open estimate with no lines for a customer, numbered next in the company', tags, body: estimateBody, response: { 200: estimateCreatedAnswer } },
    handler: (req) => createEstimate(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/CustomerEstimates/workOrder/:workOrderId', {
    config: { access: ESTIMATES_READ },
    schema: { operationId: 'getWorkOrderCustomerEstimate', summary: 'The estimate a work order was made from, or nulls when it was made otherwise', tags, params: estimateWorkOrderParams, response: { 200: workOrderEstimateAnswer } },
    handler: (req) => workOrderEstimate(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.get('/api/v1/CustomerEstimates/:customerEstimateId', {
    config: { access: ESTIMATES_READ },
    schema: { operationId: 'getCustomerEstimate', summary: 'One estimate with its customer, lines, exact totals and profit factor, and its work order once converted', tags, params: estimateParams, response: { 200: estimateView } },
    handler: (req) => getEstimate(ctxOf(req, deps.db), req.access!, req.params.customerEstimateId),
  });
  r.put('/api/v1/CustomerEstimates/:customerEstimateId', {
    config: { access: ESTIMATES_WRITE },
    schema: { operationId: 'updateCustomerEstimate', summary: 'Change the customer, title, description and valid-until date of an Open or Sent estimate', tags, params: estimateParams, body: estimateBody, response: { 200: estimateView } },
    handler: (req) => updateEstimate(ctxOf(req, deps.db), req.access!, req.params.customerEstimateId, req.body),
  });
  r.post('/api/v1/CustomerEstimates/:customerEstimateId/lines', {
    config: { access: ESTIMATES_WRITE },
    schema: {
      operationId: 'addCustomerEstimateLine',
      summary: 'Add a line of labor, material or a standard item to an Open or Sent estimate',
      description: 'Priced as a quote line is; refused with a sentence when the estimate would fall below its minimum profit factor (above 1000: 33.33%, above 10000: 25%).',
      tags,
      params: estimateParams,
      body: estimateLineBody,
      response: { 200: estimateView },
    },
    handler: (req) => addEstimateLine(ctxOf(req, deps.db), req.access!, req.params.customerEstimateId, req.body),
  });
  r.put('/api/v1/CustomerEstimates/:customerEstimateId/lines/:customerEstimateLineId', {
    config: { access: ESTIMATES_WRITE },
    schema: { operationId: 'updateCustomerEstimateLine', summary: 'Change a line of an Open or Sent estimate', tags, params: estimateLineParams, body: estimateLineBody, response: { 200: estimateView } },
    handler: (req) => updateEstimateLine(ctxOf(req, deps.db), req.access!, req.params.customerEstimateId, req.params.customerEstimateLineId, req.body),
  });
  r.delete('/api/v1/CustomerEstimates/:customerEstimateId/lines/:customerEstimateLineId', {
    config: { access: ESTIMATES_WRITE, errors: [409] },
    schema: { operationId: 'deleteCustomerEstimateLine', summary: 'Remove a line of an Open or Sent estimate', tags, params: estimateLineParams, response: { 200: estimateView } },
    handler: (req) => deleteEstimateLine(ctxOf(req, deps.db), req.access!, req.params.customerEstimateId, req.params.customerEstimateLineId),
  });
  r.post('/api/v1/CustomerEstimates/:customerEstimateId/status', {
    config: { access: ESTIMATES_WRITE },
    schema: {
      operationId: 'setCustomerEstimateStatus',
      summary: "Record the customer's answer: Sent (from Open), Accepted (from Open or Sent), or Declined with a reason (from Open, Sent or Accepted)",
      description: 'Sent and Accepted need lines that meet the minimum profit factor. The same status again changes nothing.',
      tags,
      params: estimateParams,
      body: estimateStatusBody,
      response: { 200: estimateView },
    },
    handler: (req) => setEstimateStatus(ctxOf(req, deps.db), req.access!, req.params.customerEstimateId, req.body),
  });
  r.post('/api/v1/CustomerEstimates/:customerEstimateId/convert', {
    config: { access: ESTIMATES_WRITE, errors: [409] },
    schema: {
      operationId: 'convertCustomerEstimate',
      summary: "Make a work order of an accepted estimate: for its customer, the estimate's title and description as its problem; the estimate becomes Converted",
      tags,
      params: estimateParams,
      response: { 200: estimateView },
    },
    handler: (req) => convertEstimate(ctxOf(req, deps.db), req.access!, req.params.customerEstimateId),
  });
}
