import { SC_COMPLETED, SC_STOP_PRIMARY_STATUSES, type ServiceChannelStatusOption } from '@sm/shared';
import type { ScStatusList } from './service-channel-client';

/**
 * The Stop dialog's status lists from the provider's: only the primary statuses a technician may leave a work order
 * in, each with the extended statuses the provider (and the customer) allow with it.
 */
export function toStopStatusOptions(lists: ScStatusList[]): ServiceChannelStatusOption[] {
  return SC_STOP_PRIMARY_STATUSES.flatMap((primary) => {
    const found = lists.find((l) => l.Primary?.toUpperCase() === primary);
    if (!found) return [];
    const extended = [...new Set((found.Extended ?? []).filter((e) => typeof e === 'string' && e.trim() !== ''))];
    return [{ id: primary, name: primary, extended: extended.map((e) => ({ id: e, name: e })) }];
  });
}

/** Extended statuses the check-out's PrimaryStatus already says, so they are sent as that value and not as text. */
const EXTENDED_AS_PRIMARY: Record<string, string> = { 'WAITING FOR QUOTE': 'WaitingForQuote', 'PARTS ON ORDER': 'PartsOnOrder', INCOMPLETE: 'Incomplete' };

/**
 * The universalCheckOut fields for the statuses the technician chose in the Stop dialog: our "IN PROGRESS" and
 * "COMPLETED" become the provider's PrimaryStatus values, and the extended status goes along unless the work is
 * completed (the provider then sets PENDING CONFIRMATION itself). No choice leaves the provider's status as it is.
 */
export function toCheckOutStatus(primary: string | null | undefined, extended: string | null | undefined): { PrimaryStatus: string; ExtendedStatus: string | null } {
  const p = primary?.trim().toUpperCase() || null;
  const e = extended?.trim().toUpperCase() || null;
  if (!p) return { PrimaryStatus: 'NoStatusChange', ExtendedStatus: null };
  if (p === SC_COMPLETED) return { PrimaryStatus: 'Completed', ExtendedStatus: null };
  if (e && EXTENDED_AS_PRIMARY[e]) return { PrimaryStatus: EXTENDED_AS_PRIMARY[e], ExtendedStatus: e };
  return { PrimaryStatus: 'InProgress', ExtendedStatus: e };
}

/** How the provider's work order status is written on ours: "PRIMARY / EXTENDED". */
export const providerStatusText = (status: { Primary: string; Extended?: string | null }) =>
  status.Extended ? `${status.Primary} / ${status.Extended}` : status.Primary;
