import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE, type AuditEntry, type InviteUserInput, type MaskedRole, type SetPayRateInput, type UpdateMaskedRoleInput, type UpdateUserInput, type UserDetail, type UserPayRate, type UsersAnswer, type UsersQuery } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

/** Every users query starts with this key; a change to a user refreshes them all. */
const USERS_KEY = 'usersAdmin';

/** One page of the company's users, searched and filtered by state. */
export function usersQuery(query: Omit<UsersQuery, 'roleId'> & { roleId?: number }) {
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

/** The company's active Team Leaders, whom a user's team leaders are chosen from. */
export function teamLeaderChoicesQuery(enabled = true) {
  return queryOptions({
    queryKey: [USERS_KEY, 'teamLeaders'],
    queryFn: ({ signal }) => apiGet<UsersAnswer>('Users', { signal, query: { state: 'active', roleId: ROLE['Team Leader'], take: 100, skip: 0 } }),
    enabled,
  });
}

/** A user's pay rate in force and every rate with its first day (Can Access Payroll only). */
export function userPayRateQuery(userId: number, enabled = true) {
  return queryOptions({
    queryKey: [USERS_KEY, 'payRate', userId],
    queryFn: ({ signal }) => apiGet<UserPayRate>(`Users/${userId}/payRate`, { signal }),
    enabled,
  });
}

/** Gives a user a new pay rate from a day on. */
export function useSetPayRate(userId: number) {
  const onSuccess = useRefreshUsers();
  return useMutation({ mutationFn: (body: SetPayRateInput) => apiPost<UserPayRate>(`Users/${userId}/payRate`, body), onSuccess });
}

const MASKED_ROLES_KEY = ['maskedUserRoles'] as const;

/** Every role as the company names it, and whether its pickers offer it. */
export function maskedRolesQuery(enabled = true) {
  return queryOptions({
    queryKey: MASKED_ROLES_KEY,
    queryFn: ({ signal }) => apiGet<MaskedRole[]>('MaskedUserRoles', { signal }),
    enabled,
  });
}

/** Saves the company's name for a role and whether it is hidden; the users' role names change with it. */
export function useUpdateMaskedRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, body }: { roleId: number; body: UpdateMaskedRoleInput }) => apiPut<MaskedRole>(`MaskedUserRoles/${roleId}`, body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: MASKED_ROLES_KEY }), client.invalidateQueries({ queryKey: [USERS_KEY] })]),
  });
}
