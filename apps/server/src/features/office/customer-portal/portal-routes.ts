import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientAuthenticationParams, CUSTOMER_PROFILE_ACCESS, idParam, pmContractDecisionBody, portalDeclineQuoteBody, portalEquipmentAnswer, portalInvoicesAnswer, portalPmContractAnswer, portalPmContractsAnswer, portalQuoteAnswer,
  portalQuotesAnswer, PORTAL_REQUEST_PHOTO_FIELD, portalServiceRequestAnswer, portalServiceRequestBody, portalSummaryAnswer, portalWorkOrderAnswer, portalWorkOrdersAnswer,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf, PUBLIC } from '../../../lib/access-control';
import { AppError } from '../../../lib/errors';
import type { ErrorStatus } from '../../../lib/openapi';
import { sendPdf } from '../../money/documents/documents.routes';
import type { FilesDeps, IncomingFile } from '../../platform/files/files.service';
import { customerUserScope } from './customer-users.service';
import { portalAccessOf, type PortalScope } from './portal-links.service';
import { decidePortalPmContract, listPortalEquipment, listPortalPmContracts } from './portal-maintenance.service';
import { requestPortalService } from './portal-requests.service';
import { answerPortalQuote, listPortalQuotes, readPortalQuote } from './portal-quotes.service';
import { listPortalInvoices, listPortalWorkOrders, portalInvoicePdf, readPortalSummary, readPortalWorkOrder } from './portal-read.service';

const SEND_FORM = `Send the request as multipart/form-data, with the photos in the field "${PORTAL_REQUEST_PHOTO_FIELD}".`;

/**
 * A service request's form, read before validation as its body: the text fields, and every photo read into memory
 * within the upload's size limit. Anything but multipart/form-data is a 415.
 */
async function requestForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(415, SEND_FORM);
  const fields: Record<string, unknown> = {};
  const photos: IncomingFile[] = [];
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.fieldname !== PORTAL_REQUEST_PHOTO_FIELD) throw new AppError(400, SEND_FORM);
      photos.push({ fileName: part.filename, content });
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  req.body = { ...fields, photos };
}

/** How the portal is reached: by an e-mailed link without a sign-in, or by a signed-in customer user. */
export interface PortalMode {
  /** The address the portal's routes start with. */
  base: string;
  config: { access: typeof PUBLIC; rateLimit?: object; openToCustomerUsers?: boolean };
  /** What the mode answers beyond each route's own: a dead link (410), or a user bound to no customer (403). */
  errors: ErrorStatus[];
  /** Run before the body is read (the link's own rate limit). */
  before: ((req: FastifyRequest) => Promise<void>)[];
  /** The route's parameters: the link's token beside the route's ids, or the ids alone. */
  params: <S extends z.ZodRawShape>(shape: S) => z.ZodObject<S>;
  /** The parameters of a route that takes no id: the link's token, or none. */
  noParams: { params?: typeof clientAuthenticationParams };
  /** The route's operation id, from the link route's (`getCustomerPortal`). */
  operationId: (name: string) => string;
  /** Who reads, said at the end of each summary. */
  who: string;
  tags: string[];
  scopeOf: (req: FastifyRequest) => Promise<PortalScope>;
}

/** The portal through an e-mailed link: public, limited per address and per link, the link's state checked on each request. */
export function linkMode(db: Db, rateLimit: object, perLink: (req: FastifyRequest) => Promise<void>): PortalMode {
  return {
    base: '/api/v1/CustomerPortal/:clientAuthenticationId',
    config: { access: PUBLIC, rateLimit },
    errors: [404, 410],
    before: [perLink],
    params: (shape) => z.object({ ...clientAuthenticationParams.shape, ...shape }) as unknown as z.ZodObject<typeof shape>,
    noParams: { params: clientAuthenticationParams },
    operationId: (name) => name,
    who: 'no sign-in',
    tags: ['Customer portal'],
    scopeOf: (req) => portalAccessOf(db, (req.params as { clientAuthenticationId: string }).clientAuthenticationId, new Date(), req.server.events),
  };
}

/** The portal of a signed-in customer user: "Customer Profile", the billing customer the user is bound to. */
export function signedInMode(db: Db): PortalMode {
  return {
    base: '/api/v1/CustomerProfile',
    config: { access: CUSTOMER_PROFILE_ACCESS, openToCustomerUsers: true },
    errors: [403, 404],
    before: [],
    params: (shape) => z.object(shape),
    noParams: {},
    operationId: (name) => name.replace('CustomerPortal', 'CustomerProfile'),
    who: 'signed-in customer user',
    tags: ['Customer profile'],
    scopeOf: (req) => customerUserScope(ctxOf(req, db)),
  };
}

/**
 * The portal's reads and answers, the same whichever way it is reached (spec platform 2.1 /customerPortal): the
 * billing customer's locations, work orders, quotes (approve, decline), equipment and maintenance contracts (approve,
 * decline), invoices with their PDF, and Request service with photos. Every answer is read in the portal's scope.
 */
export function portalRoutes(app: FastifyInstance, deps: { publicUrl: string; files: FilesDeps }, m: PortalMode) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = (errors: ErrorStatus[] = []) => ({ ...m.config, errors: [...new Set([...m.errors, ...errors])] });
  const opts = { tags: m.tags };
  const said = (summary: string) => `${summary} (${m.who})`;
  const base = m.base;

  r.get(base, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('getCustomerPortal'), summary: said('Who the portal is for: the company, the billing customer, the contact, its locations and when the link ends'), ...opts, ...m.noParams, response: { 200: portalSummaryAnswer } },
    handler: async (req) => readPortalSummary(await m.scopeOf(req)),
  });
  r.get(`${base}/workOrders`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('listCustomerPortalWorkOrders'), summary: said("The billing customer's work orders, newest first, with status, visits and the technician's first name"), ...opts, ...m.noParams, response: { 200: portalWorkOrdersAnswer } },
    handler: async (req) => listPortalWorkOrders(await m.scopeOf(req)),
  });
  r.get(`${base}/workOrders/:workOrderId`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('getCustomerPortalWorkOrder'), summary: said("One of the billing customer's work orders (another customer's is a 404)"), ...opts, params: m.params({ workOrderId: idParam('Work order') }), response: { 200: portalWorkOrderAnswer } },
    handler: async (req) => readPortalWorkOrder(await m.scopeOf(req), req.params.workOrderId),
  });
  r.get(`${base}/quotes`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('listCustomerPortalQuotes'), summary: said('The quotes sent to the billing customer with their lines and totals, those waiting for an answer first'), ...opts, ...m.noParams, response: { 200: portalQuotesAnswer } },
    handler: async (req) => listPortalQuotes(await m.scopeOf(req)),
  });
  r.get(`${base}/quotes/:quoteNumber`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('getCustomerPortalQuote'), summary: said("One quote sent to the billing customer (a draft, or another customer's, is a 404)"), ...opts, params: m.params({ quoteNumber: idParam('Quote number') }), response: { 200: portalQuoteAnswer } },
    handler: async (req) => readPortalQuote(await m.scopeOf(req), req.params.quoteNumber),
  });
  const quoteVersionParams = m.params({ quoteNumber: idParam('Quote number'), quoteVersion: idParam('Quote version') });
  r.post(`${base}/quotes/:quoteNumber/:quoteVersion/approve`, {
    config: config([409]), preHandler: m.before,
    schema: {
      operationId: m.operationId('approveCustomerPortalQuote'), summary: said('The customer approves the quote version they were shown; the quote and its work order become Quote Approved'),
      description: 'Only the current version, while it waits for an answer (409 once answered or replaced by a new version).', ...opts, params: quoteVersionParams, response: { 200: portalQuoteAnswer },
    },
    handler: async (req) => answerPortalQuote(await m.scopeOf(req), req.params.quoteNumber, req.params.quoteVersion, 'Approved', null),
  });
  r.post(`${base}/quotes/:quoteNumber/:quoteVersion/decline`, {
    config: config([409]), preHandler: m.before,
    schema: {
      operationId: m.operationId('declineCustomerPortalQuote'), summary: said('The customer declines the quote version they were shown, with a reason the office reads'),
      description: 'The quote becomes Rejected and its work order Need Quote; only the current version, while it waits for an answer (409 otherwise).', ...opts, params: quoteVersionParams, body: portalDeclineQuoteBody, response: { 200: portalQuoteAnswer },
    },
    handler: async (req) => answerPortalQuote(await m.scopeOf(req), req.params.quoteNumber, req.params.quoteVersion, 'Rejected', req.body.reason),
  });
  r.get(`${base}/equipment`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('listCustomerPortalEquipment'), summary: said("The active equipment at the billing customer's locations: name, category, make, model, serial and warranty"), ...opts, ...m.noParams, response: { 200: portalEquipmentAnswer } },
    handler: async (req) => listPortalEquipment(await m.scopeOf(req)),
  });
  r.get(`${base}/pmContracts`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('listCustomerPortalPmContracts'), summary: said("The preventive-maintenance contracts at the billing customer's locations, those waiting for an answer first"), ...opts, ...m.noParams, response: { 200: portalPmContractsAnswer } },
    handler: async (req) => listPortalPmContracts(await m.scopeOf(req)),
  });
  r.post(`${base}/pmContracts/:pmContractId/decision`, {
    config: config([409]), preHandler: m.before,
    schema: {
      operationId: m.operationId('decideCustomerPortalPmContract'), summary: said('The customer approves (with their name) or declines (with a comment) a contract sent for approval; the office user who sent it is told'),
      description: 'Only a contract waiting for an answer (409 otherwise).', ...opts, params: m.params({ pmContractId: idParam('PM contract') }), body: pmContractDecisionBody, response: { 200: portalPmContractAnswer },
    },
    handler: async (req) => decidePortalPmContract(await m.scopeOf(req), req.params.pmContractId, req.body, req.ip, deps.publicUrl),
  });
  r.post(`${base}/serviceRequests`, {
    config: config([413, 415]),
    // The link's limit counts before the photos are read.
    preValidation: [...m.before, requestForm],
    schema: {
      operationId: m.operationId('requestCustomerPortalService'), summary: said('The customer asks for service at one of the locations, with up to five photos; the office receives a new work order'),
      description:
        `multipart/form-data: \`locationId\` (one of the billing customer's locations; another's is a 404), \`problem\`, optional \`preferredTime\`, \`contactName\` and \`contactPhone\`, and up to five photos in the field \`${PORTAL_REQUEST_PHOTO_FIELD}\` (jpeg, jpg, png or heic, each checked by its content, at most 25 MB). ` +
        "The work order is created in ToDo as the office creates one, its problem saying who asked through the portal; the photos are among its files and the company's dispatchers are told.",
      consumes: ['multipart/form-data'], ...opts, ...m.noParams, body: portalServiceRequestBody, response: { 200: portalServiceRequestAnswer },
    },
    handler: async (req) => requestPortalService(await m.scopeOf(req), deps.files, req.body),
  });
  r.get(`${base}/invoices`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('listCustomerPortalInvoices'), summary: said("The billing customer's invoices, newest first, with their total and what is still owed"), ...opts, ...m.noParams, response: { 200: portalInvoicesAnswer } },
    handler: async (req) => listPortalInvoices(await m.scopeOf(req)),
  });
  r.get(`${base}/invoices/:invoiceId/pdf`, {
    config: config(), preHandler: m.before,
    schema: { operationId: m.operationId('getCustomerPortalInvoicePdf'), summary: said("One of the billing customer's invoices as a PDF, in the company's template"), ...opts, params: m.params({ invoiceId: idParam('Invoice') }), response: { 200: z.string().describe('A PDF') } },
    handler: async (req, reply) => {
      const { pdf, fileName } = await portalInvoicePdf(await m.scopeOf(req), req.params.invoiceId);
      return sendPdf(reply, pdf, fileName);
    },
  });
}
