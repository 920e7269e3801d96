import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleSummary } from '@sm/shared';
import { notifySuccess } from '../../../lib/notify';
import { SESSION_QUERY_KEY } from '../auth/session-api';
import { toUpdateBody, type PermissionDraft } from './permission-draft';
import { rolesQuery, saveRolePermissions } from './permissions-api';

/** Saves a role's matrix; the roles list takes the server's answer, and the caller's own access reloads. */
export function useSavePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, draft }: { roleId: number; draft: PermissionDraft }) =>
      saveRolePermissions(roleId, toUpdateBody(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData<RoleSummary[]>(rolesQuery.queryKey, (roles) =>
        roles?.map((r) => (r.roleId === saved.roleId ? saved : r)),
      );
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      notifySuccess('Permissions saved');
    },
  });
}
