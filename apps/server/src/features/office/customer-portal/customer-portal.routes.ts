import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientAuthenticationParams, CUSTOMER_PORTAL_LINKS_ACCESS, customerAccessRequestBody, customerAccessRequestedAnswer, customerPortalLinkAnswer, customerPortalLinkParams, customerPortalLinksAnswer, customerIdParams,
  sendCustomerPortalLinkBody, sentCustomerPortalLinkAnswer,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { AppError } from '../../../lib/errors';
import type { FilesDeps } from '../../platform/files/files.service';
import { requestCustomerAccess } from './customer-access-requests.service';
import { fingerprintOf, listPortalLinks, revokePortalLink, sendPortalLink } from './portal-links.service';
import { linkMode, portalRoutes, signedInMode } from './portal-routes';

const manage = CUSTOMER_PORTAL_LINKS_ACCESS;
const officeTags = ['Customer portal links'];

/** Requests from one address: a person reading the portal needs a few dozen a minute; far more is a guesser or a scraper. */
const ADDRESS_LIMIT = {
  max: 60,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `customer-portal:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests from this address. Please wait a minute and try again.' }),
};

/**
 * The customer portal (spec platform 2.1 /customerPortal/{clientAuthenticationId}): the office sends a contact a link
 * with "Manage Customer User Access", lists the links sent and revokes them; the link itself, without a sign-in, reads
 * the billing customer's locations, work orders, quotes and invoices, answers its quotes and requests service with
 * photos (a new work order, in the files store the office uses), and asks for a sign-in of its contact's own. Portal
 * requests are limited per address and per link (its fingerprint), so neither a guesser nor a leaked link can run
 * through the data. The same portal answers a signed-in customer user under `CustomerProfile` (portal-routes.ts).
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
  const link = linkMode(deps.db, ADDRESS_LIMIT, perLink);
  portalRoutes(app, deps, link);
  portalRoutes(app, deps, signedInMode(deps.db));
  r.post(`${link.base}/accessRequests`, {
    config: { ...link.config, errors: [404, 409, 410] },
    preHandler: perLink,
    schema: {
      operationId: 'requestCustomerAccess', summary: 'The contact asks for a sign-in of their own to the portal; the office is told and grants or declines it (no sign-in)',
      description: 'One open request per e-mail address and company, and none for an address a user of the company already has (409 with a sentence).',
      tags: ['Customer portal'], params: clientAuthenticationParams, body: customerAccessRequestBody, response: { 200: customerAccessRequestedAnswer },
    },
    handler: async (req) => requestCustomerAccess(await link.scopeOf(req), req.body),
  });
}
