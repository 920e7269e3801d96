import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRateSheetBody, customerRateSheetAnswer, idParam, publicRateSheetAnswer, rateSheetApprovalGuidParam, rateSheetCustomerSchema, rateSheetCustomersQuery,
  rateSheetDecisionBody, rateSheetSettingsSchema, rateSheetTechnicianSchema, rateSheetVersionSchema, saveRateSheetBody, sendRateSheetBody, sentRateSheetAnswer,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf, PUBLIC } from '../../../lib/access-control';
import { decideRateSheetApproval, readRateSheetApproval, sendRateSheetForApproval } from './rate-sheet-approval.service';
import {
  createRateSheetVersion, listRateSheetCustomers, listRateSheetTechnicians, readCustomerRateSheet, readRateSheetSettings, readRateSheetVersion, saveRateSheetSettings,
  updateRateSheetVersion,
} from './rate-sheets.service';

/** Link guesses and answers from one address: a person needs a handful a minute; far more is a guesser. */
const PUBLIC_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `rate-sheet-approval:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests from this address. Please wait a minute and try again.' }),
};

const read = area('Billing');
const write = area('Billing', 'write');
const versionParams = z.object({ customerRateSheetId: idParam('Rate sheet') });

/**
 * Billing customers' rate sheets (spec platform 2.1 account-settings/rateSheet): versions with effective dates, kept
 * under the Billing permission (what the customer is charged: read to see them, write to change or send them), and the customer's approval
 * through a public link (/customerRateSheetApproval/{guid}).
 */
export function rateSheetsRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Rate sheets'];
  r.get('/api/v1/RateSheet/customers', {
    config: { access: read },
    schema: { operationId: 'listRateSheetCustomers', summary: 'Billing customers matching a search, with their rate sheet in effect', tags, querystring: rateSheetCustomersQuery, response: { 200: z.array(rateSheetCustomerSchema) } },
    handler: (req) => listRateSheetCustomers(ctxOf(req, deps.db), req.query.search),
  });
  r.get('/api/v1/RateSheet/technicians', {
    config: { access: read },
    schema: { operationId: 'listRateSheetTechnicians', summary: "The company's active users, who may be given rates on a rate sheet", tags, response: { 200: z.array(rateSheetTechnicianSchema) } },
    handler: (req) => listRateSheetTechnicians(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/RateSheet/settings', {
    config: { access: read },
    schema: { operationId: 'getRateSheetSettings', summary: "Whether rate sheets take effect only once the customer approves them", tags, response: { 200: rateSheetSettingsSchema } },
    handler: (req) => readRateSheetSettings(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/RateSheet/settings', {
    config: { access: write },
    schema: { operationId: 'saveRateSheetSettings', summary: 'Ask customers to approve rate sheets before they take effect, or not', tags, body: rateSheetSettingsSchema, response: { 200: rateSheetSettingsSchema } },
    handler: (req) => saveRateSheetSettings(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/RateSheet/customer/:billingCustomerId', {
    config: { access: read, errors: [404] },
    schema: {
      operationId: 'getCustomerRateSheet', summary: "A billing customer's rate sheet versions, newest effective first, and its contacts' addresses", tags,
      params: z.object({ billingCustomerId: idParam('Billing customer') }), response: { 200: customerRateSheetAnswer },
    },
    handler: (req) => readCustomerRateSheet(ctxOf(req, deps.db), req.params.billingCustomerId),
  });
  r.post('/api/v1/RateSheet', {
    config: { access: write, errors: [404] },
    schema: { operationId: 'createRateSheetVersion', summary: "A new version of a billing customer's rate sheet, with its effective date and every rate", tags, body: createRateSheetBody, response: { 200: rateSheetVersionSchema } },
    handler: (req) => createRateSheetVersion(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/RateSheet/:customerRateSheetId', {
    config: { access: read, errors: [404] },
    schema: { operationId: 'getRateSheetVersion', summary: 'A rate sheet version with every rate and its approval requests', tags, params: versionParams, response: { 200: rateSheetVersionSchema } },
    handler: (req) => readRateSheetVersion(ctxOf(req, deps.db), req.params.customerRateSheetId),
  });
  r.put('/api/v1/RateSheet/:customerRateSheetId', {
    config: { access: write, errors: [404, 409] },
    schema: {
      operationId: 'updateRateSheetVersion', summary: 'Change a version not yet in effect, approved or sent (otherwise make a new version)', tags,
      params: versionParams, body: saveRateSheetBody, response: { 200: rateSheetVersionSchema },
    },
    handler: (req) => updateRateSheetVersion(ctxOf(req, deps.db), req.params.customerRateSheetId, req.body),
  });
  r.post('/api/v1/RateSheet/:customerRateSheetId/sendForApproval', {
    config: { access: write, errors: [404, 409] },
    schema: {
      operationId: 'sendRateSheetForApproval', summary: 'E-mail the customer a link to approve or decline the version (a link still waiting expires)', tags,
      params: versionParams, body: sendRateSheetBody, response: { 200: sentRateSheetAnswer },
    },
    handler: (req) => sendRateSheetForApproval(ctxOf(req, deps.db), req.params.customerRateSheetId, req.body.email!, deps.publicUrl),
  });
  r.get('/api/v1/CustomerRateSheetApproval/:customerRateSheetApprovalGuid', {
    config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT, errors: [404] },
    schema: { operationId: 'getCustomerRateSheetApproval', summary: 'The rate sheet the customer is asked to approve, through the link (no sign-in)', tags, params: rateSheetApprovalGuidParam, response: { 200: publicRateSheetAnswer } },
    handler: (req) => readRateSheetApproval(deps.db, req.params.customerRateSheetApprovalGuid, new Date()),
  });
  r.post('/api/v1/CustomerRateSheetApproval/:customerRateSheetApprovalGuid', {
    config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT, errors: [404, 409, 410] },
    schema: {
      operationId: 'decideCustomerRateSheetApproval', summary: 'The customer approves or declines the rate sheet, once, before the link expires (no sign-in)', tags,
      params: rateSheetApprovalGuidParam, body: rateSheetDecisionBody, response: { 200: publicRateSheetAnswer },
    },
    handler: (req) => decideRateSheetApproval(deps.db, req.params.customerRateSheetApprovalGuid, req.body, new Date(), req.ip, deps.publicUrl),
  });
}
