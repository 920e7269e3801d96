import { queryOptions } from '@tanstack/react-query';
import type { RolePermissionsUpdate, RoleSummary } from '@sm/shared';
import { apiGet, apiPut } from '../../../lib/api';

/** The roles of the caller's company with their permission matrices (Super Admin only). */
export const rolesQuery = queryOptions({
  queryKey: ['account', 'roles'],
  queryFn: () => apiGet<RoleSummary[]>('Account/roles'),
  staleTime: Infinity,
});

/** Replaces a role's permission matrix; answers the updated role. */
export function saveRolePermissions(roleId: number, body: RolePermissionsUpdate): Promise<RoleSummary> {
  return apiPut<RoleSummary>(`Account/roles/${roleId}/permissions`, body);
}
