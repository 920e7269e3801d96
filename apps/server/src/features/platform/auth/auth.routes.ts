import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessTokenAnswer, idParam, loginBody, rolePermissionsList, signedInUserSchema } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf, PUBLIC, SIGNED_IN } from '../../../lib/access-control';
import { AppError } from '../../../lib/errors';
import { getUserRolesPermissions } from '../permissions/permissions.service';
import { addressFailureLimit } from './address-limit';
import { login, refreshToken, validateUser } from './auth.service';

/** Sign-in and session (contract "Accounts and session"). */
export function authRoutes(app: FastifyInstance, deps: { db: Db; jwtSecret: string; loginRateLimit: number; loginFailuresPerAddress: number; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const addressLimit = addressFailureLimit(deps.loginFailuresPerAddress, 60_000);
  r.post('/api/v1/Account/login', {
    config: {
      access: PUBLIC,
      // 403: the account's e-mail address is not confirmed yet (sign-up).
      errors: [403],
      rateLimit: {
        max: deps.loginRateLimit,
        // After validation, so the key can include the user name: one person's typos do not lock out the office.
        hook: 'preHandler',
        timeWindow: 60_000,
        keyGenerator: (req) => `${req.ip}:${String((req.body as { userName?: unknown } | undefined)?.userName ?? '').toLowerCase()}`,
        errorResponseBuilder: () => ({
          statusCode: 429,
          message: 'Too many sign-in attempts. Please wait a minute and try again.',
        }),
      },
    },
    schema: { summary: 'Sign in with user name and password', tags: ['Account'], body: loginBody, response: { 200: accessTokenAnswer } },
    // Before the body is read: an address that has failed too often is refused whatever name it tries next.
    onRequest: async (req) => addressLimit.check(req.ip),
    handler: async (req) => {
      try {
        return await login({ db: deps.db, jwtSecret: deps.jwtSecret, now: new Date(), publicUrl: deps.publicUrl }, req.body);
      } catch (err) {
        if (err instanceof AppError && err.status === 401) addressLimit.recordFailure(req.ip);
        throw err;
      }
    },
  });
  r.post('/api/v1/Account/validateUser', {
    config: { access: SIGNED_IN, openToCustomerUsers: true },
    schema: { summary: 'The signed-in user of a token', tags: ['Account'], response: { 200: signedInUserSchema } },
    handler: (req) => validateUser(ctxOf(req, deps.db), deps.jwtSecret, req.headers.authorization!.replace(/^Bearer\s+/i, '')),
  });
  r.post('/api/v1/Account/refreshToken', {
    config: { access: SIGNED_IN, openToCustomerUsers: true },
    schema: { summary: 'A fresh access token for the signed-in user', tags: ['Account'], response: { 200: accessTokenAnswer } },
    handler: (req) => refreshToken(ctxOf(req, deps.db), deps.jwtSecret),
  });
  r.get('/api/v1/Account/user-roles-permissions/:userId', {
    config: { access: SIGNED_IN, openToCustomerUsers: true, errors: [403] },
    schema: { summary: "A user's roles and permissions", tags: ['Account'], params: z.object({ userId: idParam('User') }), response: { 200: rolePermissionsList } },
    handler: (req) => getUserRolesPermissions(ctxOf(req, deps.db), req.access!, req.params.userId),
  });
}
