/**
 * When a vehicle is due for service (Fleet): "due" once its company's date reaches the service due date or its
 * odometer reaches the due mileage; "due soon" within `SERVICE_DUE_SOON_DAYS` days or `SERVICE_DUE_SOON_MILES` miles of
 * either; "ok" otherwise, and when neither is set.
 */
export const SERVICE_DUE_SOON_DAYS = 14;
export const SERVICE_DUE_SOON_MILES = 500;
export const SERVICE_DUE_STATES = ['ok', 'dueSoon', 'due'] as const;
export type ServiceDueState = (typeof SERVICE_DUE_STATES)[number];

/** The inspection checklist a technician fills in from his phone, in the order he walks round the vehicle. */
export const FLEET_INSPECTION_ITEMS = [
  { key: 'tires', label: 'Tires' },
  { key: 'lights', label: 'Lights' },
  { key: 'brakes', label: 'Brakes' },
  { key: 'fluids', label: 'Fluids' },
  { key: 'wipers', label: 'Wipers' },
  { key: 'horn', label: 'Horn' },
  { key: 'mirrors', label: 'Mirrors' },
  { key: 'safetyKit', label: 'First-aid kit and fire extinguisher' },
] as const;
export const FLEET_INSPECTION_RESULTS = ['ok', 'needsAttention'] as const;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The service due state of a vehicle on `today` (YYYY-MM-DD, the company's date). */
export function serviceDueOf(v: { today: string; serviceDueOn: string | null; serviceDueMiles: number | null; odometer: number | null }): ServiceDueState {
  const daysLeft = v.serviceDueOn === null ? null : daysBetween(v.today, v.serviceDueOn);
  const milesLeft = v.serviceDueMiles === null || v.odometer === null ? null : v.serviceDueMiles - v.odometer;
  if ((daysLeft !== null && daysLeft <= 0) || (milesLeft !== null && milesLeft <= 0)) return 'due';
  if ((daysLeft !== null && daysLeft <= SERVICE_DUE_SOON_DAYS) || (milesLeft !== null && milesLeft <= SERVICE_DUE_SOON_MILES)) return 'dueSoon';
  return 'ok';
}
