/**
 * The facilities-management provider's (Corrigo's) statuses, apart from its schemas so the clock's schemas can name
 * them without importing the provider's (which import the clock's position).
 */

/** Provider work-order statuses (spec platform 4.8). */
export const CORRIGO_WORK_ORDER_STATUSES = [
  'New', 'Accepted', 'Rejected', 'Recalled', 'CheckedIn', 'Paused', 'OnHold', 'CheckedOut', 'Verified', 'NeedsCompletionDetails', 'Completed', 'Synced',
] as const;
export type CorrigoWorkOrderStatus = (typeof CORRIGO_WORK_ORDER_STATUSES)[number];

/**
 * The statuses a technician leaves a Corrigo work order in when stopping, in the check-out wizard or the Stop dialog
 * (spec clock 4): Paused pauses, CheckedOut checks out, Completed finishes.
 */
export const CORRIGO_WIZARD_STATUSES = ['Paused', 'CheckedOut', 'Completed'] as const;
export type CorrigoStopStatus = (typeof CORRIGO_WIZARD_STATUSES)[number];

/** Status-change comment minimum (spec clock 9) and the provider's check-out comment maximum. */
export const CORRIGO_COMMENT_MIN = 5;
export const CORRIGO_COMMENT_MAX = 3000;

/**
 * What a technician may set on stopping, from the work order's status at Corrigo: pause or finish while checked in,
 * finish while paused, nothing otherwise (not checked in there, or already finished).
 */
export function corrigoStopStatusesFrom(status: string | null | undefined): CorrigoStopStatus[] {
  if (status === 'CheckedIn') return [...CORRIGO_WIZARD_STATUSES];
  if (status === 'Paused') return CORRIGO_WIZARD_STATUSES.filter((s) => s !== 'Paused');
  return [];
}

/** 'CheckedOut' → 'Checked Out', as the dialogs show a status. */
export function corrigoStatusLabel(status: string): string {
  return status.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** Whether a provider status is one a technician may leave the work order in on stopping. */
export function isCorrigoStopStatus(status: string | null | undefined): status is CorrigoStopStatus {
  return (CORRIGO_WIZARD_STATUSES as readonly string[]).includes(status ?? '');
}
