import { z } from 'zod';
import { DEFAULT_TASK_DURATION_HOURS, MAX_TASK_DURATION_HOURS, SCHEDULE_RANGE_MAX_DAYS, TASK_COLORS } from '../constants';
import { idOf, idParam, optionalText, pagingQuery, required } from './common';

const MAX_ID = 2_147_483_647;

/**
 * How the document declares a date-time the server reads both ways: not RFC 3339's `date-time` (which requires an
 * offset) but the ISO 8601 text it really accepts.
 */
const DATE_TIME_TEXT = {
  format: undefined,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?$',
  description: 'ISO 8601 date and time. With an offset (Z or ±hh:mm) it is that instant; without one it is a wall-clock time in the time zone of the series (by default the company\'s).',
  example: '2026-03-02T09:30:00',
};

/**
 * An ISO 8601 date-time. With an offset (or Z) it is that instant; without one it is a wall-clock time in the time
 * zone of the series (or of the company), which is how a calendar editor thinks.
 */
export const isoDateTimeText = (label: string) =>
  z.iso
    .datetime({ offset: true, local: true, error: (issue) => (issue.input === undefined ? required(label) : `${label} is not a valid date and time.`) })
    .meta(DATE_TIME_TEXT);

/** An ISO 8601 date or date-time bounding a range; a bare date is midnight in the company's time zone. */
export const rangeBound = (label: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true }).meta(DATE_TIME_TEXT)], {
    error: (issue) => (issue.input === undefined ? required(label) : `${label} must be an ISO 8601 date, like 2026-03-01 or 2026-03-01T00:00:00-06:00.`),
  });

/** Milliseconds of a date or date-time read as if it were UTC: close enough to compare two bounds in days. */
const roughMs = (text: string) => Date.parse(/T/.test(text) ? (/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`) : `${text}T00:00:00Z`);

/** Refuses a range that ends before it starts, or is longer than a month view with its padding. */
export function checkRangeLength(q: { start: string; end: string }, ctx: z.RefinementCtx) {
  const days = (roughMs(q.end) - roughMs(q.start)) / 86_400_000;
  if (!(days > 0)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'End must be after start.' });
  else if (days > SCHEDULE_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: `The schedule can be read at most ${SCHEDULE_RANGE_MAX_DAYS} days at a time.` });
  }
}

/**
 * A calendar's range query: the range to show (at most a month view with its padding), the calendar's own filters,
 * and `timeZone` (an IANA name, as a calendar sends it) where bounds without an offset are read; by default the
 * company's. Written once so the dispatcher board and the sales scheduler read ranges the same way.
 */
export const calendarRangeQuery = <Filters extends z.ZodRawShape>(filters: Filters) =>
  z
    .object({ start: rangeBound('Start'), end: rangeBound('End'), ...filters, timeZone: optionalText('Time zone', 64).optional() })
    // A generic shape hides that start and end are the bounds above, which are strings.
    .superRefine((q, ctx) => checkRangeLength(q as { start: string; end: string }, ctx));

/** `Scheduler/items`: the range to show, optionally one technician's or one work order's items. */
export const scheduleRangeQuery = calendarRangeQuery({
  technicianId: idParam('Technician').optional(),
  workOrderId: idParam('Work order').optional(),
});
export type ScheduleRangeQuery = z.output<typeof scheduleRangeQuery>;

const durationHours = z
  .number({ error: 'Duration must be a number of hours.' })
  .min(1 / 60, 'Duration must be at least one minute.')
  .max(MAX_TASK_DURATION_HOURS, `Duration must be at most ${MAX_TASK_DURATION_HOURS} hours.`);

/** "None" is 0 or null for the optional references of the saved form (the spec sends workOrderId 0). */
const optionalRef = (label: string) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(0, `${label} must not be negative.`).max(MAX_ID, `${label} is out of range.`).nullish();

const reason = optionalText('Reason', 500);

/**
 * The due date, repeat and series fields of a saved calendar entry: the same on a schedule item and a sales task, so
 * a series is split and repeated the same way on both calendars.
 */
export const seriesSaveFields = {
  due: isoDateTimeText('Due').nullish(),
  recurrenceRule: optionalText('Repeat rule', 4000)
    .meta({
      description:
        'An RFC 5545 RRULE the recurrence editor can show (FREQ daily to yearly; INTERVAL; BYDAY, BYMONTHDAY including -1, BYMONTH, BYSETPOS, WKST; COUNT or UNTIL), optionally followed by EXDATE lines; stored with UNTIL as a UTC instant.',
      example: 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1\nEXDATE;TZID=America/Chicago:20260331T090000',
    })
    .nullish(),
  recurrenceId: optionalRef('Series'),
  occurrenceStart: isoDateTimeText('Occurrence start').nullish(),
  startTimezone: optionalText('Time zone', 64).nullish(),
  endTimezone: optionalText('Time zone', 64).nullish(),
};

/**
 * `Scheduler/save`: the saved schedule form of spec platform 3.4. `schedulerId` 0 makes a new item, another id
 * changes that item (a series: the whole series). To change one occurrence of a series, send `schedulerId` 0 with
 * `recurrenceId` (the series) and `occurrenceStart` (that occurrence's start as the series gave it): the occurrence
 * becomes an item of its own and leaves the series. A time zone is an IANA name; by default the company's.
 */
export const saveScheduleItemBody = z.object({
  schedulerId: z.number({ error: 'Schedule item must be a number.' }).int('Schedule item must be a whole number.').min(0, 'Schedule item must not be negative.').max(MAX_ID, 'Schedule item is out of range.').default(0),
  task: optionalText('Task', 500).nullish(),
  workOrderId: optionalRef('Work order'),
  technicianId: optionalRef('Technician'),
  start: isoDateTimeText('Start'),
  durationHours: durationHours.default(DEFAULT_TASK_DURATION_HOURS),
  isAllDay: z.boolean({ error: 'All day must be true or false.' }).default(false),
  isAppointment: z.boolean({ error: 'Appointment must be true or false.' }).default(false),
  noVisitRequired: z.boolean({ error: 'No visit required must be true or false.' }).default(false),
  ...seriesSaveFields,
  colorClass: z.enum(TASK_COLORS, { error: `Colour must be one of ${TASK_COLORS.join(', ')}.` }).nullish(),
  appointmentChangedReason: reason.nullish(),
}).meta({ example: { schedulerId: 0, task: 'Quarterly coil cleaning', workOrderId: 240020, technicianId: 4, start: '2026-03-02T09:00:00', durationHours: 2, recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4' } });
export type SaveScheduleItemBody = z.input<typeof saveScheduleItemBody>;

const requiredReason = z
  .string({ error: 'Reason is required.' })
  .trim()
  .min(1, 'Reason is required.')
  .max(500, 'Reason must be at most 500 characters.')
  .regex(/^[^\u0000]*$/, 'Reason contains characters that are not allowed.');

/**
 * `Scheduler/appointment`: move or resize an item from the appointment change dialog (spec platform 5.2); the reason
 * is required. With `occurrenceStart`, only that occurrence of a series moves.
 */
export const moveScheduleItemBody = z.object({
  schedulerId: idOf('Schedule item'),
  start: isoDateTimeText('Start'),
  durationHours,
  appointmentChangedReason: requiredReason,
  occurrenceStart: isoDateTimeText('Occurrence start').nullish(),
});
export type MoveScheduleItemBody = z.input<typeof moveScheduleItemBody>;

export const scheduleItemParams = z.object({ schedulerId: idParam('Schedule item') });

/** `DELETE Scheduler/{schedulerId}`: the reason (required for appointments); `occurrenceStart` removes one occurrence. */
export const deleteScheduleItemQuery = z.object({
  appointmentChangedReason: reason.optional(),
  occurrenceStart: isoDateTimeText('Occurrence start').optional(),
});

export const schedulerIdAnswer = z.object({ schedulerId: z.number() }).meta({ example: { schedulerId: 42 } });

/** A reference shown by its name: a technician, a customer, a sales person. */
export const idNameSchema = z.object({ id: z.number(), name: z.string() });
const idName = idNameSchema;

/**
 * The due date, repeat and series fields of a calendar entry or one occurrence of it, as both calendars answer them.
 * `seriesStart` is the series' own first start for an occurrence of a series (null otherwise): moving the whole
 * series keeps it in step.
 */
export const seriesAnswerFields = {
  due: z.string().nullable(),
  recurrenceRule: z.string().nullable(),
  seriesStart: z.string().nullable(),
  recurrenceId: z.number().nullable(),
  recurrenceException: z.array(z.string()),
  occurrenceStart: z.string().nullable(),
  startTimezone: z.string(),
  endTimezone: z.string(),
};

/**
 * One schedule item, or one occurrence of a series (spec platform 3.4): `id` and `schedulerId` are the stored
 * item's (the series' for an occurrence), `start`/`end` are this occurrence's. `recurrenceId` names the series an
 * edited occurrence came from, `occurrenceStart` the start it replaced.
 */
export const scheduleItemSchema = z.object({
  id: z.number(),
  schedulerId: z.number(),
  start: z.string(),
  end: z.string(),
  task: z.string().nullable(),
  durationHours: z.number(),
  totalHours: z.number().nullable(),
  isAllDay: z.boolean(),
  isAppointment: z.boolean(),
  noVisitRequired: z.boolean(),
  ...seriesAnswerFields,
  colorClass: z.enum(TASK_COLORS),
  createdDate: z.string(),
  createdBy: z.string().nullable(),
  technicianId: z.number().nullable(),
  technician: idName.nullable(),
  workOrderId: z.number().nullable(),
  workOrderNumber: z.string().nullable(),
  parentWorkOrderNumber: z.string().nullable(),
  isSubWO: z.boolean(),
  workOrderProblem: z.string().nullable(),
  workOrderStatus: z.string().nullable(),
  workOrderStatusId: z.number().nullable(),
  workOrderCustomer: z.string().nullable(),
  customer: idName.nullable(),
  customerAddress: z.string().nullable(),
  customerCity: z.string().nullable(),
  phone: z.string().nullable(),
  isStarted: z.boolean(),
  isShowStartStop: z.boolean(),
  anyOpenLabor: z.boolean(),
  isOpenLaborMine: z.boolean(),
  anyEnrouteLaborMine: z.boolean(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

/** One change in a schedule item's history: who, when, what, from what to what, and why. */
export const scheduleHistoryEntrySchema = z.object({
  auditId: z.number(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type ScheduleHistoryEntry = z.infer<typeof scheduleHistoryEntrySchema>;

/** `Scheduler/technicians`: the company's active technicians, who a schedule item can be given to. */
export const schedulerTechnicianSchema = z.object({ technicianId: z.number(), name: z.string() });
export type SchedulerTechnician = z.infer<typeof schedulerTechnicianSchema>;

/** The most work orders the schedule form's picker shows at once. */
export const SCHEDULER_WORK_ORDERS_MAX_TAKE = 20;

/**
 * `Scheduler/workOrders`: the schedule form's work order picker. Open work orders whose number, customer or problem
 * contains `search`; the chosen `workOrderId` comes first (whatever its status, so the picker can show the current
 * choice), then the work orders of `technicianId`, then the newest.
 */
export const schedulerWorkOrdersQuery = z.object({
  search: optionalText('Search', 100).optional(),
  technicianId: idParam('Technician').optional(),
  workOrderId: idParam('Work order').optional(),
  ...pagingQuery(SCHEDULER_WORK_ORDERS_MAX_TAKE),
});
export type SchedulerWorkOrdersQuery = z.output<typeof schedulerWorkOrdersQuery>;

/** One work order of the picker. */
export const schedulerWorkOrderSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  customerName: z.string(),
  problem: z.string(),
});
export type SchedulerWorkOrder = z.infer<typeof schedulerWorkOrderSchema>;
