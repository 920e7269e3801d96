import type { Requirement } from './access';

/**
 * The rules of pay raises that the web app's frame needs without the schemas (and zod): who asks, who answers and
 * sees pay, the priorities and the statuses. The request and answer schemas are in schemas/pay-raises.ts.
 */

/** Managers ask for raises (Team Leader area); payroll approves them and sees pay figures. */
export const PAY_RAISE_REQUEST: Requirement = { kind: 'area', area: 'Team Leader', level: 'write' };
export const PAY_RAISE_APPROVE: Requirement = { kind: 'area', area: 'Timesheet', level: 'write', functionality: 'Can Access Payroll' };
export const PAY_FIGURES: Requirement = { kind: 'area', area: 'Timesheet', level: 'read', functionality: 'Can Access Payroll' };

export const RAISE_APPROVAL_PRIORITIES = [
  { raiseApprovalPriorityId: 1, name: 'Normal' },
  { raiseApprovalPriorityId: 2, name: 'High' },
  { raiseApprovalPriorityId: 3, name: 'Urgent' },
] as const;

export const PAY_RAISE_STATUSES = ['Requested', 'Refused', 'Approved', 'Signed'] as const;
export type PayRaiseStatus = (typeof PAY_RAISE_STATUSES)[number];
