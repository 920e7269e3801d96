import { z } from 'zod';
import { idOf, optionalText, required } from './common';
import { CORRIGO_COMMENT_MAX, CORRIGO_COMMENT_MIN, CORRIGO_WIZARD_STATUSES } from './corrigo-statuses';
import { userStatusSchema, workOrderStatusSchema } from './reference';

export const optionalId = (label: string) => idOf(label).nullish();
/** Ids whose lists start at 0 (per-diem N/A is 0). */
export const optionalIdOrZero = (label: string) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(0, `${label} must not be negative.`).max(2_147_483_647).nullish();

export const latLongSchema = z.object({
  latitude: z.number({ error: 'Latitude must be a number.' }).min(-90, 'Latitude must be between -90 and 90.').max(90, 'Latitude must be between -90 and 90.'),
  longitude: z.number({ error: 'Longitude must be a number.' }).min(-180, 'Longitude must be between -180 and 180.').max(180, 'Longitude must be between -180 and 180.'),
  /** How precise the browser says the position is, in metres; providers refuse positions they cannot believe. */
  accuracy: z.number({ error: 'Accuracy must be a number.' }).min(0, 'Accuracy must not be negative.').max(1_000_000, 'Accuracy is out of range.').nullish(),
});

/** An instant: an ISO 8601 date and time with its offset (Z or ±hh:mm), as a phone's clock gives it. */
export const isoInstant = (label: string) =>
  z.iso
    .datetime({
      offset: true,
      error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a date and time with its offset, like 2026-03-02T15:30:00Z.`),
    })
    .meta({ example: '2026-03-02T15:30:00Z' });

/** Fields a clock-in and a start-new share (spec clock 3, "Clock-in payload"). */
const clockInFields = {
  workOrderId: idOf('Work order'),
  schedulerId: optionalIdOrZero('Schedule item'),
  isReachedAtSite: z.boolean({ error: 'Reached at site must be true or false.' }).default(true),
  userStatusId: optionalId('User Status'),
  noOfServiceChannelTechs: z
    .number({ error: 'Number of technicians must be a number.' })
    .int('Number of technicians must be a whole number.')
    .min(1, 'Number of technicians must be at least 1.')
    .max(50, 'Number of technicians must be at most 50.')
    .default(1),
  isOvertime: z.boolean({ error: 'Overtime must be true or false.' }).default(false),
  date: isoInstant('Date').nullish(),
  startTime: isoInstant('Start'),
  currentLatLong: latLongSchema.nullish(),
  comment: optionalText('Comment', 1500).nullish(),
  isApprenticeRateApplied: z.boolean({ error: 'Apprentice rate must be true or false.' }).default(false),
  serviceTechnicianId: optionalId('Employee Type'),
  perDiemTypeId: optionalIdOrZero('Per diem type'),
  itemRateTypeId: optionalId('Item rate type'),
  rateSheetTruckTypeId: optionalId('Truck type'),
  workOrderFlagId: optionalId('Work order flag'),
};

export const clockInBody = z.object(clockInFields).meta({
  example: { workOrderId: 240020, startTime: '2026-03-02T15:30:00Z', isReachedAtSite: true, currentLatLong: { latitude: 32.78, longitude: -96.8, accuracy: 12 } },
});
export type ClockInBody = z.input<typeof clockInBody>;

/** How the Stop dialog labels the Corrigo status and comment, and so how its sentences name them. */
export const CORRIGO_STOP_LABELS = { status: 'Corrigo Status', comment: 'Corrigo Comment' } as const;

/**
 * Spec clock 5 for the Stop dialog's Corrigo status and comment, on the web and the server alike: both are required
 * when `isRequired` (the company's Corrigo settings ask for them and the work order can still be moved at Corrigo);
 * a status, whenever one is given, carries a comment of at least 5 characters, as every status change does. The
 * sentence of each field that breaks a rule, in the order the fields are shown.
 */
export function corrigoStopErrors(input: { status?: string | null; comment?: string | null }, isRequired: boolean): { status?: string; comment?: string } {
  const comment = input.comment?.trim() ?? '';
  const errors: { status?: string; comment?: string } = {};
  if (isRequired && !input.status) errors.status = required(CORRIGO_STOP_LABELS.status);
  if (!input.status && !isRequired) return errors;
  if (!comment) errors.comment = required(CORRIGO_STOP_LABELS.comment);
  else if (comment.length < CORRIGO_COMMENT_MIN) errors.comment = `${CORRIGO_STOP_LABELS.comment} must be at least ${CORRIGO_COMMENT_MIN} characters.`;
  return errors;
}

/** Fields of a clock-out (spec clock 3, "Clock-out payload"). */
const clockOutFields = {
  workOrderId: idOf('Work order'),
  workOrderLaborId: idOf('Labor entry'),
  schedulerId: optionalIdOrZero('Schedule item'),
  description: optionalText('Description', 1500).nullish(),
  cDescription: optionalText('Company Description', 500).nullish(),
  isOvertime: z.boolean({ error: 'Overtime must be true or false.' }).default(false),
  userStatusId: optionalId('User Status'),
  workOrderStatusId: optionalId('Work Order Status'),
  scPrimaryStatus: optionalText('Primary status', 100).nullish(),
  scExtendedStatus: optionalText('Extended status', 100).nullish(),
  serviceTechnicianId: optionalId('Employee Type'),
  perDiemTypeId: optionalIdOrZero('Per diem type'),
  itemRateTypeId: optionalId('Item rate type'),
  workOrderFlagId: optionalId('Work order flag'),
  /** Where the technician leaves the Corrigo work order (spec clock 3); sent to Corrigo once our labor is saved. */
  corrigoWorkOrderStatus: z.enum(CORRIGO_WIZARD_STATUSES, { error: 'Corrigo Status must be Paused, CheckedOut or Completed.' }).nullish(),
  corrigoWorkOrderComment: optionalText(CORRIGO_STOP_LABELS.comment, CORRIGO_COMMENT_MAX).nullish(),
  currentLatLong: latLongSchema.nullish(),
};

export const clockOutBody = z.object(clockOutFields).meta({
  example: { workOrderId: 240020, workOrderLaborId: 5012, description: 'Replaced the condenser fan motor; unit holding 36 °F.', workOrderStatusId: 5 },
});
export type ClockOutBody = z.input<typeof clockOutBody>;

/** Stop one work order and start the next: the clock-out of the old and the clock-in of the new. */
export const clockOutAndStartBody = z.object({
  ...clockOutFields,
  newWorkOrderId: idOf('New work order'),
  isReachedAtSite: z.boolean().default(false),
  noOfServiceChannelTechs: clockInFields.noOfServiceChannelTechs,
  isApprenticeRateApplied: clockInFields.isApprenticeRateApplied,
  rateSheetTruckTypeId: clockInFields.rateSheetTruckTypeId,
  comment: clockInFields.comment,
});
export type ClockOutAndStartBody = z.input<typeof clockOutAndStartBody>;

export const viewDataRequest = z.object({
  schedulerId: optionalIdOrZero('Schedule item'),
  workOrderNumber: optionalText('Work order number', 40).nullish(),
  workOrderId: optionalIdOrZero('Work order'),
});

const idName = z.object({ workOrderId: z.number(), workOrderNumber: z.string(), isServiceChannelWorkorder: z.boolean() });

/** `WOStartStop/getStartWOViewData` (spec clock 3, "Clock-out form data"). */
export const startViewDataSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  workOrderStatusId: z.number(),
  workOrderStatus: z.string(),
  billingCustomerId: z.number().nullable(),
  parentWorkOrderId: z.number().nullable(),
  parentWorkOrderNumber: z.string().nullable(),
  customerEstimateId: z.number().nullable(),
  nte: z.number().nullable(),
  nteWarning: z.string().nullable(),
  stopMode: z.boolean(),
  hasOpenWorkOrderLabor: z.boolean(),
  openTechsLaborCount: z.number(),
  workOrderLaborId: z.number().nullable(),
  newWorkOrderId: z.number().nullable(),
  newWorkOrderNumber: z.string().nullable(),
  newWorkOrderLabor: idName.nullable(),
  isOvertime: z.boolean(),
  isReachedAtSite: z.boolean(),
  isApprenticeRateApplied: z.boolean(),
  description: z.string().nullable(),
  cDescription: z.string().nullable(),
  serviceTechnicianId: z.number().nullable(),
  perDiemTypeId: z.number().nullable(),
  itemRateTypeId: z.number().nullable(),
  rateSheetTruckTypeId: z.number().nullable(),
  workOrderFlagId: z.number().nullable(),
  noOfServiceChannelTechs: z.number(),
  startTime: z.string().nullable(),
  currentLatLong: latLongSchema.nullable(),
  userStatuses: z.array(userStatusSchema),
  workOrderStatuses: z.array(workOrderStatusSchema),
  isWorkOrderStatusFieldRequired: z.boolean(),
  hasRateSheetSetUp: z.boolean(),
  /** Whose rate sheet the caller's Employee Types come from: the billing customer (else the site), for the sentence that says what the office must set up. */
  rateSheetCustomerName: z.string(),
  rateSheetLaborItems: z.array(
    z.object({ serviceTechnicianId: z.number(), employeeType: z.string(), hourlyRate: z.number(), otHourlyRate: z.number(), apprenticeRate: z.number().nullable() }),
  ),
  canAddPerDiemType: z.boolean(),
  isClockinServiceChannelWO: z.boolean(),
  /** Primary statuses, each with the extended statuses that go with it (spec clock 3: "id, name, and an extended list"). */
  scPrimaryStatuses: z.array(z.object({ id: z.string(), name: z.string(), extended: z.array(z.object({ id: z.string(), name: z.string() })).optional() })),
  scExtendedStatuses: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Where the service-channel provider expects the technician, so the dialogs can warn before sending a position it will refuse. */
  serviceChannelSite: z.object({ latitude: z.number(), longitude: z.number(), radiusMeters: z.number() }).nullish(),
  /** Why the statuses shown are the fixed list rather than the provider's own (the provider could not be read). */
  serviceChannelNotice: z.string().nullish(),
  corrigoWorkOrderId: z.number(),
  corrigoCustomerId: z.number(),
  isCorrigoWorkOrderCheckedIn: z.boolean(),
  /** What the technician may leave the Corrigo work order in on stopping (spec platform 4.8), from its status there. */
  corrigoWorkOrderStatuses: z.array(z.enum(CORRIGO_WIZARD_STATUSES)),
  /** Whether the Stop dialog requires the Corrigo status and comment: the company's Corrigo settings ask for them, and there is a status to set. */
  isCorrigoStatusRequired: z.boolean(),
  currentUser: z.object({ userId: z.number(), name: z.string() }),
});
export type StartViewData = z.infer<typeof startViewDataSchema>;

/** `WOStartStop/getStopWOViewData`: the view data of spec platform 3.13. */
export const stopViewDataSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  parentWorkOrderId: z.number().nullable(),
  parentWorkOrderNumber: z.string().nullable(),
  customerEstimateId: z.number().nullable(),
  corrigoWorkOrderId: z.number(),
  isCorrigoWorkOrderCheckedIn: z.boolean(),
  corrigoCustomerId: z.number(),
});
export type StopViewData = z.infer<typeof stopViewDataSchema>;

/** A provider's refusal or failure, in its words: our labor was recorded all the same. */
const providerWarning = z.string().optional();
export const clockOutAndStartAnswer = z.object({ newWorkOrderId: z.number(), newWorkOrderNumber: z.string(), workOrderLaborId: z.number(), providerWarning });
export const workOrderLaborIdAnswer = z.object({ workOrderLaborId: z.number(), providerWarning }).meta({ example: { workOrderLaborId: 5012 } });
