import type { LaborApproval } from '@sm/shared';

/** The colour of each state of a labor approval, the same for the office and the customer. */
export const LABOR_APPROVAL_STATUS_COLOURS: Record<LaborApproval['status'], string> = { Pending: 'blue', Approved: 'teal', Disputed: 'orange', Expired: 'gray' };
