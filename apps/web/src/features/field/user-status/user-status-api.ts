import { queryOptions } from '@tanstack/react-query';
import type { CurrentUserStatus, UserStatusOption } from '@sm/shared';
import { apiGet } from '../../../lib/api';

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

/** Whether the caller already has a time sheet entry for this status today. */
export function hasTimeSheetEntry(statusId: number): Promise<boolean> {
  return apiGet<boolean>(`User/isTimeSheetEntryAlreadyExists/${statusId}`);
}

/** Sets the caller's status; a status that needs a description must send one. */
export function updateUserStatus(statusId: number, description?: string): Promise<CurrentUserStatus> {
  return apiGet<CurrentUserStatus>(`User/updatestatus/${statusId}`, { query: { description } });
}
