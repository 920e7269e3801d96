import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientAuthenticationParams, CUSTOMER_PORTAL_LINKS_ACCESS, customerPortalLinkAnswer, customerPortalLinkParams, customerPortalLinksAnswer, customerIdParams, portalDeclineQuoteBody, portalInvoiceParams, portalInvoicesAnswer, portalQuoteAnswer,
  pmContractDecisionBody, portalEquipmentAnswer, portalPmContractAnswer, portalPmContractParams, portalPmContractsAnswer, portalQuoteParams, portalQuotesAnswer, portalServiceRequestAnswer, portalServiceRequestBody,
  portalSummaryAnswer, PORTAL_REQUEST_PHOTO_FIELD, portalWorkOrderAnswer, portalWorkOrderParams, portalWorkOrdersAnswer, sendCustomerPortalLinkBody, sentCustomerPortalLinkAnswer,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf, PUBLIC } from '../../../lib/access-control';
import { AppError } from '../../../lib/errors';
import { sendPdf } from '../../money/documents/documents.routes';
import type { FilesDeps, IncomingFile } from '../../platform/files/files.service';
import { fingerprintOf, listPortalLinks, portalAccessOf, revokePortalLink, sendPortalLink } from './portal-links.service';
import { decidePortalPmContract, listPortalEquipment, listPortalPmContracts } from './portal-maintenance.service';
import { requestPortalService } from './portal-requests.service';
import { answerPortalQuote, listPortalQuotes, readPortalQuote } from './portal-quotes.service';
import { listPortalInvoices, listPortalWorkOrders, portalInvoicePdf, readPortalSummary, readPortalWorkOrder } from './portal-read.service';

const manage = CUSTOMER_PORTAL_LINKS_ACCESS;
const officeTags = ['Customer portal links'];
const tags = ['Customer portal'];

/** Requests from one address: a person reading the portal needs a few dozen a minute; far more is a guesser or a scraper. */
const ADDRESS_LIMIT = {
  max: 60,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `customer-portal:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests from this address. Please wait a minute and try again.' }),
};

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

/**
 * The customer portal (spec platform 2.1 /customerPortal/{clientAuthenticationId}): the office sends a contact a link
 * with "Manage Customer User Access", lists the links sent and revokes them; the link itself, without a sign-in, reads
 * the billing customer's locations, work orders, quotes and invoices, answers its quotes and requests service with
 * photos (a new work order, in the files store the office uses). Portal requests are limited per address and per link (its fingerprint), so neither a guesser nor a leaked link can run through the data.
 */
export function customerPortalRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string; files: FilesDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/Customer/:customerId/portalLinks', {
    config: { access: manage, errors: [404] },
    schema: { operationId: 'listCustomerPortalLinks', summary: "The portal links sent from a customer's page, newest first, with their state", tags: officeTags, params: customerIdParams, response: { 200: customerPortalLinksAnswer } },
    handler: (req) => listPortalLinks(ctxOf(req, deps.db), req.access!, req.params.customerId),
  });
  r.post('/api/v1/Customer/:customerId/portalLinks', {
    config: { access: manage, errors: [404, 422] },
    schema: {
      operationId: 'sendCustomerPortalLink', summary: "E-mail one of the customer's contacts a link to the customer portal, working for 30 days unless revoked",
      description: 'The contact must belong to the customer and have an e-mail address (422 otherwise). The answer holds the link once; only its fingerprint is kept.',
      tags: officeTags, params: customerIdParams, body: sendCustomerPortalLinkBody, response: { 200: sentCustomerPortalLinkAnswer },
    },
    handler: (req) => sendPortalLink(ctxOf(req, deps.db), req.access!, req.params.customerId, req.body.contactId, deps.publicUrl),
  });
  r.post('/api/v1/Customer/:customerId/portalLinks/:customerPortalLinkId/revoke', {
    config: { access: manage, errors: [404] },
    schema: { operationId: 'revokeCustomerPortalLink', summary: 'Withdraw a portal link: it stops working at once (revoking it again changes nothing)', tags: officeTags, params: customerPortalLinkParams, response: { 200: customerPortalLinkAnswer } },
    handler: (req) => revokePortalLink(ctxOf(req, deps.db), req.access!, req.params.customerId, req.params.customerPortalLinkId),
  });

  // The route's own limit counts the address; this one counts the link (by its fingerprint), whatever the address.
  const linkLimit = app.createRateLimit({
    max: 120,
    timeWindow: 60_000,
    keyGenerator: (req) => `customer-portal-link:${fingerprintOf(String((req.params as { clientAuthenticationId?: unknown }).clientAuthenticationId ?? ''))}`,
  });
  const perLink = async (req: FastifyRequest) => {
    const limit = await linkLimit(req);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError(429, 'Too many requests with this portal link. Please wait a minute and try again.');
  };
  const portal = { access: PUBLIC, rateLimit: ADDRESS_LIMIT };
  const access = (req: FastifyRequest<{ Params: { clientAuthenticationId: string } }>) => portalAccessOf(deps.db, req.params.clientAuthenticationId, new Date(), req.server.events);
  const base = '/api/v1/CustomerPortal/:clientAuthenticationId';

  r.get(base, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'getCustomerPortal', summary: 'Who the portal is for: the company, the billing customer, the contact, its locations and when the link ends (no sign-in)', tags, params: clientAuthenticationParams, response: { 200: portalSummaryAnswer } },
    handler: async (req) => readPortalSummary(await access(req)),
  });
  r.get(`${base}/workOrders`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'listCustomerPortalWorkOrders', summary: "The billing customer's work orders, newest first, with status, visits and the technician's first name (no sign-in)", tags, params: clientAuthenticationParams, response: { 200: portalWorkOrdersAnswer } },
    handler: async (req) => listPortalWorkOrders(await access(req)),
  });
  r.get(`${base}/workOrders/:workOrderId`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'getCustomerPortalWorkOrder', summary: 'One of the billing customer\'s work orders (another customer\'s is a 404)', tags, params: portalWorkOrderParams, response: { 200: portalWorkOrderAnswer } },
    handler: async (req) => readPortalWorkOrder(await access(req), req.params.workOrderId),
  });
  r.get(`${base}/quotes`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'listCustomerPortalQuotes', summary: 'The quotes sent to the billing customer with their lines and totals, those waiting for an answer first (no sign-in)', tags, params: clientAuthenticationParams, response: { 200: portalQuotesAnswer } },
    handler: async (req) => listPortalQuotes(await access(req)),
  });
  r.get(`${base}/quotes/:quoteNumber`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'getCustomerPortalQuote', summary: 'One quote sent to the billing customer (a draft, or another customer\'s, is a 404)', tags, params: portalQuoteParams.omit({ quoteVersion: true }), response: { 200: portalQuoteAnswer } },
    handler: async (req) => readPortalQuote(await access(req), req.params.quoteNumber),
  });
  r.post(`${base}/quotes/:quoteNumber/:quoteVersion/approve`, {
    config: { ...portal, errors: [404, 409, 410] },
    preHandler: perLink,
    schema: {
      operationId: 'approveCustomerPortalQuote', summary: 'The contact approves the quote version they were shown; the quote and its work order become Quote Approved (no sign-in)',
      description: 'Only the current version, while it waits for an answer (409 once answered or replaced by a new version).', tags, params: portalQuoteParams, response: { 200: portalQuoteAnswer },
    },
    handler: async (req) => answerPortalQuote(await access(req), req.params.quoteNumber, req.params.quoteVersion, 'Approved', null),
  });
  r.post(`${base}/quotes/:quoteNumber/:quoteVersion/decline`, {
    config: { ...portal, errors: [404, 409, 410] },
    preHandler: perLink,
    schema: {
      operationId: 'declineCustomerPortalQuote', summary: 'The contact declines the quote version they were shown, with a reason the office reads (no sign-in)',
      description: 'The quote becomes Rejected and its work order Need Quote; only the current version, while it waits for an answer (409 otherwise).', tags, params: portalQuoteParams, body: portalDeclineQuoteBody, response: { 200: portalQuoteAnswer },
    },
    handler: async (req) => answerPortalQuote(await access(req), req.params.quoteNumber, req.params.quoteVersion, 'Rejected', req.body.reason),
  });
  r.get(`${base}/equipment`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'listCustomerPortalEquipment', summary: "The active equipment at the billing customer's locations: name, category, make, model, serial and warranty (no sign-in)", tags, params: clientAuthenticationParams, response: { 200: portalEquipmentAnswer } },
    handler: async (req) => listPortalEquipment(await access(req)),
  });
  r.get(`${base}/pmContracts`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'listCustomerPortalPmContracts', summary: "The preventive-maintenance contracts at the billing customer's locations, those waiting for an answer first (no sign-in)", tags, params: clientAuthenticationParams, response: { 200: portalPmContractsAnswer } },
    handler: async (req) => listPortalPmContracts(await access(req)),
  });
  r.post(`${base}/pmContracts/:pmContractId/decision`, {
    config: { ...portal, errors: [404, 409, 410] },
    preHandler: perLink,
    schema: {
      operationId: 'decideCustomerPortalPmContract', summary: 'The contact approves (with their name) or declines (with a comment) a contract sent for approval; the office user who sent it is told (no sign-in)',
      description: 'Only a contract waiting for an answer (409 otherwise).', tags, params: portalPmContractParams, body: pmContractDecisionBody, response: { 200: portalPmContractAnswer },
    },
    handler: async (req) => decidePortalPmContract(await access(req), req.params.pmContractId, req.body, req.ip, deps.publicUrl),
  });
  r.post(`${base}/serviceRequests`, {
    config: { ...portal, errors: [404, 410, 413, 415] },
    // The link's limit counts before the photos are read.
    preValidation: [perLink, requestForm],
    schema: {
      operationId: 'requestCustomerPortalService', summary: 'The contact asks for service at one of the locations, with up to five photos; the office receives a new work order (no sign-in)',
      description:
        `multipart/form-data: \`locationId\` (one of the billing customer's locations; another's is a 404), \`problem\`, optional \`preferredTime\`, \`contactName\` and \`contactPhone\`, and up to five photos in the field \`${PORTAL_REQUEST_PHOTO_FIELD}\` (jpeg, jpg, png or heic, each checked by its content, at most 25 MB). ` +
        'The work order is created in ToDo as the office creates one, its problem saying who asked through the portal; the photos are among its files and the company\'s dispatchers are told.',
      consumes: ['multipart/form-data'], tags, params: clientAuthenticationParams, body: portalServiceRequestBody, response: { 200: portalServiceRequestAnswer },
    },
    handler: async (req) => requestPortalService(await access(req), deps.files, req.body),
  });
  r.get(`${base}/invoices`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'listCustomerPortalInvoices', summary: "The billing customer's invoices, newest first, with their total and what is still owed (no sign-in)", tags, params: clientAuthenticationParams, response: { 200: portalInvoicesAnswer } },
    handler: async (req) => listPortalInvoices(await access(req)),
  });
  r.get(`${base}/invoices/:invoiceId/pdf`, {
    config: { ...portal, errors: [404, 410] },
    preHandler: perLink,
    schema: { operationId: 'getCustomerPortalInvoicePdf', summary: "One of the billing customer's invoices as a PDF, in the company's template (no sign-in)", tags, params: portalInvoiceParams, response: { 200: z.string().describe('A PDF') } },
    handler: async (req, reply) => {
      const { pdf, fileName } = await portalInvoicePdf(await access(req), req.params.invoiceId);
      return sendPdf(reply, pdf, fileName);
    },
  });
}
