import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SopAcknowledgement, SopCheckList, SopDetail, SopDetailBody, SopDetailRow, SopNotifications } from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { MY_CHECK_LIST_KEY, MY_SOPS_KEY, SOP_NOTICES_KEY } from '../notices/notices-api';

/** The company's SOPs and who acknowledged them, for the office's pages: every query of them starts with this key. */
export const SOP_KEY = ['sop'] as const;

export const sopListQuery = queryOptions({
  queryKey: [...SOP_KEY, 'list'],
  queryFn: ({ signal }) => apiGet<SopDetailRow[]>('SOPDetails/list', { signal }),
});

/** One SOP with its checklist and assignees, read afresh each time its dialog opens. */
export const sopDetailQuery = (sopDetailId: number) =>
  queryOptions({
    queryKey: [...SOP_KEY, 'detail', sopDetailId],
    queryFn: ({ signal }) => apiGet<SopDetail>(`SOPDetails/${sopDetailId}`, { signal }),
    staleTime: 0,
  });

/** Whom an SOP can be assigned to: the company's active staff. */
export const sopAssignableUsersQuery = queryOptions({
  queryKey: [...SOP_KEY, 'assignableUsers'],
  queryFn: ({ signal }) => apiGet<{ userId: number; name: string }[]>('SOPDetails/assignableUsers', { signal }),
  staleTime: 5 * 60_000,
});

/** Who was given which SOP (one SOP, or all of them), with when they acknowledged it and their steps done. */
export const sopAcknowledgementsQuery = (sopDetailId: number | null) =>
  queryOptions({
    queryKey: [...SOP_KEY, 'acknowledgements', sopDetailId ?? 'all'],
    queryFn: ({ signal }) => apiGet<SopAcknowledgement[]>(`SOPDetails/usersAcknowledged${sopDetailId ? `?sopDetailId=${sopDetailId}` : ''}`, { signal }),
  });

/**
 * Saving and deleting an SOP: POST when new, PUT when it exists. The office's lists are read again, and so are the
 * caller's own notices, since they may have assigned it to themselves.
 */
export function useSopMutations() {
  const client = useQueryClient();
  const onSuccess = () => {
    void client.invalidateQueries({ queryKey: SOP_KEY });
    void client.invalidateQueries({ queryKey: SOP_NOTICES_KEY });
  };
  const save = useMutation({
    mutationFn: ({ sopDetailId, body }: { sopDetailId: number | null; body: SopDetailBody }) =>
      sopDetailId ? apiPut<SopDetail>(`SOPDetails/${sopDetailId}`, body) : apiPost<SopDetail>('SOPDetails', body),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (sopDetailId: number) => apiDelete<{ sopDetailId: number }>(`SOPDetails/${sopDetailId}`), onSuccess });
  return { save, remove };
}

/**
 * The caller acknowledging their SOPs, one or all, and marking checklist steps done. Each answer is the caller's
 * list as it is now; the office's acknowledgement counts are read again.
 */
export function useMySopActions() {
  const client = useQueryClient();
  const settle = <T>(key: readonly unknown[]) => (answer: T) => {
    client.setQueryData(key, answer);
    void client.invalidateQueries({ queryKey: SOP_KEY });
  };
  const acknowledge = useMutation({
    mutationFn: (sopDetailId: number) => apiPut<SopNotifications>(`SOPDetails/acknowledgeSopDetail/${sopDetailId}`),
    onSuccess: settle<SopNotifications>(MY_SOPS_KEY),
  });
  const acknowledgeAll = useMutation({
    mutationFn: () => apiPut<SopNotifications>('SOPDetails/acknowledgeSOPNotification'),
    onSuccess: settle<SopNotifications>(MY_SOPS_KEY),
  });
  const markDone = useMutation({
    mutationFn: (checkListNotificationId: number) => apiPut<SopCheckList>('SOPDetails/acknowledgeSOPCheckListNotification', { checkListNotificationId }),
    onSuccess: settle<SopCheckList>(MY_CHECK_LIST_KEY),
  });
  return { acknowledge, acknowledgeAll, markDone };
}
