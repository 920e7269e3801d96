import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerTagBody, salesCustomerParams, salesListQuery, salesQuotesAnswer, salesTagBody, salesTagLinkParams, salesTagLinkSchema, salesTagLinksQuery, salesTagParams, salesTagSchema,
  salesTeamBody, salesTeamSchema, salesUserSchema, salesWorkOrderParams, salesWorkOrdersAnswer, workOrderSaleBody, workOrderSaleSchema, workOrderTagBody,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { listSalesQuotes, listSalesWorkOrders } from './sales-lists.service';
import { addSalesTag, addSalesTagLink, listSalesTagLinks, listSalesTags, removeSalesTagLink } from './sales-tags.service';
import { getSalesTeam, getWorkOrderSale, listSalesPeople, setSalesTeam, setWorkOrderSale } from './sales-team.service';

const TEAM = { customerId: 1, customerName: 'FreshMart Grocers Inc.', salesPerson: { id: 11, name: 'Ben Carter' }, salesManager: { id: 12, name: 'Harper Quinn' }, previousSalesPerson: null, territorySales: null };
const SALE = { workOrderId: 40, workOrderNumber: '240001', salesPerson: { id: 11, name: 'Ben Carter' }, salesItem: null, isCommissionable: true };
const WORK_ORDER = {
  workOrderId: 40, workOrderNumber: '240001', customerName: 'FreshMart #112 Lakewood', billingCustomerName: 'FreshMart Grocers Inc.', status: 'Invoice Submitted', salesPerson: 'Ben Carter',
  isCommissionable: true, invoiceNumber: 1001, invoiceTotal: 1193.58, createdAt: '2026-11-02T14:00:00.000Z',
};
const QUOTE = { quoteId: 5, quoteNumber: 3001, version: 1, title: 'New condenser', status: 'Open', customerName: 'FreshMart #112 Lakewood', workOrderNumber: '240001', createdAt: '2026-11-02T14:00:00.000Z' };
const TAG = { salesTagId: 21, name: 'Call Back in Spring', color: 'orange' as const, customerCount: 2, workOrderCount: 1 };
const LINK = { salesTagLinkId: 4, salesTagId: 21, tagName: 'Call Back in Spring', color: 'orange' as const, customerId: 1, workOrderId: null, workOrderNumber: null, label: 'FreshMart Grocers Inc.', note: 'Second store', taggedBy: 'Ben Carter', taggedAt: '2026-11-02T14:00:00.000Z' };

/**
 * Sales (spec platform 2.1 /sales/work-order, /sales/quotes, /sales/tags): the account team of a billing customer and
 * the sale of a work order (Change SalesPerson, Change Commissionable), the sales person's work orders (Sales
 * WorkOrders) and his customers' quotes (Sales Quotes), everyone's with All Sales Reports, and the follow-up tags (Tags).
 */
export function salesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sales'];
  r.get('/api/v1/Sales/people', {
    config: { access: area('Customers') },
    schema: { operationId: 'listSalesPeople', summary: 'The company\'s active users with a sales role, for the pickers', tags, response: { 200: z.array(salesUserSchema).meta({ example: [{ id: 11, name: 'Ben Carter' }] }) } },
    handler: (req) => listSalesPeople(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Sales/customers/:customerId/team', {
    config: { access: area('Customers'), errors: [404] },
    schema: { operationId: 'getSalesTeam', summary: 'A billing customer\'s sales person, manager, previous sales person and territory', tags, params: salesCustomerParams, response: { 200: salesTeamSchema.meta({ example: TEAM }) } },
    handler: (req) => { const ctx = ctxOf(req, deps.db); return getSalesTeam(ctx, ctx.db, req.params.customerId); },
  });
  r.put('/api/v1/Sales/customers/:customerId/team', {
    config: { access: area('Customers', 'write', 'Change SalesPerson'), errors: [404] },
    schema: {
      operationId: 'setSalesTeam', summary: 'Set a billing customer\'s sales team', description: 'A new sales person moves the one before to Previous Sales Person unless the body names one. Audited.',
      tags, params: salesCustomerParams, body: salesTeamBody, response: { 200: salesTeamSchema.meta({ example: TEAM }) },
    },
    handler: (req) => setSalesTeam(ctxOf(req, deps.db), req.params.customerId, req.body),
  });
  r.get('/api/v1/Sales/workOrders/:workOrderId', {
    config: { access: area('Work Orders'), errors: [404] },
    schema: { operationId: 'getWorkOrderSale', summary: 'Who sold a work order, what was sold and whether it earns commissions', tags, params: salesWorkOrderParams, response: { 200: workOrderSaleSchema.meta({ example: SALE }) } },
    handler: (req) => { const ctx = ctxOf(req, deps.db); return getWorkOrderSale(ctx, ctx.db, req.params.workOrderId); },
  });
  r.put('/api/v1/Sales/workOrders/:workOrderId', {
    config: { access: area('Work Orders', 'write'), errors: [404] },
    schema: {
      operationId: 'setWorkOrderSale', summary: 'Change who sold a work order (Change SalesPerson) or whether it earns commissions (Change Commissionable)',
      tags, params: salesWorkOrderParams, body: workOrderSaleBody, response: { 200: workOrderSaleSchema.meta({ example: SALE }) },
    },
    handler: (req) => setWorkOrderSale(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body),
  });
  r.get('/api/v1/Sales/workOrders', {
    config: { access: area('Work Orders', 'read', 'Sales WorkOrders') },
    schema: { operationId: 'listSalesWorkOrders', summary: 'The work orders the caller sold (everyone\'s with All Sales Reports), newest first', tags, querystring: salesListQuery, response: { 200: salesWorkOrdersAnswer.meta({ example: { data: [WORK_ORDER], total: 1 } }) } },
    handler: (req) => listSalesWorkOrders(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/Sales/quotes', {
    config: { access: area('Quotes', 'read', 'Sales Quotes') },
    schema: { operationId: 'listSalesQuotes', summary: 'The quotes of the caller\'s customers (everyone\'s with All Sales Reports), newest first', tags, querystring: salesListQuery, response: { 200: salesQuotesAnswer.meta({ example: { data: [QUOTE], total: 1 } }) } },
    handler: (req) => listSalesQuotes(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/Sales/tags', {
    config: { access: area('Tags') },
    schema: { operationId: 'listFollowUpTags', summary: 'The sales tags in use, with how many customers and work orders carry each', tags, response: { 200: z.array(salesTagSchema).meta({ example: [TAG] }) } },
    handler: (req) => listSalesTags(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/Sales/tags', {
    config: { access: area('Tags', 'write'), errors: [409] },
    schema: { operationId: 'createFollowUpTag', summary: 'Add a sales tag', tags, body: salesTagBody, response: { 200: salesTagSchema.meta({ example: TAG }) } },
    handler: (req) => addSalesTag(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/Sales/tagLinks', {
    config: { access: area('Tags'), errors: [404] },
    schema: { operationId: 'listSalesTagLinks', summary: 'The customers and work orders carrying tags, newest first; one tag\'s or the caller\'s own when asked', tags, querystring: salesTagLinksQuery, response: { 200: z.array(salesTagLinkSchema).meta({ example: [LINK] }) } },
    handler: (req) => listSalesTagLinks(ctxOf(req, deps.db), req.query),
  });
  r.post('/api/v1/Sales/tags/:salesTagId/customers', {
    config: { access: area('Tags', 'write'), errors: [404, 409] },
    schema: { operationId: 'tagCustomer', summary: 'Put a tag on a customer, with what to follow up', tags, params: salesTagParams, body: customerTagBody, response: { 200: salesTagLinkSchema.meta({ example: LINK }) } },
    handler: (req) => addSalesTagLink(ctxOf(req, deps.db), req.params.salesTagId, { customerId: req.body.customerId, note: req.body.note }),
  });
  r.post('/api/v1/Sales/tags/:salesTagId/workOrders', {
    config: { access: area('Tags', 'write'), errors: [404, 409] },
    schema: { operationId: 'tagWorkOrder', summary: 'Put a tag on a work order, with what to follow up', tags, params: salesTagParams, body: workOrderTagBody, response: { 200: salesTagLinkSchema.meta({ example: { ...LINK, customerId: null, workOrderId: 40, workOrderNumber: '240001', label: 'Work order 240001' } }) } },
    handler: (req) => addSalesTagLink(ctxOf(req, deps.db), req.params.salesTagId, { workOrderId: req.body.workOrderId, note: req.body.note }),
  });
  r.delete('/api/v1/Sales/tags/:salesTagId/links/:salesTagLinkId', {
    config: { access: area('Tags', 'write'), errors: [404] },
    schema: { operationId: 'removeSalesTagLink', summary: 'Take a tag off a customer or a work order', tags, params: salesTagLinkParams, response: { 200: z.object({ id: z.number() }).meta({ example: { id: 4 } }) } },
    handler: (req) => removeSalesTagLink(ctxOf(req, deps.db), req.params.salesTagId, req.params.salesTagLinkId),
  });
}
