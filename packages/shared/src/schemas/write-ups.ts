import { z } from 'zod';
import { idOf, requiredText } from './common';
import { gridAnswer, gridRequestSchema } from './grid';

/**
 * Write-ups (spec platform 3.9, 4.5, 7.1): a manager writes an employee up, about a work order and one of its flags
 * when there is one; the employee and the company's team leaders each get a notice, which each dismisses. Saved
 * with POST when new and PUT when it exists; an edit shows it to the employee again.
 */
const writeUpFields = {
  userId: idOf('Employee'),
  workOrderId: idOf('Work order').nullish(),
  flagId: idOf('Flag').nullish(),
  writeUpDescription: requiredText('Write-Up Description', 2000),
};

export const createWriteUpBody = z
  .object(writeUpFields)
  .meta({ example: { userId: 4, workOrderId: 240016, flagId: 12, writeUpDescription: 'Left the site without the customer signature on the ticket, the second time this month.' } });
export type CreateWriteUpBody = z.input<typeof createWriteUpBody>;

export const updateWriteUpBody = z
  .object({ writeUpId: idOf('Write-up'), ...writeUpFields })
  .meta({ example: { writeUpId: 3, userId: 4, workOrderId: 240016, flagId: 12, writeUpDescription: 'Left the site without the customer signature on the ticket.' } });
export type UpdateWriteUpBody = z.input<typeof updateWriteUpBody>;

export const dismissWriteUpBody = z.object({ writeUpId: idOf('Write-up') }).meta({ example: { writeUpId: 3 } });

export const WRITE_UP_STATUSES = ['Open', 'Dismissed'] as const;

/** A write-up as spec platform 3.9 shapes it, with when it was written and changed, and whether its employee dismissed it. */
export const writeUpSchema = z.object({
  writeUpId: z.number(),
  writeUpDescription: z.string(),
  workOrderId: z.number().nullable(),
  workOrderNumber: z.string().nullable(),
  notifiedTo: z.string().meta({ description: 'Who was given a notice of it: the employee and the team leaders, by name' }),
  userId: z.number(),
  userName: z.string().meta({ description: "The employee's name" }),
  userEmail: z.string(),
  managerName: z.string().nullable().meta({ description: 'Who wrote it' }),
  notificationCount: z.number().meta({ description: "Which of the employee's write-ups this is: 1 for the first" }),
  flagId: z.number().nullable(),
  flagName: z.string().nullable(),
  createdDate: z.string(),
  modifiedDate: z.string().nullable(),
  status: z.enum(WRITE_UP_STATUSES).meta({ description: 'Dismissed once the employee dismissed it after its last change' }),
});
export type WriteUp = z.output<typeof writeUpSchema>;

const writeUpExample: WriteUp = {
  writeUpId: 3,
  writeUpDescription: 'Left the site without the customer signature on the ticket.',
  workOrderId: 240016,
  workOrderNumber: '240016',
  notifiedTo: 'Tom Alvarez, Marcus Reed',
  userId: 4,
  userName: 'Tom Alvarez',
  userEmail: 'tech@polar.example',
  managerName: 'Marcus Reed',
  notificationCount: 2,
  flagId: 12,
  flagName: 'Get Ticket Signed',
  createdDate: '2026-11-26T14:05:00.000Z',
  modifiedDate: null,
  status: 'Open',
};

export const writeUpAnswer = writeUpSchema.meta({ example: writeUpExample });

/** `writeUpAndCount`: the write-ups waiting for the caller to dismiss them, and how many (spec platform 3.9's wrapper). */
export const writeUpAndCountAnswer = z.object({ writeUps: z.array(writeUpSchema), count: z.number() }).meta({ example: { writeUps: [writeUpExample], count: 1 } });
export type WriteUpAndCount = z.output<typeof writeUpAndCountAnswer>;

/** `allWriteUp`: the grid request of spec platform 3.3 over the company's write-ups. */
export const allWriteUpRequest = gridRequestSchema;
export const allWriteUpAnswer = gridAnswer(writeUpSchema).meta({ example: { data: [writeUpExample], total: 1 } });

/** Whom a manager may write up: the company's active staff, not its customers, not themselves. */
export const writeUpEmployeesAnswer = z
  .array(z.object({ userId: z.number(), name: z.string() }))
  .meta({ example: [{ userId: 4, name: 'Tom Alvarez' }] });
export type WriteUpEmployee = z.output<typeof writeUpEmployeesAnswer>[number];
