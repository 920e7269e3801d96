import { z } from 'zod';
import { idOf, optionalText, required } from './common';

const optionalId = (label: string) => idOf(label).nullish();
/** Ids whose lists start at 0 (per-diem N/A is 0). */
const optionalIdOrZero = (label: string) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(0, `${label} must not be negative.`).max(2_147_483_647).nullish();

export const latLongSchema = z.object({
  latitude: z.number({ error: 'Latitude must be a number.' }).min(-90, 'Latitude must be between -90 and 90.').max(90, 'Latitude must be between -90 and 90.'),
  longitude: z.number({ error: 'Longitude must be a number.' }).min(-180, 'Longitude must be between -180 and 180.').max(180, 'Longitude must be between -180 and 180.'),
});

const isoDate = (label: string) =>
  z
    .string({ error: required(label) })
    .min(1, required(label))
    .max(40, `${label} is not a valid date.`)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${label} is not a valid date.`);

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
  date: isoDate('Date').nullish(),
  startTime: isoDate('Start'),
  currentLatLong: latLongSchema.nullish(),
  comment: optionalText('Comment', 1500).nullish(),
  isApprenticeRateApplied: z.boolean({ error: 'Apprentice rate must be true or false.' }).default(false),
  serviceTechnicianId: optionalId('Employee Type'),
  perDiemTypeId: optionalIdOrZero('Per diem type'),
  itemRateTypeId: optionalId('Item rate type'),
  rateSheetTruckTypeId: optionalId('Truck type'),
  workOrderFlagId: optionalId('Work order flag'),
};

export const clockInBody = z.object(clockInFields);
export type ClockInBody = z.input<typeof clockInBody>;

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
  corrigoWorkOrderStatus: optionalText('Provider status', 100).nullish(),
  corrigoWorkOrderComment: optionalText('Provider comment', 1500).nullish(),
  currentLatLong: latLongSchema.nullish(),
};

export const clockOutBody = z.object(clockOutFields);
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
