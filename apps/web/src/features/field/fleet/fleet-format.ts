/** A vehicle's name as people say it: '2022 Ford Transit 250', or its description. */
export const vehicleName = (v: { year: number | null; make: string | null; model: string | null; fleetDescription: string }) =>
  [v.year, v.make, v.model].filter(Boolean).join(' ') || v.fleetDescription;

/** An odometer reading as people read it: '41,230 mi'. */
export const milesText = (miles: number | null) => (miles === null ? 'No reading yet' : `${miles.toLocaleString('en-US')} mi`);

/** When service is due, by date and mileage, in words. */
export function serviceDueText(v: { serviceDueOn: string | null; serviceDueMiles: number | null }, formatDay: (day: string) => string) {
  const parts = [v.serviceDueOn ? formatDay(v.serviceDueOn) : null, v.serviceDueMiles !== null ? milesText(v.serviceDueMiles) : null].filter(Boolean);
  return parts.length === 0 ? 'Not set' : parts.join(' or ');
}
