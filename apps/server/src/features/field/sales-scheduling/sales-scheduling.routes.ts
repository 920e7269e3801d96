import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteSalesTaskQuery, moveSalesTaskBody, salesCustomerSchema, salesCustomersQuery, salesPersonSchema, salesTaskRangeQuery, salesTaskSchema,
  saveSalesTaskBody, scheduleItemParams, schedulerIdAnswer,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { deleteSalesTask, moveSalesTask, saveSalesTask } from './sales-task-save.service';
import { listSalesCustomers, listSalesPersons, listSalesTasks } from './sales-tasks.service';

/**
 * The sales scheduler (spec platform 2.1 `/sales/scheduler`, clock 3 "Scheduler task"): sales people plan their own
 * tasks for customers; sales managers (and whoever sees all users) plan everyone's. Reads need the 'Sales Scheduler'
 * area's read, changes its write.
 */
export function salesSchedulingRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['SalesScheduler'];
  const read = area('Sales Scheduler');
  const write = area('Sales Scheduler', 'write');
  r.get('/api/v1/SalesScheduler/items', {
    config: { access: read },
    schema: { summary: 'Sales tasks that overlap a range, series expanded', tags, querystring: salesTaskRangeQuery, response: { 200: z.array(salesTaskSchema) } },
    handler: (req) => listSalesTasks(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/SalesScheduler/salesPersons', {
    config: { access: read },
    schema: { summary: 'Sales people the caller may plan for', tags, response: { 200: z.array(salesPersonSchema) } },
    handler: (req) => listSalesPersons(ctxOf(req, deps.db), req.access!),
  });
  r.get('/api/v1/SalesScheduler/customers', {
    config: { access: read },
    schema: { summary: "Customers for the sales task form's picker", tags, querystring: salesCustomersQuery, response: { 200: z.array(salesCustomerSchema) } },
    handler: (req) => listSalesCustomers(ctxOf(req, deps.db), req.query),
  });
  r.post('/api/v1/SalesScheduler/save', {
    config: { access: write },
    schema: { summary: 'Create or change a sales task or series', tags, body: saveSalesTaskBody, response: { 200: schedulerIdAnswer } },
    handler: (req) => saveSalesTask(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/SalesScheduler/move', {
    config: { access: write },
    schema: { summary: 'Move or resize a sales task, one occurrence or the series', tags, body: moveSalesTaskBody, response: { 200: schedulerIdAnswer } },
    handler: (req) => moveSalesTask(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.delete('/api/v1/SalesScheduler/:schedulerId', {
    config: { access: write },
    schema: { summary: 'Delete a sales task, a series or one occurrence', tags, params: scheduleItemParams, querystring: deleteSalesTaskQuery, response: { 200: schedulerIdAnswer } },
    handler: (req) => deleteSalesTask(ctxOf(req, deps.db), req.access!, req.params.schedulerId, req.query),
  });
}
