import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPmContractBody, pmApprovalGuidParam, pmContractChoicesAnswer, pmContractDecisionBody, pmContractIdParams, pmContractListAnswer, pmContractListQuery, pmContractSchema,
  pmLocationEquipmentAnswer, pmLocationParams, publicPmContractAnswer, savePmContractBody, sendPmContractBody, sentPmContractAnswer,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf, PUBLIC } from '../../../lib/access-control';
import { decidePmContractApproval, readPmContractApproval, sendPmContractForApproval } from './pm-contract-approval.service';
import { listPmContracts, locationEquipment, pmContractChoices, readPmContract } from './pm-contract-read.service';
import { cancelPmContract, createPmContract, updatePmContract } from './pm-contract-save.service';

/** Link guesses and answers from one address: a person needs a handful a minute; far more is a guesser. */
const PUBLIC_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `pm-contract-approval:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests from this address. Please wait a minute and try again.' }),
};

const read = area('PM Lists');
const write = area('PM Lists', 'write');

const EQUIPMENT_EXAMPLE = { equipmentId: 41, name: 'Walk-in Cooler', categoryId: 1, categoryName: 'Refrigeration', serialNumber: 'HU-2291-B', isActive: true, tasks: ['Clean condenser coil', 'Inspect door gaskets'] };
const SUMMARY_EXAMPLE = {
  pmContractId: 7, name: 'Downtown Grill refrigeration PM', customerId: 12, customerName: 'Downtown Grill', customerAddress: '400 Main St, Dallas, TX 75201', frequencyName: 'Quarterly',
  recurrenceRule: 'FREQ=MONTHLY;INTERVAL=3', price: 185, priceBasis: 'visit', startsOn: '2027-01-01', endsOn: '2027-12-31', renewsAutomatically: true, status: 'draft',
  technicianName: 'Tom Tech', equipmentCount: 2, nextDueOn: '2027-01-01',
};
const CONTRACT_EXAMPLE = {
  ...SUMMARY_EXAMPLE, technicianUserId: 3, visitTime: '08:00', visitMinutes: 90, leadDays: 14, approvedAt: null, approverName: null, notes: null, equipment: [EQUIPMENT_EXAMPLE],
  approvals: [], contacts: [{ name: 'Dana Lopez', email: 'facilities@downtowngrill.example' }], createdAt: '2026-11-28T16:00:00.000Z', updatedAt: '2026-11-28T16:00:00.000Z',
};
const contract = pmContractSchema.meta({ example: CONTRACT_EXAMPLE });
const PUBLIC_EXAMPLE = {
  companyName: 'Polar Mechanical', customerName: 'Downtown Grill', customerAddress: '400 Main St, Dallas, TX 75201', name: 'Downtown Grill refrigeration PM', frequencyName: 'Quarterly',
  recurrenceRule: 'FREQ=MONTHLY;INTERVAL=3', price: 185, priceBasis: 'visit', startsOn: '2027-01-01', endsOn: '2027-12-31', renewsAutomatically: true, status: 'Pending',
  expiresAt: '2026-12-12T16:00:00.000Z', decidedAt: null, approverName: null, comment: null,
  equipment: [{ name: 'Walk-in Cooler', categoryName: 'Refrigeration', serialNumber: 'HU-2291-B', tasks: ['Clean condenser coil'] }],
};
const publicAnswer = publicPmContractAnswer.meta({ example: PUBLIC_EXAMPLE });

/**
 * Preventive-maintenance contracts (spec platform 2.1 /preventative-maintenance): read with PM Lists read, written,
 * sent and cancelled with PM Lists write; the customer approves or declines through a public link
 * (/preventiveMaintenanceApproval/{guid}), rate-limited, that answers once before it expires.
 */
export function pmContractsRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['PM contracts'];
  r.get('/api/v1/PmContract', {
    config: { access: read },
    schema: {
      operationId: 'listPmContracts', summary: "A page of the company's preventive-maintenance contracts, newest first",
      description: 'Filters: a status, a location (customerId) and a text found in the contract name or the location name or address.',
      tags, querystring: pmContractListQuery, response: { 200: pmContractListAnswer.meta({ example: { data: [SUMMARY_EXAMPLE], total: 1 } }) },
    },
    handler: (req) => listPmContracts(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/PmContract/choices', {
    config: { access: read },
    schema: {
      operationId: 'getPmContractChoices', summary: 'The frequencies, task templates, tasks and technicians the contract form offers', tags,
      response: { 200: pmContractChoicesAnswer.meta({ example: { frequencies: [{ id: 1, name: 'Quarterly', rule: 'FREQ=MONTHLY;INTERVAL=3' }], templates: [], categoryTemplates: [], tasks: ['Clean condenser coil'], technicians: [{ userId: 3, name: 'Tom Tech' }] } }) },
    },
    handler: (req) => pmContractChoices(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/PmContract/location/:customerId/equipment', {
    config: { access: read, errors: [404] },
    schema: {
      operationId: 'getPmLocationEquipment', summary: "A location's equipment in service, each with the tasks of its category's template", tags,
      params: pmLocationParams, response: { 200: pmLocationEquipmentAnswer.meta({ example: [EQUIPMENT_EXAMPLE] }) },
    },
    handler: (req) => locationEquipment(ctxOf(req, deps.db), req.params.customerId),
  });
  r.post('/api/v1/PmContract', {
    config: { access: write, errors: [404] },
    schema: {
      operationId: 'createPmContract', summary: 'A new draft contract at a customer location, with its equipment, tasks, frequency, price and term',
      description: 'A piece sent without tasks takes the chosen template\'s (templateId), else its category\'s; equipment of another location or retired is refused (400).',
      tags, body: createPmContractBody, response: { 200: contract },
    },
    handler: (req) => createPmContract(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/PmContract/:pmContractId', {
    config: { access: read, errors: [404] },
    schema: { operationId: 'getPmContract', summary: 'A contract with its equipment and tasks, its approval requests and the addresses it can be sent to', tags, params: pmContractIdParams, response: { 200: contract } },
    handler: (req) => {
      const ctx = ctxOf(req, deps.db);
      return readPmContract(ctx.db, ctx, req.params.pmContractId);
    },
  });
  r.put('/api/v1/PmContract/:pmContractId', {
    config: { access: write, errors: [404, 409] },
    schema: {
      operationId: 'updatePmContract', summary: 'Change a contract: a sent or declined one goes back to draft, an approved one stays approved, a cancelled one is refused', tags,
      params: pmContractIdParams, body: savePmContractBody, response: { 200: contract },
    },
    handler: (req) => updatePmContract(ctxOf(req, deps.db), req.params.pmContractId, req.body),
  });
  r.post('/api/v1/PmContract/:pmContractId/cancel', {
    config: { access: write, errors: [404] },
    schema: { operationId: 'cancelPmContract', summary: 'Cancel a contract: no more visits, and a link waiting for the customer stops working', tags, params: pmContractIdParams, response: { 200: contract } },
    handler: (req) => cancelPmContract(ctxOf(req, deps.db), req.params.pmContractId),
  });
  r.post('/api/v1/PmContract/:pmContractId/sendForApproval', {
    config: { access: write, errors: [404, 409] },
    schema: {
      operationId: 'sendPmContractForApproval', summary: 'E-mail the customer a link to approve or decline the contract (a link still waiting expires)', tags,
      params: pmContractIdParams, body: sendPmContractBody, response: { 200: sentPmContractAnswer },
    },
    handler: (req) => sendPmContractForApproval(ctxOf(req, deps.db), req.params.pmContractId, req.body.email!, deps.publicUrl),
  });
  r.get('/api/v1/PreventiveMaintenanceApproval/:preventiveMaintenanceApprovalGuid', {
    config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT, errors: [404] },
    schema: { operationId: 'getPreventiveMaintenanceApproval', summary: 'The contract the customer is asked to approve, through the link (no sign-in)', tags, params: pmApprovalGuidParam, response: { 200: publicAnswer } },
    handler: (req) => readPmContractApproval(deps.db, req.params.preventiveMaintenanceApprovalGuid, new Date()),
  });
  r.post('/api/v1/PreventiveMaintenanceApproval/:preventiveMaintenanceApprovalGuid', {
    config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT, errors: [404, 409, 410] },
    schema: {
      operationId: 'decidePreventiveMaintenanceApproval', summary: 'The customer approves (with their name) or declines (with a comment) the contract, once, before the link expires (no sign-in)', tags,
      params: pmApprovalGuidParam, body: pmContractDecisionBody, response: { 200: publicAnswer },
    },
    handler: (req) => decidePmContractApproval(deps.db, req.params.preventiveMaintenanceApprovalGuid, req.body, new Date(), req.ip, deps.publicUrl),
  });
}
