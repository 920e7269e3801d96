import { z } from 'zod';
import { idOf, optionalText } from './common';
import { gridAnswer } from './grid';

export const technicianWorkOrderRowSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  status: z.string(),
  workOrderStatusId: z.number(),
  problem: z.string(),
  customerName: z.string(),
  address: z.string(),
  createdDate: z.string(),
  totalCount: z.number(),
  billingCompanyId: z.number().nullable(),
});
export type TechnicianWorkOrderRow = z.infer<typeof technicianWorkOrderRowSchema>;
export const technicianWorkOrdersAnswer = gridAnswer(technicianWorkOrderRowSchema);

/** Fields of a technician's work order row that the grid may sort and filter on. */
export const TECHNICIAN_WORK_ORDER_FIELDS = [
  'workOrderNumber',
  'status',
  'workOrderStatusId',
  'problem',
  'customerName',
  'address',
  'createdDate',
] as const;

/** `WorkOrder/create` for a sub work order: the parent and, optionally, its own problem text. */
export const createSubWorkOrderBody = z.object({
  parentWorkOrderId: idOf('Parent work order'),
  problem: optionalText('Problem', 1500).nullish(),
});
export const createdWorkOrderAnswer = z.object({ workOrderId: z.number(), workOrderNumber: z.string() });
