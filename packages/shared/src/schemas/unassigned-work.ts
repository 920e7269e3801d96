import { z } from 'zod';
import { idParam, optionalText, pagingQuery } from './common';

/** The most work orders the dispatcher board's unassigned panel asks for at once. */
export const UNASSIGNED_WORK_MAX_TAKE = 50;
/** How many the panel shows on a page. */
export const UNASSIGNED_WORK_DEFAULT_TAKE = 10;

/**
 * `Scheduler/unassigned`: one page of the company's open work orders that nothing on the schedule visits from today
 * on, newest first; `search` narrows to a number, customer, address or problem containing it. With `technicianId`
 * (the board's technician filter) that technician's work orders come first. `timeZone` (an IANA name, as the
 * calendar sends it) is where "today" is read; by default the company's.
 */
export const unassignedWorkQuery = z.object({
  search: optionalText('Search', 100).optional(),
  technicianId: idParam('Technician').optional(),
  timeZone: optionalText('Time zone', 64).optional(),
  ...pagingQuery(UNASSIGNED_WORK_MAX_TAKE, UNASSIGNED_WORK_DEFAULT_TAKE),
});
export type UnassignedWorkQuery = z.output<typeof unassignedWorkQuery>;

/** One work order waiting for a visit: what a dispatcher reads on its card before planning it. */
export const unassignedWorkOrderSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  customerName: z.string(),
  customerAddress: z.string(),
  customerCity: z.string(),
  problem: z.string(),
  workOrderStatusId: z.number(),
  workOrderStatus: z.string(),
  createdDate: z.string(),
  /** The technicians assigned to the work order, by name. */
  technicians: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type UnassignedWorkOrder = z.infer<typeof unassignedWorkOrderSchema>;

/** A page of unassigned work and how many there are across all pages. */
export const unassignedWorkAnswer = z.object({ data: z.array(unassignedWorkOrderSchema), total: z.number() });
export type UnassignedWorkAnswer = z.infer<typeof unassignedWorkAnswer>;
