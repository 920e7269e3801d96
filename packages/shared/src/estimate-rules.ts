import type { Requirement } from './access';

/**
 * The rules of customer estimates that the web app's frame needs without the schemas (and zod): statuses and what each
 * estimate screen requires. The request and answer schemas are in schemas/estimates.ts.
 */
export const ESTIMATE_STATUSES = ['Open', 'Sent', 'Accepted', 'Declined', 'Converted'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** The statuses a person moves an estimate to by hand; Converted comes with its work order. */
export const SETTABLE_ESTIMATE_STATUSES = ['Sent', 'Accepted', 'Declined'] as const;
export type SettableEstimateStatus = (typeof SETTABLE_ESTIMATE_STATUSES)[number];

/** An estimate whose header and lines may still change: not yet answered by the customer. */
export const EDITABLE_ESTIMATE_STATUSES: readonly EstimateStatus[] = ['Open', 'Sent'];

/** The statuses each status may be reached from; the same status again changes nothing. */
export const ESTIMATE_STATUS_SOURCES: Record<SettableEstimateStatus, readonly EstimateStatus[]> = {
  Sent: ['Open'],
  Accepted: ['Open', 'Sent'],
  Declined: ['Open', 'Sent', 'Accepted'],
};

/** Only an accepted estimate becomes a work order. */
export const CONVERTIBLE_ESTIMATE_STATUS: EstimateStatus = 'Accepted';

/** Estimates are offers to customers, under the Quotes permission area: read to see them, write to change them. */
export const ESTIMATES_READ: Requirement = { kind: 'area', area: 'Quotes', level: 'read' };
export const ESTIMATES_WRITE: Requirement = { kind: 'area', area: 'Quotes', level: 'write' };
