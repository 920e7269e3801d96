import { queryOptions } from '@tanstack/react-query';
import type { CurrentUserStatus, UserStatusOption } from '@sm/shared';
import { ApiError, apiGet } from '../../../lib/api';
import { sendOrKeep } from '../../../lib/offline/outbox';

/** The statuses a user may choose (spec platform 4.2). */
export const userStatusesQuery = queryOptions({
  queryKey: ['user', 'statuses'],
  queryFn: () => apiGet<UserStatusOption[]>('User/userStatuses'),
  staleTime: 10 * 60_000,
});

/** The caller's current status. */
export const currentUserStatusQuery = queryOptions({
  queryKey: ['user', 'status'],
  queryFn: () => apiGet<CurrentUserStatus>('User/getUserStatus'),
});

/** Whether the caller already has a time sheet entry for this status today; unknown without signal (then no). */
export function hasTimeSheetEntry(statusId: number): Promise<boolean> {
  return apiGet<boolean>(`User/isTimeSheetEntryAlreadyExists/${statusId}`).catch((err: unknown) => {
    if (err instanceof ApiError) throw err;
    return false;
  });
}

/** A status change as the list of actions waiting to send names it. */
export const statusChangeLabel = (name: string | null) => `Status ${name ?? ''}`.trim();

/**
 * Sets the caller's status (a status that needs a description must send one) through the outbox: without signal the
 * change is kept on the phone, sent in order with the clock actions, and answered here as chosen.
 */
export async function updateUserStatus(status: UserStatusOption, description?: string): Promise<{ saved: CurrentUserStatus; kept: boolean }> {
  const query = description === undefined ? '' : `?${new URLSearchParams({ description }).toString()}`;
  const outcome = await sendOrKeep<CurrentUserStatus>({
    method: 'GET',
    path: `User/updatestatus/${status.userStatusId}${query}`,
    label: statusChangeLabel(status.userStatus),
    action: 'userStatus',
  });
  if (outcome.sent) return { saved: outcome.answer, kept: false };
  return { saved: { userStatusId: status.userStatusId, userStatus: status.userStatus, description: description ?? null }, kept: true };
}
