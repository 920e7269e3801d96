import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  additionalLineItemBody, additionalLineItemParams, additionalLineItemSchema, departmentBody, departmentParams, departmentSchema, glAccountBody, glAccountParams,
  glAccountSchema, intacctAccountBody, intacctAccountSchema, itemGlGroupBody, itemGlGroupParams, itemGlGroupSchema, lineKindAccountBody, lineKindAccountSchema,
  lineKindParams, messageAnswer, refreshAnswer,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { getIntacctAccount, saveIntacctAccount } from './intacct-account.service';
import { createChartRow, deleteChartRow, listChart, refreshChart, updateChartRow } from './intacct-chart.service';
import {
  createAdditionalLineItem, createItemGlGroup, deleteAdditionalLineItem, deleteItemGlGroup, listAdditionalLineItems, listItemGlGroups, listLineKindAccounts,
  mapLineKind, unmapLineKind, updateAdditionalLineItem, updateItemGlGroup,
} from './intacct-mapping.service';

const ACCOUNT_EXAMPLE = {
  isConfigured: true, endpointUrl: 'https://api.intacct.com/ia/xml/xmlgw.phtml', senderId: 'SM-PARTNER', companyId: 'POLAR', userId: 'xml_gateway', isEnabled: true,
  hasSenderPassword: true, hasUserPassword: true, updatedBy: 'Ada Admin', updatedAt: '2026-11-25T15:04:05.000Z',
};
/** Errors of a call that reaches Intacct: refused (422), failed (502) or silent (504), and not set up (409). */
const INTACCT_ERRORS = [409, 422, 502, 504] as const;

/**
 * Administration intacct/*: the company's Intacct credentials, the chart of accounts and the departments (kept here,
 * refreshed from Intacct), item GL groups, additional line items, and the account each kind of line posts to. Each
 * list has the permission area the spec names for it; the credentials and the line mapping are Billing's.
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

  r.get('/api/v1/Intacct/chartOfAccount', {
    config: { access: area('Chart Of Accounts') },
    schema: { operationId: 'listGlAccounts', summary: 'The GL accounts kept from Intacct or typed here, by number', tags, response: { 200: z.array(glAccountSchema) } },
    handler: (req) => listChart(ctx(req), 'glAccounts'),
  });
  r.post('/api/v1/Intacct/chartOfAccount', {
    config: { access: area('Chart Of Accounts', 'write') },
    schema: { operationId: 'createGlAccount', summary: 'Add a GL account by hand', tags, body: glAccountBody, response: { 200: glAccountSchema } },
    handler: (req) => createChartRow(ctx(req), 'glAccounts', req.body),
  });
  r.post('/api/v1/Intacct/chartOfAccount/refresh', {
    config: { access: area('Chart Of Accounts', 'write'), errors: INTACCT_ERRORS },
    schema: { operationId: 'refreshGlAccounts', summary: 'Refresh from Intacct: read GLACCOUNT and keep what is new or changed', tags, response: { 200: refreshAnswer(glAccountSchema) } },
    handler: (req) => refreshChart(ctx(req), 'glAccounts'),
  });
  r.put('/api/v1/Intacct/chartOfAccount/:glAccountId', {
    config: { access: area('Chart Of Accounts', 'write') },
    schema: { operationId: 'updateGlAccount', summary: 'Change a GL account', tags, params: glAccountParams, body: glAccountBody, response: { 200: glAccountSchema } },
    handler: (req) => updateChartRow(ctx(req), 'glAccounts', req.params.glAccountId, req.body),
  });
  r.delete('/api/v1/Intacct/chartOfAccount/:glAccountId', {
    config: { access: area('Chart Of Accounts', 'write'), errors: [409] },
    schema: { operationId: 'deleteGlAccount', summary: 'Remove a GL account nothing maps to', tags, params: glAccountParams, response: { 200: messageAnswer } },
    handler: (req) => deleteChartRow(ctx(req), 'glAccounts', req.params.glAccountId),
  });

  r.get('/api/v1/Intacct/departments', {
    config: { access: area('Departments') },
    schema: { operationId: 'listIntacctDepartments', summary: 'The departments kept from Intacct or typed here', tags, response: { 200: z.array(departmentSchema) } },
    handler: (req) => listChart(ctx(req), 'departments'),
  });
  r.post('/api/v1/Intacct/departments', {
    config: { access: area('Departments', 'write') },
    schema: { operationId: 'createIntacctDepartment', summary: 'Add a department by hand', tags, body: departmentBody, response: { 200: departmentSchema } },
    handler: (req) => createChartRow(ctx(req), 'departments', req.body),
  });
  r.post('/api/v1/Intacct/departments/refresh', {
    config: { access: area('Departments', 'write'), errors: INTACCT_ERRORS },
    schema: { operationId: 'refreshIntacctDepartments', summary: 'Refresh from Intacct: read DEPARTMENT and keep what is new or changed', tags, response: { 200: refreshAnswer(departmentSchema) } },
    handler: (req) => refreshChart(ctx(req), 'departments'),
  });
  r.put('/api/v1/Intacct/departments/:departmentId', {
    config: { access: area('Departments', 'write') },
    schema: { operationId: 'updateIntacctDepartment', summary: 'Change a department', tags, params: departmentParams, body: departmentBody, response: { 200: departmentSchema } },
    handler: (req) => updateChartRow(ctx(req), 'departments', req.params.departmentId, req.body),
  });
  r.delete('/api/v1/Intacct/departments/:departmentId', {
    config: { access: area('Departments', 'write'), errors: [409] },
    schema: { operationId: 'deleteIntacctDepartment', summary: 'Remove a department nothing maps to', tags, params: departmentParams, response: { 200: messageAnswer } },
    handler: (req) => deleteChartRow(ctx(req), 'departments', req.params.departmentId),
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
