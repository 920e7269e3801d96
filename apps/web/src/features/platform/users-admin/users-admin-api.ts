import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry, InviteUserInput, UpdateUserInput, UserDetail, UsersAnswer, UsersQuery } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

/** Every users query starts with this key; a change to a user refreshes them all. */
const USERS_KEY = 'usersAdmin';

/** One page of the company's users, searched and filtered by state. */
export function usersQuery(query: UsersQuery) {
  return queryOptions({
    queryKey: [USERS_KEY, 'list', query],
    queryFn: ({ signal }) => apiGet<UsersAnswer>('Users', { signal, query: { ...query, search: query.search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** One user of the company, with the end of an open invitation. */
export function userQuery(userId: number) {
  return queryOptions({
    queryKey: [USERS_KEY, 'user', userId],
    queryFn: ({ signal }) => apiGet<UserDetail>(`Users/${userId}`, { signal }),
  });
}

/** The user's changes, oldest first. */
export function userHistoryQuery(userId: number) {
  return queryOptions({
    queryKey: [USERS_KEY, 'history', userId],
    queryFn: ({ signal }) => apiGet<AuditEntry[]>(`Users/${userId}/history`, { signal }),
  });
}

function useRefreshUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [USERS_KEY] });
}

/** Invites a new user; failures are toasted centrally. */
export function useInviteUser() {
  const onSuccess = useRefreshUsers();
  return useMutation({ mutationFn: (body: InviteUserInput) => apiPost<UserDetail>('Users/invite', body), onSuccess });
}

/** Saves a user's details. */
export function useUpdateUser(userId: number) {
  const onSuccess = useRefreshUsers();
  return useMutation({ mutationFn: (body: UpdateUserInput) => apiPut<UserDetail>(`Users/${userId}`, body), onSuccess });
}

/** What the user page's buttons do to a user's standing. */
export type UserStateAction = 'resendInvitation' | 'deactivate' | 'reactivate';

/** Sends the invitation again, deactivates or reactivates a user. */
export function useChangeUserState(userId: number) {
  const onSuccess = useRefreshUsers();
  return useMutation({ mutationFn: (action: UserStateAction) => apiPost<UserDetail>(`Users/${userId}/${action}`), onSuccess });
}
