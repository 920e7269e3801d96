import { z } from 'zod';
import { isoInstant } from './clock';
import { idOf, idParam, optionalText, requiredText } from './common';

/**
 * Flag reminders (spec platform 3.8, 4.5, 7.1): a flag on a work order with a time; at that time each technician
 * assigned to the work order gets a notice, live and in the notices panel, to acknowledge or to ask for help.
 */
export const createFlagReminderBody = z
  .object({
    workOrderId: idOf('Work order'),
    flagId: idOf('Flag'),
    flagReminderTime: isoInstant('Reminder Time'),
    reminderDescription: requiredText('Reminder Description', 500),
  })
  .meta({ example: { workOrderId: 240016, flagId: 3, flagReminderTime: '2026-11-26T15:30:00Z', reminderDescription: 'Call the store manager before leaving: the walk-in must be at 38 °F.' } });
export type CreateFlagReminderBody = z.input<typeof createFlagReminderBody>;

/** A notice of a fired reminder as its technician reads it (spec platform 3.8). */
export const flagReminderSchema = z.object({
  flagReminderId: z.number(),
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  isSubWorkOrder: z.boolean(),
  parentWorkOrderNumber: z.string().nullable(),
  subWONumber: z.string().nullable(),
  taskNumber: z.string().nullable(),
  flagReminderTime: z.string(),
  isAcknowledged: z.boolean(),
  isHelpRequested: z.boolean(),
  userId: z.number(),
  userName: z.string(),
  flagId: z.number(),
  workOrderFlagName: z.string(),
  reminderDescription: z.string(),
});
export type FlagReminder = z.output<typeof flagReminderSchema>;

export const flagRemindersAnswer = z.array(flagReminderSchema).meta({
  example: [
    {
      flagReminderId: 7, workOrderId: 240016, workOrderNumber: '240016', isSubWorkOrder: false, parentWorkOrderNumber: null, subWONumber: null, taskNumber: null,
      flagReminderTime: '2026-11-26T15:30:00.000Z', isAcknowledged: false, isHelpRequested: false, userId: 4, userName: 'tech', flagId: 3,
      workOrderFlagName: 'Needs Second Visit', reminderDescription: 'Call the store manager before leaving.',
    },
  ],
});

export const updateFlagReminderBody = z
  .object({
    flagReminderId: idOf('Flag reminder'),
    isAcknowledged: z.literal(true, { error: 'Is Acknowledged must be true: a notice is acknowledged once.' }),
  })
  .meta({ example: { flagReminderId: 7, isAcknowledged: true } });

export const flagReminderHelpBody = z
  .object({ flagReminderId: idOf('Flag reminder'), message: optionalText('Message', 1000).nullish() })
  .meta({ example: { flagReminderId: 7, message: 'The manager is not on site; who else can sign off?' } });

/** A reminder of a work order as the office sees it: when, what, and each notice with its answer. */
export const workOrderFlagReminderSchema = z.object({
  flagReminderId: z.number(),
  flagId: z.number(),
  workOrderFlagName: z.string(),
  flagReminderTime: z.string(),
  reminderDescription: z.string(),
  status: z.enum(['Waiting', 'Sent', 'Cancelled']),
  createdBy: z.string().nullable(),
  notices: z.array(z.object({ userId: z.number(), userName: z.string(), acknowledgedAt: z.string().nullable(), helpRequestedAt: z.string().nullable(), helpMessage: z.string().nullable() })),
});
export type WorkOrderFlagReminder = z.output<typeof workOrderFlagReminderSchema>;
export const workOrderFlagRemindersAnswer = z.array(workOrderFlagReminderSchema);

export const flagReminderParams = z.object({ flagReminderId: idParam('Flag reminder') });
export const flagReminderWorkOrderParams = z.object({ workOrderId: idParam('Work order') });

/** `managerDetails` (spec platform 3.9): the caller's managers, the team leaders over them. */
export const managerDetailsAnswer = z.array(z.object({ managerId: z.number(), managerName: z.string(), phone: z.string().nullable(), email: z.string().nullable() }));
