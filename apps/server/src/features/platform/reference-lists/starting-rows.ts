import { PAYMENT_METHODS, type ReferenceListKey } from '@sm/shared';
import { companyListRows } from '../../../db/schema';
import type { Tx } from '../../../lib/context';

/** The kinds of warehouse and of truck stock every company starts with. */
export const STARTING_WAREHOUSE_TYPES = ['Main Warehouse', 'Satellite Warehouse'] as const;
export const STARTING_TRUCK_STOCK_TYPES = ['Standard Van Stock', 'Refrigeration Van Stock'] as const;
/** The kinds of vehicle, where a vehicle stands and the marks it carries, so the first vehicle has them to name. */
export const STARTING_FLEET_DESCRIPTIONS = ['Service Van', 'Pickup Truck', 'Box Truck'] as const;
export const STARTING_FLEET_STATUSES = ['In Service', 'In Shop', 'Out of Service'] as const;
export const STARTING_FLEET_FLAGS = ['Ladder Rack', 'Refrigerant Cage'] as const;
/**
 * The job settings a company starts with, so the first project has statuses for the board's columns, a type and
 * permits to name (migration 0055 gives them to the companies that were there before). Crew members and
 * subcontractors are the company's own people and firms: those lists start empty.
 */
export const STARTING_JOB_SETTINGS: Partial<Record<ReferenceListKey, readonly string[]>> = {
  jobStatuses: ['Bidding', 'Awarded', 'In Progress', 'On Hold', 'Closed Out'],
  projectTypes: ['Remodel', 'New Construction', 'Service Upgrade'],
  permitTypes: ['Plumbing', 'Excavation', 'Right of Way'],
  permitStatuses: ['Applied', 'Issued', 'Inspected', 'Closed'],
  dischargeGroup: ['Sanitary Sewer', 'Storm Drain'],
  surveyClassTypes: ['Boundary', 'Topographic', 'Utility Locate'],
  pipelineStatuses: ['Proposed', 'Installed', 'Tested', 'Abandoned'],
  workOrderJobArea: ['Kitchen', 'Restrooms', 'Exterior'],
  pitTypes: ['Bore Pit', 'Receiving Pit'],
  wellTypes: ['Domestic', 'Irrigation'],
  installTypes: ['Open Trench', 'Directional Bore'],
  rowApprovalTypes: ['City Permit', 'State DOT'],
};

/** A row of the shared table of simple lists, as the starting data and the demo write it. */
export interface StartingRow {
  listKey: ReferenceListKey;
  name: string;
  amount?: string;
  percent?: string;
  wholeNumber?: number;
  kind?: string;
  description?: string;
  lines?: string[];
}

/**
 * What every new company starts with, so invoices and customers have terms and methods to name from day one, and
 * warehouses and trucks a type, and vehicles a description, a status and flags. The payment methods include every
 * method the product always takes (the card one carries the convenience fee).
 */
export const STARTING_LIST_ROWS: StartingRow[] = [
  { listKey: 'terms', name: 'Due on Receipt', wholeNumber: 0 },
  { listKey: 'terms', name: 'Net 15', wholeNumber: 15 },
  { listKey: 'terms', name: 'Net 30', wholeNumber: 30 },
  ...PAYMENT_METHODS.map((name): StartingRow => ({ listKey: 'paymentMethods', name })),
  { listKey: 'billingMethods', name: 'E-mail' },
  { listKey: 'billingMethods', name: 'Mail' },
  ...STARTING_WAREHOUSE_TYPES.map((name): StartingRow => ({ listKey: 'wareHouseTypes', name })),
  ...STARTING_TRUCK_STOCK_TYPES.map((name): StartingRow => ({ listKey: 'truckStockTypes', name })),
  ...STARTING_FLEET_DESCRIPTIONS.map((name): StartingRow => ({ listKey: 'fleetDescriptions', name })),
  ...STARTING_FLEET_STATUSES.map((name): StartingRow => ({ listKey: 'fleetStatuses', name })),
  ...STARTING_FLEET_FLAGS.map((name): StartingRow => ({ listKey: 'fleetFlags', name })),
  ...Object.entries(STARTING_JOB_SETTINGS).flatMap(([listKey, names]) => (names ?? []).map((name): StartingRow => ({ listKey: listKey as ReferenceListKey, name }))),
];

/** Adds rows to a company's simple lists. */
export async function addListRows(tx: Tx, subscriberId: number, rows: StartingRow[]) {
  if (rows.length > 0) await tx.insert(companyListRows).values(rows.map((r) => ({ subscriberId, ...r })));
}
