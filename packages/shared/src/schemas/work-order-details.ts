import { z } from 'zod';
import { WORK_ORDER_PRIORITIES } from '../constants';
import { customerLocationSchema, customerPositionFields } from './customers';
import { laborCorrectionFields } from './labor-corrections';

export const laborEntrySchema = z.object({
  workOrderLaborId: z.number(),
  userId: z.number(),
  userName: z.string(),
  startTime: z.string(),
  stopTime: z.string().nullable(),
  hours: z.number(),
  isOpen: z.boolean(),
  isOvertime: z.boolean(),
  isReachedAtSite: z.boolean(),
  employeeTypeId: z.number().nullable(),
  description: z.string().nullable(),
  clockInDistanceKm: z.number().nullable(),
  /** Where the clock-in and clock-out were made, as the geocoder names the positions; null until named, or without one. */
  startAddress: z.string().nullable(),
  stopAddress: z.string().nullable(),
  /** The office's corrections of the entry (fix time) and the technician's latest request for one. */
  ...laborCorrectionFields,
});
export type LaborEntry = z.infer<typeof laborEntrySchema>;

export const statusChangeSchema = z.object({
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const auditEntrySchema = z.object({
  auditId: z.number(),
  entity: z.string(),
  entityId: z.number(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const workOrderCustomerSchema = customerLocationSchema.extend(customerPositionFields);
export type WorkOrderCustomer = z.infer<typeof workOrderCustomerSchema>;

/** `GET WorkOrder/{workOrderNumber}`: a work order with its customer, technicians, labor and history. */
export const workOrderDetailsSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  workOrderStatusId: z.number(),
  workOrderStatus: z.string(),
  problem: z.string(),
  /** Rich text (sanitised HTML), or null when none was written. */
  workDescription: z.string().nullable(),
  nte: z.number().nullable(),
  parentWorkOrderId: z.number().nullable(),
  parentWorkOrderNumber: z.string().nullable(),
  billingCustomerId: z.number().nullable(),
  createdDate: z.string(),
  /** The office's header (priority, class, PO number, provider reference) and whom the work is billed to. */
  priority: z.enum(WORK_ORDER_PRIORITIES),
  workOrderClassId: z.number().nullable(),
  workOrderClassName: z.string().nullable(),
  poNumber: z.string().nullable(),
  providerReference: z.string().nullable(),
  customerId: z.number(),
  billingCustomerName: z.string().nullable(),
  customer: workOrderCustomerSchema,
  technicians: z.array(z.object({ userId: z.number(), name: z.string() })),
  laborEntries: z.array(laborEntrySchema),
  statusHistory: z.array(statusChangeSchema),
  auditTrail: z.array(auditEntrySchema),
});
export type WorkOrderDetails = z.infer<typeof workOrderDetailsSchema>;

/** The largest work description kept, as HTML text. */
export const WORK_DESCRIPTION_MAX = 100_000;

/** `PUT WorkOrder/{workOrderId}/workDescription`: the rich text of the work description; empty clears it. */
export const updateWorkDescriptionBody = z
  .object({ workDescription: z.string({ error: 'Work description must be text.' }).max(WORK_DESCRIPTION_MAX, 'The work description is too long.') })
  .meta({ example: { workDescription: '<p>Cleaned the condenser coil; <strong>replaced</strong> the fan motor.</p>' } });
export const workDescriptionAnswer = z.object({ workOrderId: z.number().int(), workDescription: z.string().nullable() });
