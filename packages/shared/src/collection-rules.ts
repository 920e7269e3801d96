import type { Requirement } from './access';

/** Reading the receivables (spec platform 2.1 /collection): the Collection area. */
export const COLLECTION_READ: Requirement = { kind: 'area', area: 'Collection', level: 'read' };

/** Changing the collection settings and working the collection tasks: the Collection area's write level. */
export const COLLECTION_WRITE: Requirement = { kind: 'area', area: 'Collection', level: 'write' };

/** Setting a customer's credit limit and credit hold: the special permission of spec platform 6. */
export const CREDIT_LIMIT_ACCESS: Requirement = { kind: 'area', area: 'Customers', level: 'read', functionality: 'Access Customer Credit Limit & OnHold' };

/**
 * The aging buckets, by days past the due date (the invoice's date plus its customer's terms) in the company's time
 * zone: not yet due (current), then 1-30, 31-60, 61-90 and over 90 days past due.
 */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The buckets of what is past due. */
export const PAST_DUE_BUCKETS = ['days1to30', 'days31to60', 'days61to90', 'over90'] as const satisfies readonly AgingBucket[];
export type PastDueBucket = (typeof PAST_DUE_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1-30 days',
  days31to60: '31-60 days',
  days61to90: '61-90 days',
  over90: 'Over 90 days',
};

/** The bucket of an invoice this many days past due (zero or less: not yet due). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'over90';
}
