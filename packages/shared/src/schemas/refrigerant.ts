import { z } from 'zod';
import { LEAK_RATE_METHODS } from '../helpers/leak-rate';
import { isoInstant } from './clock';
import { dateText, idOf, idParam, optionalText, required } from './common';

/**
 * The refrigerant log (40 CFR Part 82 Subpart F and Part 84 Subpart C): refrigerant added, recovered and recycled per
 * piece of equipment on a work order, the leak rate of each addition to an appliance under the leak rules, and the
 * leak repairs an exceeded rate opens, with their deadline and verification tests. Amounts travel as pounds and
 * ounces and are kept exactly, in ounces.
 */

export const REFRIGERANT_MOVEMENT_KINDS = ['added', 'recovered', 'recycled'] as const;
export type RefrigerantMovementKind = (typeof REFRIGERANT_MOVEMENT_KINDS)[number];

const places = (n: number) => (String(n).split('.')[1] ?? '').length;

/** `GET|POST WorkOrder/{workOrderId}/refrigerant`. */
export const workOrderRefrigerantParams = z.object({ workOrderId: idParam('Work order') });
export const refrigerantMovementParams = z.object({ workOrderId: idParam('Work order'), refrigerantMovementId: idParam('Refrigerant entry') });

/** `POST WorkOrder/{workOrderId}/refrigerant`: one movement of refrigerant on a piece the work order names. */
export const addRefrigerantMovementBody = z
  .object({
    equipmentId: idOf('Equipment'),
    kind: z.enum(REFRIGERANT_MOVEMENT_KINDS, { error: (i) => (i.input === undefined ? required('Kind') : 'Kind must be added, recovered or recycled.') }),
    refrigerantId: idOf('Refrigerant').nullish(),
    pounds: z
      .number({ error: 'Pounds must be a number.' })
      .int('Pounds must be a whole number; put the rest in ounces.')
      .min(0, 'Pounds must not be negative.')
      .max(9999, 'Pounds must be at most 9999.')
      .default(0),
    ounces: z
      .number({ error: 'Ounces must be a number.' })
      .min(0, 'Ounces must not be negative.')
      .lt(16, 'Ounces must be less than 16; put whole pounds in pounds.')
      .refine((n) => places(n) <= 2 && !/e/i.test(String(n)), 'Ounces must have at most two decimals.')
      .default(0),
    cylinder: optionalText('Cylinder', 60).trim().nullish(),
    certificationNumber: optionalText('Certification Number', 40).trim().nullish(),
    occurredAt: isoInstant('When').nullish(),
  })
  .refine((b) => b.pounds > 0 || b.ounces > 0, { message: 'Enter the amount in pounds and ounces.', path: ['pounds'] })
  .meta({
    example: { equipmentId: 41, kind: 'added', refrigerantId: 2, pounds: 2, ounces: 8, cylinder: 'CYL-20931', certificationNumber: '608-UNIV-48211', occurredAt: '2026-11-25T15:30:00Z' },
  });
export type AddRefrigerantMovementBody = z.input<typeof addRefrigerantMovementBody>;
export type AddRefrigerantMovementParsed = z.output<typeof addRefrigerantMovementBody>;

/** One movement as the log answers it; the leak fields are set on additions to appliances under the leak rules. */
export const refrigerantMovementSchema = z.object({
  refrigerantMovementId: z.number(),
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  equipmentId: z.number(),
  equipmentName: z.string(),
  kind: z.enum(REFRIGERANT_MOVEMENT_KINDS),
  refrigerantId: z.number(),
  refrigerantName: z.string(),
  amountOunces: z.number(),
  amountText: z.string(),
  cylinder: z.string().nullable(),
  technicianName: z.string(),
  certificationNumber: z.string(),
  occurredAt: z.string(),
  occurredOn: z.string(),
  leakRateMethod: z.enum(LEAK_RATE_METHODS).nullable(),
  leakRatePercent: z.number().nullable(),
  leakThresholdPercent: z.number().nullable(),
  isLeakRateExceeded: z.boolean().nullable(),
});
export type RefrigerantMovement = z.infer<typeof refrigerantMovementSchema>;

/** A leak repair: its deadline, whether it is overdue, the repair and the two verification tests. */
export const leakRepairSchema = z.object({
  leakRepairId: z.number(),
  equipmentId: z.number(),
  equipmentName: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  leakRatePercent: z.number(),
  leakThresholdPercent: z.number(),
  openedOn: z.string(),
  dueOn: z.string(),
  isOverdue: z.boolean(),
  isIndustrialShutdown: z.boolean(),
  verificationWorkOrderId: z.number().nullable(),
  verificationWorkOrderNumber: z.string().nullable(),
  repairedOn: z.string().nullable(),
  initialTestOn: z.string().nullable(),
  initialTestPassed: z.boolean().nullable(),
  followUpTestOn: z.string().nullable(),
  followUpTestPassed: z.boolean().nullable(),
  isClosed: z.boolean(),
});
export type LeakRepair = z.infer<typeof leakRepairSchema>;

/** `GET WorkOrder/{workOrderId}/refrigerant`: the work order's movements, the repairs of its pieces, the caller's number. */
export const workOrderRefrigerantAnswer = z.object({
  movements: z.array(refrigerantMovementSchema),
  leakRepairs: z.array(leakRepairSchema),
  certificationNumber: z.string().nullable(),
});
export type WorkOrderRefrigerant = z.infer<typeof workOrderRefrigerantAnswer>;

/** `POST WorkOrder/{workOrderId}/refrigerant` answers the movement and the repair it opened, if any. */
export const addRefrigerantMovementAnswer = z.object({ movement: refrigerantMovementSchema, leakRepair: leakRepairSchema.nullable() });
export type AddRefrigerantMovementAnswer = z.infer<typeof addRefrigerantMovementAnswer>;

export const LEAK_REPAIR_STATES = ['open', 'all'] as const;

/** `GET Refrigerant/leakRepairs`: open repairs (or all), soonest due first. */
export const leakRepairsQuery = z.object({
  state: z.enum(LEAK_REPAIR_STATES, { error: 'State must be open or all.' }).default('open'),
  customerId: idParam('Customer').optional(),
});
export const leakRepairsAnswer = z.array(leakRepairSchema);
export const leakRepairParams = z.object({ leakRepairId: idParam('Leak repair') });

const testDate = (label: string) => dateText(label).nullish();
const passed = (label: string) => z.boolean({ error: `${label} must be true or false.` }).nullish();

/** `PUT Refrigerant/leakRepairs/{leakRepairId}`: the office's record of the repair and its verification tests. */
export const updateLeakRepairBody = z
  .object({
    isIndustrialShutdown: z.boolean({ error: 'Industrial shutdown must be true or false.' }).default(false),
    repairedOn: testDate('Repaired On'),
    initialTestOn: testDate('Initial Test Date'),
    initialTestPassed: passed('Initial Test Passed'),
    followUpTestOn: testDate('Follow-up Test Date'),
    followUpTestPassed: passed('Follow-up Test Passed'),
  })
  .refine((b) => (b.initialTestOn == null) === (b.initialTestPassed == null), { message: 'Give the initial test its date and its result together.', path: ['initialTestOn'] })
  .refine((b) => (b.followUpTestOn == null) === (b.followUpTestPassed == null), { message: 'Give the follow-up test its date and its result together.', path: ['followUpTestOn'] })
  .refine((b) => b.followUpTestOn == null || (b.initialTestOn != null && b.followUpTestOn >= b.initialTestOn), {
    message: 'The follow-up test comes after the initial test.',
    path: ['followUpTestOn'],
  })
  .meta({ example: { isIndustrialShutdown: false, repairedOn: '2026-12-02', initialTestOn: '2026-12-02', initialTestPassed: true, followUpTestOn: '2026-12-16', followUpTestPassed: true } });
export type UpdateLeakRepairBody = z.input<typeof updateLeakRepairBody>;

/** `GET Refrigerant/report/{customerId}`: a customer's refrigerant report of one year, PDF or CSV. */
export const refrigerantReportParams = z.object({ customerId: idParam('Customer') });
export const refrigerantReportQuery = z.object({
  year: z
    .string({ error: required('Year') })
    .regex(/^\d{4}$/, 'Year must be written with four digits, like 2026.')
    .transform(Number)
    .pipe(z.number().min(2000, 'Year must be 2000 or later.').max(2100, 'Year must be 2100 or earlier.'))
    .optional()
    .meta({ description: "The calendar year, four digits; this year (the company's) when left out", example: '2026' }),
  format: z.enum(['pdf', 'csv'], { error: 'Format must be pdf or csv.' }).default('pdf'),
});
