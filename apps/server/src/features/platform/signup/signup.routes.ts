import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessTokenAnswer, confirmEmailAnswer, confirmTokenParam, registerBody, registeredAnswer, signupStateAnswer } from '@sm/shared';
import { PUBLIC } from '../../../lib/access-control';
import { confirmEmail, register, setupFirstCompany, signupState, type SignupDeps } from './signup.service';

/** Sign-ups and first runs from one address: a person needs one or two; a burst is a script making companies. */
const SIGNUP_LIMIT = {
  max: 10,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `signup:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many sign-up attempts from this address. Please wait a minute and try again.' }),
};

/** Confirmation link guesses and clicks from one address, as for the labor approval links. */
const LINK_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `signup-confirm:${req.ip}`,
  errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests from this address. Please wait a minute and try again.' }),
};

/**
 * Sign-up and first run (no sign-in on any of them): whether sign-up is open or the first company is still to be set
 * up, registering a company, confirming its Super Admin's address, and the one-time setup of an empty database.
 */
export function signupRoutes(app: FastifyInstance, deps: SignupDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sign-up'];
  r.get('/api/v1/Account/signupState', {
    config: { access: PUBLIC },
    schema: { operationId: 'getSignupState', summary: "Whether public sign-up is open, whether the first company is still to be set up, and the providers' login pages (no sign-in)", tags, response: { 200: signupStateAnswer } },
    handler: () => signupState(deps),
  });
  r.post('/api/v1/Account/register', {
    config: { access: PUBLIC, rateLimit: SIGNUP_LIMIT, errors: [403, 409] },
    schema: {
      operationId: 'registerCompany',
      summary: 'Sign a new company up with its first Super Admin, who confirms the e-mail address through the link sent before signing in (no sign-in; only when public sign-up is open)',
      tags,
      body: registerBody,
      response: { 200: registeredAnswer },
    },
    handler: (req) => register(deps, req.body, new Date()),
  });
  r.post('/api/v1/Account/confirmEmail/:token', {
    config: { access: PUBLIC, rateLimit: LINK_LIMIT, errors: [404, 409, 410] },
    schema: { operationId: 'confirmEmail', summary: "Confirm a new user's e-mail address through the link sent at sign-up, once, before it expires (no sign-in)", tags, params: confirmTokenParam, response: { 200: confirmEmailAnswer } },
    handler: (req) => confirmEmail(deps.db, req.params.token, new Date()),
  });
  r.post('/api/v1/Account/setup', {
    config: { access: PUBLIC, rateLimit: SIGNUP_LIMIT, errors: [403, 409] },
    schema: {
      operationId: 'setupFirstCompany',
      summary: 'Set up the first company and its Super Admin on an empty database, and sign in (no sign-in; once, and only when public sign-up is closed)',
      tags,
      body: registerBody,
      response: { 200: accessTokenAnswer },
    },
    handler: (req) => setupFirstCompany(deps, req.body, new Date()),
  });
}
