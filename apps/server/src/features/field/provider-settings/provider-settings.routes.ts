import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { providerAccountBody, providerAccountSchema, providerParams, providerTestAnswer, providerWorkOrdersAnswer, providerWorkOrdersQuery } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { getProviderAccount, saveProviderAccount } from './provider-account.service';
import { testProviderConnection } from './provider-connection.service';
import { listProviderWorkOrders } from './provider-work-orders.service';

/**
 * The Third Party settings pages: the company's account at each outside work-order network. Both providers need the
 * same right, the permission area the spec names for them ('Service Channel'): read to look, write to change or test.
 */
export function providerSettingsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Third Party'];
  r.get('/api/v1/ThirdParty/:provider/account', {
    config: { access: area('Service Channel', 'read') },
    schema: { summary: "The company's account at a provider, without its secret", tags, params: providerParams, response: { 200: providerAccountSchema } },
    handler: (req) => getProviderAccount(ctxOf(req, deps.db), req.params.provider),
  });
  r.put('/api/v1/ThirdParty/:provider/account', {
    config: { access: area('Service Channel', 'write') },
    schema: { summary: "Save the company's account at a provider", tags, params: providerParams, body: providerAccountBody, response: { 200: providerAccountSchema } },
    handler: (req) => saveProviderAccount(ctxOf(req, deps.db), req.params.provider, req.body),
  });
  r.post('/api/v1/ThirdParty/:provider/test', {
    config: { access: area('Service Channel', 'write') },
    schema: { summary: 'Test the connection to a provider', tags, params: providerParams, response: { 200: providerTestAnswer } },
    handler: (req) => testProviderConnection(ctxOf(req, deps.db), req.params.provider),
  });
  r.get('/api/v1/ThirdParty/:provider/workOrders', {
    config: { access: area('Service Channel', 'read') },
    schema: { summary: 'Work orders linked to a provider', tags, params: providerParams, querystring: providerWorkOrdersQuery, response: { 200: providerWorkOrdersAnswer } },
    handler: (req) => listProviderWorkOrders(ctxOf(req, deps.db), req.params.provider, req.query),
  });
}
