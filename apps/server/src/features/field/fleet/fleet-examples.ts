import { FLEET_INSPECTION_ITEMS, type Inspection, type MileageLog, type Vehicle } from '@sm/shared';

/** Examples of the OpenAPI document: Tom's service van, a fill-up and his weekly walk round it. */
export const EXAMPLE_VEHICLE: Vehicle = {
  vehicleId: 3, fleetDescriptionId: 12, fleetDescription: 'Service Van', year: 2022, make: 'Ford', model: 'Transit 250', plate: 'TX-4KD2291', vin: '1FTBR1C82NKA12345',
  technicianId: 7, technicianName: 'Tom Alvarez', fleetStatusId: 15, fleetStatus: 'In Service', fleetFlagIds: [18], fleetFlags: ['Ladder Rack'], odometer: 41230,
  lastLoggedOn: '2026-11-25', serviceDueOn: '2027-01-15', serviceDueMiles: 45000, serviceDue: 'ok', notes: 'Ladder rack on the roof.', isActive: true,
};

export const EXAMPLE_MILEAGE_LOG: MileageLog = {
  mileageLogId: 52, vehicleId: 3, userId: 7, userName: 'Tom Alvarez', loggedOn: '2026-11-25', odometer: 41230, fuelGallons: 18.4, fuelCost: 61.27, notes: 'Filled up in Plano',
};

export const EXAMPLE_INSPECTION: Inspection = {
  inspectionId: 9, vehicleId: 3, userId: 7, userName: 'Tom Alvarez', inspectedOn: '2026-11-25', odometer: 41230, needsAttention: 1, notes: 'Weekly check',
  items: FLEET_INSPECTION_ITEMS.map(({ key, label }) => (key === 'wipers' ? { item: key, label, result: 'needsAttention', comment: 'Driver side blade streaks' } : { item: key, label, result: 'ok', comment: null })),
};
