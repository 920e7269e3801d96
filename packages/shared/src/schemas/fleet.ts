import { z } from 'zod';
import { moneyOf, quantityOf } from '../helpers/money';
import { FLEET_INSPECTION_ITEMS, FLEET_INSPECTION_RESULTS, SERVICE_DUE_STATES } from '../helpers/fleet-service-due';
import { dateText, idOf, idParam, optionalText, pagingQuery, required, requiredText } from './common';

/**
 * Fleet (spec platform 2.1 /fleetManagement/myAuto and administration fleetManagement): the company's vehicles, each
 * with its description, plate, VIN, technician, status and flags; the mileage and fuel a technician logs from his
 * phone, his inspection checklists, and when the vehicle is due for service by date or by mileage.
 */


/** A vehicle identification number: 17 letters and digits, never I, O or Q (ISO 3779), kept in capitals. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const vinText = z
  .string({ error: 'VIN must be text.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .length(17, 'VIN must be 17 characters.')
      .regex(VIN_PATTERN, 'VIN takes letters and digits only, never I, O or Q.'),
  );

const MAX_ODOMETER = 9_999_999;
const odometerOf = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .int(`${label} must be a whole number of miles.`)
    .min(0, `${label} must not be negative.`)
    .max(MAX_ODOMETER, `${label} must be at most ${MAX_ODOMETER}.`);

export const vehicleParams = z.object({ vehicleId: idParam('Vehicle') });

/** `POST Fleet/vehicles` and `PUT Fleet/vehicles/{vehicleId}`: the whole vehicle each time. */
export const vehicleBody = z
  .object({
    fleetDescriptionId: idOf('Description'),
    year: z
      .number({ error: 'Year must be a number.' })
      .int('Year must be a whole number.')
      .min(1900, 'Year must be 1900 or later.')
      .max(2100, 'Year must be 2100 or earlier.')
      .nullish(),
    make: optionalText('Make', 60).trim().nullish(),
    model: optionalText('Model', 60).trim().nullish(),
    plate: requiredText('Plate', 15),
    vin: vinText.nullish(),
    technicianId: idOf('Technician').nullish(),
    fleetStatusId: idOf('Status'),
    fleetFlagIds: z.array(idOf('Flag'), { error: 'Flags must be a list.' }).max(20, 'A vehicle takes at most 20 flags.').default([]),
    serviceDueOn: dateText('Service due date').nullish(),
    serviceDueMiles: odometerOf('Service due mileage').nullish(),
    notes: optionalText('Notes', 2000).trim().nullish(),
  })
  .meta({
    example: {
      fleetDescriptionId: 12, year: 2022, make: 'Ford', model: 'Transit 250', plate: 'TX-4KD2291', vin: '1FTBR1C82NKA12345', technicianId: 7, fleetStatusId: 15,
      fleetFlagIds: [18], serviceDueOn: '2027-01-15', serviceDueMiles: 45000, notes: 'Ladder rack on the roof.',
    },
  });
export type VehicleBody = z.input<typeof vehicleBody>;
export type VehicleParsed = z.output<typeof vehicleBody>;

/** One vehicle as the lists answer it: its names resolved, the odometer from its log and its service due state. */
export const vehicleSchema = z.object({
  vehicleId: z.number(),
  fleetDescriptionId: z.number(),
  fleetDescription: z.string(),
  year: z.number().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  plate: z.string(),
  vin: z.string().nullable(),
  technicianId: z.number().nullable(),
  technicianName: z.string().nullable(),
  fleetStatusId: z.number(),
  fleetStatus: z.string(),
  fleetFlagIds: z.array(z.number()),
  fleetFlags: z.array(z.string()),
  odometer: z.number().nullable().describe('The last reading logged; null before the first'),
  lastLoggedOn: z.string().nullable(),
  serviceDueOn: z.string().nullable(),
  serviceDueMiles: z.number().nullable(),
  serviceDue: z.enum(SERVICE_DUE_STATES).describe('due: the date has come or the odometer reached the mileage; dueSoon: within 14 days or 500 miles'),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehiclesAnswer = z.array(vehicleSchema);

export const vehiclesQuery = z.object({
  includeRetired: z.enum(['true', 'false'], { error: 'Include retired must be true or false.' }).default('false'),
});

/** `POST Fleet/vehicles/{vehicleId}/mileageLogs`: a reading of the odometer, with the fuel bought if any. */
export const mileageLogBody = z
  .object({
    loggedOn: dateText('Date').nullish(),
    odometer: odometerOf('Odometer'),
    fuelGallons: quantityOf('Fuel gallons').nullish(),
    fuelCost: moneyOf('Fuel cost').nullish(),
    notes: optionalText('Notes', 500).trim().nullish(),
  })
  .meta({ example: { loggedOn: '2026-11-25', odometer: 41230, fuelGallons: 18.4, fuelCost: 61.27, notes: 'Filled up in Plano' } });
export type MileageLogBody = z.input<typeof mileageLogBody>;
export type MileageLogParsed = z.output<typeof mileageLogBody>;

export const mileageLogSchema = z.object({
  mileageLogId: z.number(),
  vehicleId: z.number(),
  userId: z.number(),
  userName: z.string(),
  loggedOn: z.string(),
  odometer: z.number(),
  fuelGallons: z.number().nullable(),
  fuelCost: z.number().nullable(),
  notes: z.string().nullable(),
});
export type MileageLog = z.infer<typeof mileageLogSchema>;

export const fleetLogsQuery = z.object(pagingQuery(100, 20));
export const mileageLogsAnswer = z.object({ data: z.array(mileageLogSchema), total: z.number() });

const inspectionItemKeys = FLEET_INSPECTION_ITEMS.map((i) => i.key) as [string, ...string[]];
const inspectionItemBody = z.object({
  item: z.enum(inspectionItemKeys, { error: (i) => (i.input === undefined ? required('Item') : 'Item is not on the checklist.') }),
  result: z.enum(FLEET_INSPECTION_RESULTS, { error: (i) => (i.input === undefined ? required('Result') : 'Result must be ok or needsAttention.') }),
  comment: optionalText('Comment', 500).trim().nullish(),
});

/** `POST Fleet/vehicles/{vehicleId}/inspections`: every item of the checklist once; one that needs attention says why. */
export const inspectionBody = z
  .object({
    inspectedOn: dateText('Date').nullish(),
    odometer: odometerOf('Odometer').nullish(),
    items: z.array(inspectionItemBody, { error: (i) => (i.input === undefined ? required('Checklist') : 'Checklist must be a list.') }).max(FLEET_INSPECTION_ITEMS.length, 'The checklist has each item once.'),
    notes: optionalText('Notes', 1000).trim().nullish(),
  })
  .superRefine((b, c) => {
    for (const { key, label } of FLEET_INSPECTION_ITEMS) {
      const n = b.items.filter((i) => i.item === key).length;
      if (n !== 1) c.addIssue({ code: 'custom', path: ['items'], message: n === 0 ? `Check ${label.toLowerCase()}: every item of the checklist needs an answer.` : 'The checklist has each item once.' });
    }
    b.items.forEach((i, n) => {
      const label = FLEET_INSPECTION_ITEMS.find((x) => x.key === i.item)?.label ?? i.item;
      if (i.result === 'needsAttention' && !i.comment) c.addIssue({ code: 'custom', path: ['items', n, 'comment'], message: `${label}: say what needs attention.` });
    });
  })
  .meta({
    example: {
      inspectedOn: '2026-11-25', odometer: 41230, notes: 'Weekly check',
      items: FLEET_INSPECTION_ITEMS.map(({ key }) => (key === 'wipers' ? { item: key, result: 'needsAttention', comment: 'Driver side blade streaks' } : { item: key, result: 'ok' })),
    },
  });
export type InspectionBody = z.input<typeof inspectionBody>;
export type InspectionParsed = z.output<typeof inspectionBody>;

export const inspectionSchema = z.object({
  inspectionId: z.number(),
  vehicleId: z.number(),
  userId: z.number(),
  userName: z.string(),
  inspectedOn: z.string(),
  odometer: z.number().nullable(),
  items: z.array(z.object({ item: z.string(), label: z.string(), result: z.enum(FLEET_INSPECTION_RESULTS), comment: z.string().nullable() })),
  needsAttention: z.number().describe('How many items need attention'),
  notes: z.string().nullable(),
});
export type Inspection = z.infer<typeof inspectionSchema>;
export const inspectionsAnswer = z.object({ data: z.array(inspectionSchema), total: z.number() });

/** `GET Fleet/myAuto`: the caller's vehicles, each with its last readings and its last inspection. */
export const myAutoAnswer = z.array(
  z.object({ vehicle: vehicleSchema, recentLogs: z.array(mileageLogSchema), lastInspection: inspectionSchema.nullable() }),
);
export type MyAuto = z.infer<typeof myAutoAnswer>;
