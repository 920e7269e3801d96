import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteScheduleItemQuery, moveScheduleItemBody, saveScheduleItemBody, scheduleHistoryEntrySchema, scheduleItemParams, scheduleItemSchema,
  scheduleRangeQuery, schedulerIdAnswer, schedulerTechnicianSchema, schedulerWorkOrderSchema, schedulerWorkOrdersQuery,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { deleteScheduleItem, moveScheduleItem } from './schedule-change.service';
import { listScheduleItems, scheduleItemHistory } from './schedule-items.service';
import { saveScheduleItem } from './schedule-save.service';
import { listSchedulerTechnicians, listSchedulerWorkOrders } from './scheduler-lookups.service';

/** The schedule (contract "Scheduling"): technicians read their own; dispatchers, team leaders and admins plan. */
export function schedulingRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Scheduler'];
  const write = area('Scheduler', 'write');
  r.get('/api/v1/Scheduler/items', {
    config: { access: area('Scheduler') },
    schema: { summary: 'Schedule items that overlap a range, series expanded', tags, querystring: scheduleRangeQuery, response: { 200: z.array(scheduleItemSchema) } },
    handler: (req) => listScheduleItems(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.get('/api/v1/Scheduler/technicians', {
    config: { access: area('Scheduler') },
    schema: { summary: 'Technicians the caller may schedule', tags, response: { 200: z.array(schedulerTechnicianSchema) } },
    handler: (req) => listSchedulerTechnicians(ctxOf(req, deps.db), req.access!),
  });
  r.get('/api/v1/Scheduler/workOrders', {
    config: { access: area('Scheduler') },
    schema: { summary: "Work orders for the schedule form's picker", tags, querystring: schedulerWorkOrdersQuery, response: { 200: z.array(schedulerWorkOrderSchema) } },
    handler: (req) => listSchedulerWorkOrders(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.post('/api/v1/Scheduler/save', {
    config: { access: write },
    schema: { summary: 'Create or change a schedule item or series', tags, body: saveScheduleItemBody, response: { 200: schedulerIdAnswer } },
    handler: (req) => saveScheduleItem(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/Scheduler/appointment', {
    config: { access: write },
    schema: { summary: 'Move or resize a schedule item, one occurrence or the series', tags, body: moveScheduleItemBody, response: { 200: schedulerIdAnswer } },
    handler: (req) => moveScheduleItem(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.delete('/api/v1/Scheduler/:schedulerId', {
    config: { access: write },
    schema: { summary: 'Delete a schedule item, a series or one occurrence', tags, params: scheduleItemParams, querystring: deleteScheduleItemQuery, response: { 200: schedulerIdAnswer } },
    handler: (req) => deleteScheduleItem(ctxOf(req, deps.db), req.access!, req.params.schedulerId, req.query),
  });
  r.get('/api/v1/Scheduler/:schedulerId/history', {
    config: { access: area('Scheduler') },
    schema: { summary: 'History of a schedule item', tags, params: scheduleItemParams, response: { 200: z.array(scheduleHistoryEntrySchema) } },
    handler: (req) => scheduleItemHistory(ctxOf(req, deps.db), req.access!, req.params.schedulerId),
  });
}
