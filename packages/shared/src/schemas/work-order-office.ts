import { z } from 'zod';
import { WORK_ORDER_PRIORITIES } from '../constants';
import { moneyOf } from '../helpers/money';
import { idOf, idParam, optionalText, required, requiredText } from './common';
import { cappedGridAnswer, gridAnswer } from './grid';

/**
 * The office's work-order screens (spec platform 2.1 /workOrder/all, /workOrder/create, /workOrder/history and the
 * work order page's showStatusHistory and schedule): creating, editing the header, status, technicians and visits.
 */

export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** Most technicians one work order may have. */
export const WORK_ORDER_TECHNICIANS_MAX = 20;
export const WORK_ORDER_PROBLEM_MAX = 1500;

/** Empty text means "not given". */
const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** Optional text stored trimmed, empty as none; left out stays left out (an edit keeps the stored value). */
const textOrNull = (label: string, max: number) =>
  optionalText(label, max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : blankToNull(v)));

const priorityField = z.enum(WORK_ORDER_PRIORITIES, { error: `Priority must be one of ${WORK_ORDER_PRIORITIES.join(', ')}.` });

const technicianIdsField = z
  .array(idOf('Technician'), { error: 'Technicians must be a list of technician ids.' })
  .max(WORK_ORDER_TECHNICIANS_MAX, `A work order can have at most ${WORK_ORDER_TECHNICIANS_MAX} technicians.`);

/** The header fields the office sets on a new work order and edits later. */
const headerFields = {
  nte: moneyOf('NTE').nullish(),
  workOrderClassId: idOf('Work order class').nullish(),
  poNumber: textOrNull('PO number', 50),
  providerReference: textOrNull('Provider reference', 100),
};

/** A new work order as the create form sends it (customer and problem required). */
export const newWorkOrderBody = z.object({
  customerId: idOf('Customer'),
  problem: requiredText('Problem', WORK_ORDER_PROBLEM_MAX),
  priority: priorityField.default('Normal'),
  ...headerFields,
  technicianIds: technicianIdsField.default([]),
});
export type NewWorkOrderBody = z.input<typeof newWorkOrderBody>;
export type NewWorkOrderInput = z.output<typeof newWorkOrderBody>;

/**
 * `WorkOrder/create`: either a sub work order (`parentWorkOrderId`, optionally its own `problem`), or a new work order
 * for a customer (`customerId` and `problem` required). One object, so that each field is documented and checked.
 */
export const createWorkOrderBody = z
  .object({
    parentWorkOrderId: idOf('Parent work order').optional(),
    customerId: idOf('Customer').optional(),
    problem: optionalText('Problem', WORK_ORDER_PROBLEM_MAX).nullish(),
    priority: priorityField.optional(),
    ...headerFields,
    technicianIds: technicianIdsField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.parentWorkOrderId !== undefined) return;
    if (body.customerId === undefined) ctx.addIssue({ code: 'custom', path: ['customerId'], message: required('Customer') });
    else if (!body.problem?.trim()) ctx.addIssue({ code: 'custom', path: ['problem'], message: required('Problem') });
  })
  .meta({ example: { customerId: 1, problem: 'Walk-in cooler not holding temperature', priority: 'High', nte: 750, technicianIds: [] } });
export type CreateWorkOrderBody = z.input<typeof createWorkOrderBody>;

/** `PUT WorkOrder/{workOrderId}`: the header fields; a field left out stays as it is, null clears it. */
export const updateWorkOrderBody = z.object({
  problem: requiredText('Problem', WORK_ORDER_PROBLEM_MAX).optional(),
  priority: priorityField.optional(),
  ...headerFields,
});
export type UpdateWorkOrderBody = z.input<typeof updateWorkOrderBody>;

export const workOrderIdParams = z.object({ workOrderId: idParam('Work order') });

/** `PUT WorkOrder/{workOrderId}/status`. */
export const changeWorkOrderStatusBody = z.object({ workOrderStatusId: idOf('Work order status') });
export const changedWorkOrderStatusAnswer = z.object({ workOrderId: z.number(), workOrderStatusId: z.number(), workOrderStatus: z.string() });

/** `PUT WorkOrder/{workOrderId}/technicians`: the technicians the work order has from now on. */
export const assignTechniciansBody = z.object({ technicianIds: technicianIdsField });
export const assignedTechniciansAnswer = z.object({
  workOrderId: z.number(),
  technicians: z.array(z.object({ userId: z.number(), name: z.string() })),
});

export const workOrderHeaderAnswer = z.object({ workOrderId: z.number(), workOrderNumber: z.string() });

/** `GET WorkOrder/workOrderClasses`: the company's active classes, for pickers. */
export const workOrderClassSchema = z.object({ workOrderClassId: z.number(), workOrderClassName: z.string() });
export type WorkOrderClass = z.infer<typeof workOrderClassSchema>;

/** A row of the all-work-orders grid (`POST WorkOrder/allWorkOrders`). */
export const allWorkOrdersRowSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  status: z.string(),
  workOrderStatusId: z.number(),
  priority: z.string(),
  workOrderClass: z.string().nullable(),
  customerName: z.string(),
  address: z.string(),
  billingCustomerName: z.string().nullable(),
  technicians: z.string(),
  problem: z.string(),
  nte: z.number().nullable(),
  poNumber: z.string().nullable(),
  createdDate: z.string(),
});
export type AllWorkOrdersRow = z.infer<typeof allWorkOrdersRowSchema>;
export const allWorkOrdersAnswer = cappedGridAnswer(allWorkOrdersRowSchema);

/** Fields of the all-work-orders grid that sort and filter on the server (every column). */
export const ALL_WORK_ORDERS_FIELDS = [
  'workOrderNumber', 'status', 'workOrderStatusId', 'priority', 'workOrderClass', 'customerName', 'address',
  'billingCustomerName', 'technicians', 'problem', 'nte', 'poNumber', 'createdDate',
] as const;

/** One change of a work order in the history grid (`POST WorkOrder/history`). */
export const workOrderHistoryRowSchema = z.object({
  auditId: z.number(),
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  action: z.string(),
  changes: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type WorkOrderHistoryRow = z.infer<typeof workOrderHistoryRowSchema>;
export const workOrderHistoryAnswer = gridAnswer(workOrderHistoryRowSchema);
export const WORK_ORDER_HISTORY_FIELDS = ['auditId', 'workOrderNumber', 'action', 'changes', 'changedBy', 'changedAt'] as const;

/** One visit of a work order (`GET WorkOrder/{workOrderId}/schedule`). */
export const workOrderVisitSchema = z.object({
  schedulerId: z.number(),
  technicianId: z.number().nullable(),
  technicianName: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  durationHours: z.number(),
  title: z.string(),
  isAllDay: z.boolean(),
  isAppointment: z.boolean(),
  recurrenceRule: z.string().nullable(),
});
export type WorkOrderVisit = z.infer<typeof workOrderVisitSchema>;

/** `GET WorkOrder/{workOrderId}/statusHistory`: who changed the status, when, from what to what, oldest first. */
export const workOrderStatusHistoryRowSchema = z.object({
  fromStatusId: z.number().nullable(),
  fromStatus: z.string().nullable(),
  toStatusId: z.number(),
  toStatus: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type WorkOrderStatusHistoryRow = z.infer<typeof workOrderStatusHistoryRowSchema>;
