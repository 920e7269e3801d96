import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { choosePasswordBody, forgotPasswordBody, invitationAnswer, passwordSetAnswer, userLinkTokenParam, userMessageAnswer } from '@sm/shared';
import { PUBLIC } from '../../../lib/access-control';
import { acceptInvitation, forgotPassword, invitationInfo, resetPassword, type AccountLinkDeps } from './account-links.service';

/** Forgot-password requests from one address: a person sends one or two; a burst is a script trying names. */
const FORGOT_LIMIT = {
  max: 10,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `forgot-password:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many password reset requests from this address. Please wait a minute and try again.' }),
};
/** Link guesses and clicks from one address, as for the confirmation and labor approval links. */
const LINK_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `user-link:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests from this address. Please wait a minute and try again.' }),
};

/** The e-mailed links of users (no sign-in on any of them): accepting an invitation, and a forgotten password. */
export function accountLinksRoutes(app: FastifyInstance, deps: AccountLinkDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Account'];
  r.get('/api/v1/Account/invitation/:token', {
    config: { access: PUBLIC, rateLimit: LINK_LIMIT, errors: [404, 409, 410] },
    schema: { operationId: 'getInvitation', summary: 'Whom an open invitation is for, before they choose a password (no sign-in)', tags, params: userLinkTokenParam, response: { 200: invitationAnswer } },
    handler: (req) => invitationInfo(deps.db, req.params.token, new Date()),
  });
  r.post('/api/v1/Account/acceptInvitation/:token', {
    config: { access: PUBLIC, rateLimit: LINK_LIMIT, errors: [404, 409, 410] },
    schema: { operationId: 'acceptInvitation', summary: 'An invited user chooses a password through the e-mailed link, once, within 7 days (no sign-in)', tags, params: userLinkTokenParam, body: choosePasswordBody, response: { 200: passwordSetAnswer } },
    handler: (req) => acceptInvitation(deps.db, req.params.token, req.body.password, new Date()),
  });
  r.post('/api/v1/Account/forgotPassword', {
    config: { access: PUBLIC, rateLimit: FORGOT_LIMIT },
    schema: { operationId: 'forgotPassword', summary: 'E-mail a password reset link (1 hour, once) to the account of a user name or address; the answer is the same whether or not one exists (no sign-in)', tags, body: forgotPasswordBody, response: { 200: userMessageAnswer } },
    handler: (req) => forgotPassword(deps, req.body.userNameOrEmail, new Date()),
  });
  r.post('/api/v1/Account/resetPassword/:token', {
    config: { access: PUBLIC, rateLimit: LINK_LIMIT, errors: [404, 409, 410] },
    schema: { operationId: 'resetPassword', summary: 'Choose a new password through the e-mailed reset link, once, within the hour (no sign-in)', tags, params: userLinkTokenParam, body: choosePasswordBody, response: { 200: passwordSetAnswer } },
    handler: (req) => resetPassword(deps.db, req.params.token, req.body.password, new Date()),
  });
}
