import { z } from 'zod';
import { TASK_COLORS } from '../constants';
import { idOf, idParam, optionalText, pagingQuery, required, requiredText } from './common';
import { calendarRangeQuery, deleteScheduleItemQuery, idNameSchema, moveScheduleItemBody, saveScheduleItemBody, seriesAnswerFields, seriesSaveFields } from './scheduling';

const save = saveScheduleItemBody.shape;

/** The task's customer: required; 0 is how a form says "none chosen yet", which reads as the missing field. */
const customerRef = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required('Customer') : 'Customer must be a number.') })
  .int('Customer must be a whole number.')
  .min(0, 'Customer must not be negative.')
  .max(2_147_483_647, 'Customer is out of range.')
  .refine((n) => n > 0, required('Customer'));

/**
 * `SalesScheduler/items`: the sales tasks overlapping the range (at most a month view with its padding), optionally
 * of one sales person or one customer. `timeZone` (an IANA name) is where bounds without an offset are read; by
 * default the company's.
 */
export const salesTaskRangeQuery = calendarRangeQuery({
  salesPersonId: idParam('Sales person').optional(),
  customerId: idParam('Customer').optional(),
});
export type SalesTaskRangeQuery = z.output<typeof salesTaskRangeQuery>;

/**
 * `SalesScheduler/save`: the scheduler task form of spec clock 3: a title, the customer it is for and the sales
 * person who does it (by default the caller), when, how long (0.25 hour by default), all day, due, colour and the
 * repeat. `schedulerId` 0 makes a new task, another id changes that task (a series as a whole). To change one
 * occurrence of a series, send `schedulerId` 0 with `recurrenceId` (the series) and `occurrenceStart` (that
 * occurrence's start as the series gave it): the occurrence becomes a task of its own and leaves the series.
 */
export const saveSalesTaskBody = z.object({
  schedulerId: save.schedulerId,
  title: requiredText('Title', 500),
  customerId: customerRef,
  salesPersonId: idOf('Sales person').nullish(),
  start: save.start,
  durationHours: save.durationHours,
  isAllDay: save.isAllDay,
  ...seriesSaveFields,
  color: z.enum(TASK_COLORS, { error: `Colour must be one of ${TASK_COLORS.join(', ')}.` }).nullish(),
});
export type SaveSalesTaskBody = z.input<typeof saveSalesTaskBody>;

/**
 * `SalesScheduler/move`: a drag or resize on the calendar. With `occurrenceStart`, only that occurrence of a series
 * moves (becoming a task of its own); without it a series moves as a whole.
 */
export const moveSalesTaskBody = z.object({
  schedulerId: moveScheduleItemBody.shape.schedulerId,
  start: moveScheduleItemBody.shape.start,
  durationHours: moveScheduleItemBody.shape.durationHours,
  occurrenceStart: moveScheduleItemBody.shape.occurrenceStart,
});
export type MoveSalesTaskBody = z.input<typeof moveSalesTaskBody>;

/** `DELETE SalesScheduler/{schedulerId}`: the task (a series with its edited occurrences), or one occurrence. */
export const deleteSalesTaskQuery = z.object({ occurrenceStart: deleteScheduleItemQuery.shape.occurrenceStart });

/**
 * One sales task, or one occurrence of a series (spec clock 3, "Scheduler task"): `id` and `schedulerId` are the
 * stored task's (the series' for an occurrence), `start`/`end` are this occurrence's. `recurrenceId` names the series
 * an edited occurrence came from, `occurrenceStart` the start it replaced.
 */
export const salesTaskSchema = z.object({
  id: z.number(),
  schedulerId: z.number(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  durationHours: z.number(),
  isAllDay: z.boolean(),
  ...seriesAnswerFields,
  color: z.enum(TASK_COLORS),
  customerId: z.number(),
  customerName: z.string(),
  customer: idNameSchema,
  salesPersonId: z.number(),
  salesPerson: idNameSchema,
  createdDate: z.string(),
  createdBy: z.string().nullable(),
});
export type SalesTask = z.infer<typeof salesTaskSchema>;

/** `SalesScheduler/salesPersons`: who a task can be given to. */
export const salesPersonSchema = z.object({ salesPersonId: z.number(), name: z.string() });
export type SalesPerson = z.infer<typeof salesPersonSchema>;

/** The most customers the task form's customer select shows at once. */
export const SALES_CUSTOMERS_MAX_TAKE = 20;

/**
 * `SalesScheduler/customers`: the task form's customer select. The company's customers whose name or city contains
 * `search`; the chosen `customerId` first, then customers `salesPersonId` already has tasks with, then by name.
 */
export const salesCustomersQuery = z.object({
  search: optionalText('Search', 100).optional(),
  customerId: idParam('Customer').optional(),
  salesPersonId: idParam('Sales person').optional(),
  ...pagingQuery(SALES_CUSTOMERS_MAX_TAKE),
});
export type SalesCustomersQuery = z.output<typeof salesCustomersQuery>;

/** One customer of the select. */
export const salesCustomerSchema = z.object({ customerId: z.number(), name: z.string(), city: z.string() });
export type SalesCustomer = z.infer<typeof salesCustomerSchema>;
