import { z } from 'zod';
import { idOf, idParam, optionalText, requiredText } from './common';

export * from '../sop-rules';

/**
 * Standard operating procedures (spec platform 2.1 administration sop, 2.7, 3.10, 3.11, 4.5, 7.3): the office writes
 * an SOP (type, status, what to do and a checklist of steps) and assigns it to people. Each assignee gets an SOP
 * notification to acknowledge and a task-list notification for each step; the office sees who acknowledged what.
 */

const MAX_STEPS = 50;
const MAX_ASSIGNEES = 500;

export const sopStepBody = z.object({
  stepCheckListId: idOf('Step').nullish().meta({ description: 'The step being kept or changed; absent for a new step' }),
  checklistItem: requiredText('Checklist Item', 300),
});

/** `POST SOPDetails` and `PUT SOPDetails/{id}`: the SOP, its checklist in order, and whom it is assigned to. */
export const sopDetailBody = z
  .object({
    sopName: requiredText('SOP Name', 150),
    sopTypeId: idOf('SOP Type'),
    sopStatusId: idOf('SOP Status'),
    description: optionalText('Description', 4000).nullish(),
    steps: z.array(sopStepBody, { error: 'Steps must be a list.' }).max(MAX_STEPS, `An SOP has at most ${MAX_STEPS} steps.`).default([]),
    assignedUserIds: z
      .array(idOf('Assigned user'), { error: 'Assigned users must be a list.' })
      .max(MAX_ASSIGNEES, `An SOP is assigned to at most ${MAX_ASSIGNEES} people at once.`)
      .default([])
      .refine((ids) => new Set(ids).size === ids.length, 'A person is assigned only once.'),
  })
  .meta({
    example: {
      sopName: 'Walk-in cooler lock-out',
      sopTypeId: 1,
      sopStatusId: 4,
      description: 'Before opening any panel of a walk-in cooler, lock out the compressor and tag it.',
      steps: [{ checklistItem: 'Switch off and lock the disconnect' }, { checklistItem: 'Tag the lock with your name and the time' }],
      assignedUserIds: [4, 5],
    },
  });
export type SopDetailBody = z.input<typeof sopDetailBody>;

export const sopDetailParams = z.object({ sopDetailId: idParam('SOP') });

/** One SOP as the office edits it. */
export const sopDetailSchema = z.object({
  sopDetailId: z.number(),
  sopName: z.string(),
  sopTypeId: z.number(),
  sopType: z.string(),
  sopStatusId: z.number(),
  sopStatus: z.string(),
  description: z.string().nullable(),
  steps: z.array(z.object({ stepCheckListId: z.number(), checklistItem: z.string() })),
  assignedUserIds: z.array(z.number()),
  createdDate: z.string(),
  modifiedDate: z.string().nullable(),
});
export type SopDetail = z.output<typeof sopDetailSchema>;

/** A row of the office's SOP list: with how many people it is assigned to and how many acknowledged it. */
export const sopDetailRowSchema = sopDetailSchema.omit({ steps: true, assignedUserIds: true }).extend({ stepCount: z.number(), assignedCount: z.number(), acknowledgedCount: z.number() });
export type SopDetailRow = z.output<typeof sopDetailRowSchema>;
export const sopDetailListAnswer = z.array(sopDetailRowSchema);

/** An SOP notification's detail (spec platform 3.10). */
export const sopNotificationDetailSchema = z.object({
  sopDetailId: z.number(),
  sopName: z.string(),
  sopType: z.string(),
  sopStatus: z.string(),
  description: z.string().nullable(),
  assignedToUser: z.string(),
  createdDate: z.string().meta({ description: 'When it was assigned to the caller' }),
  modifiedDate: z.string().nullable().meta({ description: 'When the SOP last changed' }),
});
export type SopNotificationDetail = z.output<typeof sopNotificationDetailSchema>;

/** `getNotificationDetails`: isAcknowledge is 1 when nothing waits, and the SOPs waiting for the caller. */
export const sopNotificationAnswer = z
  .object({ isAcknowledge: z.union([z.literal(0), z.literal(1)]), sopNotificationDetails: z.array(sopNotificationDetailSchema) })
  .meta({
    example: {
      isAcknowledge: 0,
      sopNotificationDetails: [
        { sopDetailId: 2, sopName: 'Walk-in cooler lock-out', sopType: 'Safety', sopStatus: 'Assigned', description: 'Lock out the compressor first.', assignedToUser: 'Tom Alvarez', createdDate: '2026-11-26T14:05:00.000Z', modifiedDate: null },
      ],
    },
  });
export type SopNotifications = z.output<typeof sopNotificationAnswer>;

/** A task-list (SOP checklist) notification (spec platform 3.11). */
export const sopCheckListNotificationSchema = z.object({
  checkListNotificationId: z.number(),
  stepCheckListId: z.number(),
  checklistItem: z.string(),
  sopDetailId: z.number(),
  sopName: z.string(),
  assignedToUser: z.string(),
  assignedToUserId: z.number(),
  registeredUserId: z.number().nullable().meta({ description: 'Who assigned it' }),
  registeredUserName: z.string().nullable(),
  createdDate: z.string(),
  modifiedDate: z.string().nullable(),
});
export type SopCheckListNotification = z.output<typeof sopCheckListNotificationSchema>;

export const sopCheckListAnswer = z
  .object({ checkListNotifications: z.array(sopCheckListNotificationSchema), count: z.number() })
  .meta({
    example: {
      checkListNotifications: [
        {
          checkListNotificationId: 9, stepCheckListId: 3, checklistItem: 'Switch off and lock the disconnect', sopDetailId: 2, sopName: 'Walk-in cooler lock-out',
          assignedToUser: 'Tom Alvarez', assignedToUserId: 4, registeredUserId: 1, registeredUserName: 'Alicia Moreno', createdDate: '2026-11-26T14:05:00.000Z', modifiedDate: null,
        },
      ],
      count: 1,
    },
  });
export type SopCheckList = z.output<typeof sopCheckListAnswer>;

export const acknowledgeCheckListBody = z.object({ checkListNotificationId: idOf('Checklist notification') }).meta({ example: { checkListNotificationId: 9 } });

/** `usersAcknowledgedSopDetails`: each assignment, acknowledged or not, with its checklist progress. */
export const sopAcknowledgementSchema = z.object({
  sopDetailId: z.number(),
  sopName: z.string(),
  sopType: z.string(),
  userId: z.number(),
  userName: z.string(),
  assignedDate: z.string(),
  acknowledgedDate: z.string().nullable(),
  stepsDone: z.number(),
  stepCount: z.number(),
});
export type SopAcknowledgement = z.output<typeof sopAcknowledgementSchema>;
export const sopAcknowledgementsAnswer = z.array(sopAcknowledgementSchema);
export const sopAcknowledgementsQuery = z.object({ sopDetailId: idParam('SOP').optional() });

/** People an SOP can be assigned to: the company's active staff. */
export const sopAssignableUsersAnswer = z.array(z.object({ userId: z.number(), name: z.string() }));
