import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createFlagReminderBody, flagReminderHelpBody, flagReminderParams, flagRemindersAnswer, flagReminderWorkOrderParams, managerDetailsAnswer,
  updateFlagReminderBody, workOrderFlagRemindersAnswer,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { listMyTeamLeaders } from '../../platform/users/users.service';
import {
  acknowledgeFlagReminder, askFlagReminderHelp, cancelFlagReminder, createFlagReminder, myFlagReminders, workOrderFlagReminders,
} from './flag-reminders.service';

/**
 * Flag reminders (spec platform 3.8, 4.5, 7.1): the office sets a flag with a time on a work order; at that time the
 * job runner gives each assigned technician a notice, which they acknowledge or answer with a call for help.
 */
export function flagRemindersRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Flag reminders'];
  r.post('/api/v1/FlagReminder/create', {
    config: { access: area('Work Orders', 'write') },
    schema: {
      operationId: 'createFlagReminder',
      summary: "Put a flag with a reminder time on a work order; its technicians get a notice at that time",
      tags,
      body: createFlagReminderBody,
      response: { 200: workOrderFlagRemindersAnswer },
    },
    handler: (req) => createFlagReminder(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/FlagReminder/workOrder/:workOrderId', {
    config: { access: area('Work Orders') },
    schema: { operationId: 'getWorkOrderFlagReminders', summary: "A work order's flag reminders, with who acknowledged each and who asked for help", tags, params: flagReminderWorkOrderParams, response: { 200: workOrderFlagRemindersAnswer } },
    handler: (req) => workOrderFlagReminders(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.delete('/api/v1/FlagReminder/:flagReminderId', {
    config: { access: area('Work Orders', 'write'), errors: [409] },
    schema: { operationId: 'cancelFlagReminder', summary: 'Take back a reminder that has not been sent yet', tags, params: flagReminderParams, response: { 200: workOrderFlagRemindersAnswer } },
    handler: (req) => cancelFlagReminder(ctxOf(req, deps.db), req.access!, req.params.flagReminderId),
  });
  r.get('/api/v1/FlagReminder/getFlagReminders', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'getFlagReminders', summary: "The caller's flag reminder notices not yet acknowledged, oldest first", tags, response: { 200: flagRemindersAnswer } },
    handler: (req) => myFlagReminders(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/FlagReminder/updateFlagReminder', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'updateFlagReminder', summary: 'Acknowledge one of the caller\'s flag reminder notices', tags, body: updateFlagReminderBody, response: { 200: flagRemindersAnswer } },
    handler: (req) => acknowledgeFlagReminder(ctxOf(req, deps.db), req.body.flagReminderId),
  });
  r.post('/api/v1/FlagReminder/flagReminderHelp', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'flagReminderHelp', summary: 'Ask the team leaders for help with a flag reminder', tags, body: flagReminderHelpBody, response: { 200: flagRemindersAnswer } },
    handler: (req) => askFlagReminderHelp(ctxOf(req, deps.db), req.body.flagReminderId, req.body.message),
  });
  r.get('/api/v1/FlagReminder/managerDetails', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'getManagerDetails', summary: "The caller's managers: the company's team leaders, to call about a reminder", tags, response: { 200: managerDetailsAnswer } },
    handler: async (req) => (await listMyTeamLeaders(ctxOf(req, deps.db))).map((l) => ({ managerId: l.userId, managerName: l.name, phone: l.phone, email: l.email })),
  });
}
