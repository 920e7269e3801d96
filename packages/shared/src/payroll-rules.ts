import type { Requirement } from './access';

/**
 * Who reads and changes timesheets (spec platform 6.3), without the schemas (and zod), for the web app's frame. Everyone
 * with the Timesheet module reads their own; "Main Timesheet" reads and approves everyone's; "Lock Timesheet" locks a
 * pay period and corrects a locked one with an adjustment.
 */
export const TIMESHEET_OWN: Requirement = { kind: 'area', area: 'Timesheet', level: 'read' };
export const TIMESHEET_ALL: Requirement = { kind: 'area', area: 'Timesheet', level: 'read', functionality: 'Main Timesheet' };
export const TIMESHEET_APPROVE: Requirement = { kind: 'area', area: 'Timesheet', level: 'write', functionality: 'Main Timesheet' };
export const TIMESHEET_LOCK: Requirement = { kind: 'area', area: 'Timesheet', level: 'write', functionality: 'Lock Timesheet' };

/** Hours typed for time off and adjustments are whole quarter hours, as payroll counts them. */
export const QUARTER_HOUR_MINUTES = 15;
