import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CUSTOMER_PORTAL_LINKS_ACCESS, customerAccessRequestAnswer, customerAccessRequestParams, customerIdParams, customerUserAnswer, customerUserParams, customerUsersAnswer, declineCustomerAccessBody,
  grantCustomerAccessBody,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { declineCustomerAccess } from './customer-access-requests.service';
import { grantCustomerAccess, listCustomerUsers, revokeCustomerUser } from './customer-users.service';

const tags = ['Customer users'];

/**
 * Customer users on the customer page (spec platform 6, "Manage Customer User Access"): the billing customer's
 * requests for a sign-in, granted (a user with the Customer role only, invited to choose a password) or declined with
 * a reason e-mailed to the contact, and its customer users, whose access the office revokes.
 */
export function customerAccessRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = CUSTOMER_PORTAL_LINKS_ACCESS;
  r.get('/api/v1/Customer/:customerId/customerUsers', {
    config: { access: manage, errors: [404] },
    schema: { operationId: 'listCustomerUsers', summary: "The billing customer's requests for a sign-in (open first) and its customer users", tags, params: customerIdParams, response: { 200: customerUsersAnswer } },
    handler: (req) => listCustomerUsers(ctxOf(req, deps.db), req.access!, req.params.customerId),
  });
  r.post('/api/v1/Customer/:customerId/customerAccessRequests/:customerAccessRequestId/grant', {
    config: { access: manage, errors: [404, 409] },
    schema: {
      operationId: 'grantCustomerAccess', summary: 'Grant a request: a user with the Customer role only, bound to the billing customer, invited by e-mail to choose a password',
      description: 'Only an open request (409 once decided); an e-mail address or user name already in use is a 409.', tags, params: customerAccessRequestParams, body: grantCustomerAccessBody, response: { 200: customerAccessRequestAnswer },
    },
    handler: (req) => grantCustomerAccess(ctxOf(req, deps.db), req.access!, req.params.customerId, req.params.customerAccessRequestId, req.body.userName, deps.publicUrl),
  });
  r.post('/api/v1/Customer/:customerId/customerAccessRequests/:customerAccessRequestId/decline', {
    config: { access: manage, errors: [404, 409] },
    schema: {
      operationId: 'declineCustomerAccess', summary: 'Decline a request with a reason, e-mailed to the contact',
      description: 'Only an open request (409 once decided).', tags, params: customerAccessRequestParams, body: declineCustomerAccessBody, response: { 200: customerAccessRequestAnswer },
    },
    handler: (req) => declineCustomerAccess(ctxOf(req, deps.db), req.access!, req.params.customerId, req.params.customerAccessRequestId, req.body.reason),
  });
  r.delete('/api/v1/Customer/:customerId/customerUsers/:userId', {
    config: { access: manage, errors: [404, 409] },
    schema: {
      operationId: 'revokeCustomerUser', summary: "Revoke a customer user's access: the user is deactivated, their tokens stop working and the portal no longer opens for them",
      tags, params: customerUserParams, response: { 200: customerUserAnswer },
    },
    handler: (req) => revokeCustomerUser(ctxOf(req, deps.db), req.access!, req.params.customerId, req.params.userId),
  });
}
