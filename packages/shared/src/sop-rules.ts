import type { Requirement } from './access';

/**
 * The rules of SOPs that the web app's frame needs without the schemas (and zod): the statuses with their colours and
 * what the SOP screens require. The request and answer schemas are in schemas/sop.ts.
 */

/** The SOP statuses (fixed ids, every company) and their display colours (spec platform 4.5). */
export const SOP_STATUSES = [
  { sopStatusId: 1, sopStatus: 'Pending', color: 'orange' },
  { sopStatusId: 2, sopStatus: 'Submitted', color: 'blue' },
  { sopStatusId: 3, sopStatus: 'Approved', color: 'teal' },
  { sopStatusId: 4, sopStatus: 'Assigned', color: 'yellow' },
  { sopStatusId: 5, sopStatus: 'Completed', color: 'green' },
] as const;
export const sopStatusColor = (status: string) => SOP_STATUSES.find((s) => s.sopStatus === status)?.color ?? 'gray';

/** Who reads and who manages SOPs: the Users permission area. */
export const SOP_READ: Requirement = { kind: 'area', area: 'Users', level: 'read' };
export const SOP_WRITE: Requirement = { kind: 'area', area: 'Users', level: 'write' };
