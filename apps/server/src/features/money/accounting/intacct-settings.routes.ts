import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  additionalLineItemBody, additionalLineItemParams, additionalLineItemSchema, intacctAccountBody, intacctAccountSchema, intacctTestAnswer, itemGlGroupBody, itemGlGroupParams,
  itemGlGroupSchema, lineKindAccountBody, lineKindAccountSchema, lineKindParams, messageAnswer,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { getIntacctAccount, saveIntacctAccount, testIntacctConnection } from './intacct-account.service';
import {
  createAdditionalLineItem, createItemGlGroup, deleteAdditionalLineItem, deleteItemGlGroup, listAdditionalLineItems, listItemGlGroups, listLineKindAccounts,
  mapLineKind, unmapLineKind, updateAdditionalLineItem, updateItemGlGroup,
} from './intacct-mapping.service';

const ACCOUNT_EXAMPLE = {
  isConfigured: true, endpointUrl: 'https://api.intacct.com/ia/xml/xmlgw.phtml', senderId: 'SM-PARTNER', companyId: 'POLAR', userId: 'xml_gateway', isEnabled: true,
  hasSenderPassword: true, hasUserPassword: true, updatedBy: 'Ada Admin', updatedAt: '2026-11-25T15:04:05.000Z',
};

/**
 * Administration intacct/*: the company's Intacct credentials, item GL groups, additional line items, and the account
 * each kind of line posts to (the chart of accounts and the departments: intacct-chart.routes.ts). Each list has the
 * permission area the spec names for it; the credentials and the line mapping are Billing's.
 */
export function intacctSettingsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Intacct'];
  const ctx = (req: Parameters<typeof ctxOf>[0]) => ctxOf(req, deps.db);

  r.get('/api/v1/Intacct/account', {
    config: { access: area('Billing') },
    schema: { operationId: 'getIntacctAccount', summary: "The company's Intacct credentials, without either password", tags, response: { 200: intacctAccountSchema.meta({ example: ACCOUNT_EXAMPLE }) } },
    handler: (req) => getIntacctAccount(ctx(req)),
  });
  r.put('/api/v1/Intacct/account', {
    config: { access: area('Billing', 'write') },
    schema: { operationId: 'saveIntacctAccount', summary: "Save the company's Intacct credentials (blank passwords keep the stored ones)", tags, body: intacctAccountBody, response: { 200: intacctAccountSchema } },
    handler: (req) => saveIntacctAccount(ctx(req), req.body),
  });
  r.post('/api/v1/Intacct/account/test', {
    config: { access: area('Billing', 'write') },
    schema: {
      operationId: 'testIntacctConnection', summary: 'Sign in to Intacct with the stored credentials and say whether it worked', tags,
      response: { 200: intacctTestAnswer.meta({ example: { ok: false, message: 'Intacct refused the company ID, user ID or user password: Sign-in information is incorrect.' } }) },
    },
    handler: (req) => testIntacctConnection(ctx(req)),
  });

  r.get('/api/v1/Intacct/itemGLGroup', {
    config: { access: area('Item GL Group') },
    schema: { operationId: 'listItemGlGroups', summary: 'Item GL groups with the account each posts to', tags, response: { 200: z.array(itemGlGroupSchema) } },
    handler: (req) => listItemGlGroups(ctx(req)),
  });
  r.post('/api/v1/Intacct/itemGLGroup', {
    config: { access: area('Item GL Group', 'write') },
    schema: { operationId: 'createItemGlGroup', summary: 'Add an item GL group', tags, body: itemGlGroupBody, response: { 200: itemGlGroupSchema } },
    handler: (req) => createItemGlGroup(ctx(req), req.body),
  });
  r.put('/api/v1/Intacct/itemGLGroup/:itemGlGroupId', {
    config: { access: area('Item GL Group', 'write') },
    schema: { operationId: 'updateItemGlGroup', summary: 'Change an item GL group', tags, params: itemGlGroupParams, body: itemGlGroupBody, response: { 200: itemGlGroupSchema } },
    handler: (req) => updateItemGlGroup(ctx(req), req.params.itemGlGroupId, req.body),
  });
  r.delete('/api/v1/Intacct/itemGLGroup/:itemGlGroupId', {
    config: { access: area('Item GL Group', 'write') },
    schema: { operationId: 'deleteItemGlGroup', summary: 'Remove an item GL group', tags, params: itemGlGroupParams, response: { 200: messageAnswer } },
    handler: (req) => deleteItemGlGroup(ctx(req), req.params.itemGlGroupId),
  });

  r.get('/api/v1/Intacct/additionalLineItem', {
    config: { access: area('Additional Line Items') },
    schema: { operationId: 'listAdditionalLineItems', summary: 'Additional line items with their account and department', tags, response: { 200: z.array(additionalLineItemSchema) } },
    handler: (req) => listAdditionalLineItems(ctx(req)),
  });
  r.post('/api/v1/Intacct/additionalLineItem', {
    config: { access: area('Additional Line Items', 'write') },
    schema: { operationId: 'createAdditionalLineItem', summary: 'Add an additional line item', tags, body: additionalLineItemBody, response: { 200: additionalLineItemSchema } },
    handler: (req) => createAdditionalLineItem(ctx(req), req.body),
  });
  r.put('/api/v1/Intacct/additionalLineItem/:additionalLineItemId', {
    config: { access: area('Additional Line Items', 'write') },
    schema: {
      operationId: 'updateAdditionalLineItem', summary: 'Change an additional line item', tags, params: additionalLineItemParams, body: additionalLineItemBody, response: { 200: additionalLineItemSchema },
    },
    handler: (req) => updateAdditionalLineItem(ctx(req), req.params.additionalLineItemId, req.body),
  });
  r.delete('/api/v1/Intacct/additionalLineItem/:additionalLineItemId', {
    config: { access: area('Additional Line Items', 'write') },
    schema: { operationId: 'deleteAdditionalLineItem', summary: 'Remove an additional line item', tags, params: additionalLineItemParams, response: { 200: messageAnswer } },
    handler: (req) => deleteAdditionalLineItem(ctx(req), req.params.additionalLineItemId),
  });

  r.get('/api/v1/Intacct/lineKindAccounts', {
    config: { access: area('Billing') },
    schema: { operationId: 'listLineKindAccounts', summary: 'Every kind of line the product posts, with the account it posts to or none yet', tags, response: { 200: z.array(lineKindAccountSchema) } },
    handler: (req) => listLineKindAccounts(ctx(req)),
  });
  r.put('/api/v1/Intacct/lineKindAccounts/:lineKind', {
    config: { access: area('Billing', 'write') },
    schema: { operationId: 'mapLineKind', summary: 'Map a kind of line to a GL account (and a department)', tags, params: lineKindParams, body: lineKindAccountBody, response: { 200: z.array(lineKindAccountSchema) } },
    handler: (req) => mapLineKind(ctx(req), req.params.lineKind, req.body),
  });
  r.delete('/api/v1/Intacct/lineKindAccounts/:lineKind', {
    config: { access: area('Billing', 'write') },
    schema: { operationId: 'unmapLineKind', summary: 'Unmap a kind of line', tags, params: lineKindParams, response: { 200: z.array(lineKindAccountSchema) } },
    handler: (req) => unmapLineKind(ctx(req), req.params.lineKind),
  });
}
