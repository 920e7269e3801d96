import { z } from 'zod';
import { isoInstant, optionalId, optionalIdOrZero } from './clock';
import { idOf, required } from './common';

/**
 * Fix time (spec platform 4.9, status 12): the office corrects a written labor entry (start, stop, work order and the
 * rate inputs of spec clock 3) with a reason, audited before and after; a technician asks for a correction of his own
 * entry and the office approves it (applied by the same rules) or declines it with a reason. A locked pay period's
 * labor is never corrected: payroll adjusts there.
 */

export const LABOR_CORRECTION_STATUSES = ['Pending', 'Approved', 'Declined'] as const;
export type LaborCorrectionStatus = (typeof LABOR_CORRECTION_STATUSES)[number];
export const LABOR_CORRECTION_DECISIONS = ['Approved', 'Declined'] as const;

/** The sentence of a correction that touches a locked pay period. */
export const LOCKED_LABOR_MESSAGE = 'This labor is in a locked pay period; adjust it in payroll.';

/** Why: 5 to 500 characters, as the audit keeps it. */
export const correctionReason = (label = 'Reason') =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required(label) : `${label} must be text.`) })
    .trim()
    .min(1, required(label))
    .min(5, `${label} must be at least 5 characters.`)
    .max(500, `${label} must be at most 500 characters.`);

/** `PUT WorkOrderLabor/{workOrderLaborId}`: the entry as it should be, and why. Open labor (no stop) changes only its start. */
export const laborCorrectionBody = z
  .object({
    startTime: isoInstant('Start'),
    stopTime: isoInstant('Stop').nullish(),
    workOrderId: idOf('Work order'),
    serviceTechnicianId: optionalId('Employee Type'),
    perDiemTypeId: optionalIdOrZero('Per diem type'),
    itemRateTypeId: optionalId('Item rate type'),
    rateSheetTruckTypeId: optionalId('Truck type'),
    workOrderFlagId: optionalId('Work order flag'),
    isOvertime: z.boolean({ error: 'Overtime must be true or false.' }).default(false),
    isApprenticeRateApplied: z.boolean({ error: 'Apprentice rate must be true or false.' }).default(false),
    reason: correctionReason(),
  })
  .meta({
    example: { startTime: '2026-03-02T14:00:00Z', stopTime: '2026-03-02T18:30:00Z', workOrderId: 240020, isOvertime: false, reason: 'Clocked in from the shop by mistake; arrived on site at 8:00.' },
  });
export type LaborCorrectionBody = z.input<typeof laborCorrectionBody>;

/** `POST WorkOrderLabor/{workOrderLaborId}/correctionRequests`: the technician's proposed start and stop, and why. */
export const laborCorrectionRequestBody = z
  .object({ startTime: isoInstant('Start'), stopTime: isoInstant('Stop').nullish(), reason: correctionReason() })
  .meta({ example: { startTime: '2026-03-02T14:00:00Z', stopTime: '2026-03-02T18:30:00Z', reason: 'Forgot to clock out when I left the site at 12:30.' } });
export type LaborCorrectionRequestBody = z.input<typeof laborCorrectionRequestBody>;

/** `POST WorkOrderLabor/correctionRequests/{laborCorrectionRequestId}/decision`: a decline says why. */
export const laborCorrectionDecisionBody = z
  .object({
    decision: z.enum(LABOR_CORRECTION_DECISIONS, { error: 'Decision must be Approved or Declined.' }),
    reason: correctionReason().nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'Declined' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: required('Reason') });
  })
  .meta({ example: { decision: 'Declined', reason: 'The site log shows you left at 14:10.' } });
export type LaborCorrectionDecisionBody = z.input<typeof laborCorrectionDecisionBody>;

/** A labor entry's correctable values as the history shows them: times as instants, references by name. */
export const laborValuesSchema = z.object({
  startTime: z.string(),
  stopTime: z.string().nullable(),
  workOrderNumber: z.string(),
  employeeType: z.string().nullable(),
  perDiemType: z.string().nullable(),
  itemRateType: z.string().nullable(),
  truck: z.string().nullable(),
  workOrderFlag: z.string().nullable(),
  isOvertime: z.boolean(),
  isApprenticeRateApplied: z.boolean(),
});
export type LaborValues = z.infer<typeof laborValuesSchema>;

/** One correction of a labor entry: who, when, what before and after, and why. */
export const laborCorrectionSchema = z.object({
  auditId: z.number(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  reason: z.string().nullable(),
  before: laborValuesSchema,
  after: laborValuesSchema,
});
export type LaborCorrection = z.infer<typeof laborCorrectionSchema>;

/** A technician's request to correct his labor, and its answer. */
export const laborCorrectionRequestSchema = z.object({
  laborCorrectionRequestId: z.number(),
  workOrderLaborId: z.number(),
  status: z.enum(LABOR_CORRECTION_STATUSES),
  proposedStartTime: z.string(),
  proposedStopTime: z.string().nullable(),
  reason: z.string(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type LaborCorrectionRequest = z.infer<typeof laborCorrectionRequestSchema>;

/** What a labor entry carries about its corrections, on the work order and the timesheet. */
export const laborCorrectionFields = {
  corrections: z.array(laborCorrectionSchema),
  correctionRequest: laborCorrectionRequestSchema.nullable(),
};

/** A request waiting for the office, with the entry as it is now. */
export const pendingLaborCorrectionSchema = laborCorrectionRequestSchema.extend({
  userId: z.number(),
  technicianName: z.string(),
  /** The company's date the labor starts on: the timesheet to open; its time zone, the clock its times are read on. */
  workDate: z.string(),
  timeZone: z.string(),
  workOrderNumber: z.string(),
  startTime: z.string(),
  stopTime: z.string().nullable(),
});
export type PendingLaborCorrection = z.infer<typeof pendingLaborCorrectionSchema>;

/** `GET WorkOrderLabor/{workOrderLaborId}/correctionForm`: the entry's values and what each field may take. */
export const laborCorrectionFormSchema = z.object({
  workOrderLaborId: z.number(),
  technicianName: z.string(),
  timeZone: z.string(),
  isOpen: z.boolean(),
  values: laborCorrectionBody.omit({ reason: true }).extend({ stopTime: z.string().nullable() }),
  workOrders: z.array(z.object({ workOrderId: z.number(), workOrderNumber: z.string() })),
  employeeTypes: z.array(z.object({ serviceTechnicianId: z.number(), employeeType: z.string(), hasApprenticeRate: z.boolean() })),
  trucks: z.array(z.object({ rateSheetTruckTypeId: z.number(), name: z.string() })),
});
export type LaborCorrectionForm = z.infer<typeof laborCorrectionFormSchema>;
