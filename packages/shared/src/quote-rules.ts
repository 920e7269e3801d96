import type { Requirement } from './access';

/**
 * The rules of quotes that the web app's frame needs without the schemas (and zod): statuses, line kinds and what each
 * quote screen requires. The request and answer schemas are in schemas/quotes.ts.
 */
export const QUOTE_STATUSES = ['Open', 'Pending', 'Submitted', 'Approved', 'Rejected'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The statuses a person sets by hand; Approved and Rejected have their own actions. */
export const SETTABLE_QUOTE_STATUSES = ['Open', 'Pending', 'Submitted'] as const;
/** A version whose lines may still change. */
export const EDITABLE_QUOTE_STATUSES: readonly QuoteStatus[] = ['Open', 'Pending'];
/** Statuses from which a version may be approved or rejected. */
export const DECIDABLE_QUOTE_STATUSES: readonly QuoteStatus[] = ['Open', 'Pending', 'Submitted'];

/**
 * The work-order status each quote status moves its work order to (spec platform 4.9): Quote Open 44, Quote Pending
 * 35, Quote Submitted 45, Quote Approved 28; a rejected quote leaves the work order needing a quote again (34).
 */
export const QUOTE_WORK_ORDER_STATUS: Record<QuoteStatus, number> = { Open: 44, Pending: 35, Submitted: 45, Approved: 28, Rejected: 34 };

export const QUOTE_LINE_KINDS = ['labor', 'material', 'standardItem'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];
export const QUOTE_LINE_KIND_LABELS: Record<QuoteLineKind, string> = { labor: 'Labor', material: 'Material', standardItem: 'Standard Item' };

/** What each quote screen and route requires (spec platform 6.3: Quotes, Create Quote, All Quotes, Can Access Quotes Grid). */
export const QUOTES_READ: Requirement = { kind: 'area', area: 'Quotes', level: 'read' };
export const QUOTES_WRITE: Requirement = { kind: 'area', area: 'Quotes', level: 'write' };
export const CREATE_QUOTE: Requirement = { kind: 'area', area: 'Quotes', level: 'write', functionality: 'Create Quote' };
export const QUOTES_GRID: Requirement = { kind: 'area', area: 'Quotes', level: 'read', functionality: 'Can Access Quotes Grid' };
export const ALL_QUOTES: Requirement = { kind: 'area', area: 'Quotes', level: 'read', functionality: 'All Quotes' };
