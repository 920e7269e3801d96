import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferenceColumnType, ReferenceListKey, ReferenceRow, ReferenceUserChoice } from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

const listKey = (key: ReferenceListKey) => ['referenceList', key] as const;

/** The rows of one reference list (the administration pages and their pickers). */
export function referenceRowsQuery(key: ReferenceListKey, enabled = true) {
  return queryOptions({
    queryKey: listKey(key),
    queryFn: ({ signal }) => apiGet<ReferenceRow[]>(`ReferenceList/${key}`, { signal }),
    enabled,
  });
}

/** The company's users a list's rows may name (a truck's technician), inactive ones too. */
export function referenceUsersQuery(key: ReferenceListKey, enabled = true) {
  return queryOptions({
    queryKey: [...listKey(key), 'users'] as const,
    queryFn: ({ signal }) => apiGet<ReferenceUserChoice[]>(`ReferenceList/${key}/users`, { signal }),
    enabled,
  });
}

/** The company's item GL groups a list's rows may name (a standard item's), as choices. */
export function referenceItemGlGroupsQuery(key: ReferenceListKey, enabled = true) {
  return queryOptions({
    queryKey: [...listKey(key), 'itemGlGroups'] as const,
    queryFn: ({ signal }) => apiGet<ReferenceUserChoice[]>(`ReferenceList/${key}/itemGlGroups`, { signal }),
    enabled,
  });
}

/** Where a column's choices come from: the rows of another list, the company's users, or its item GL groups. */
export type ChoiceSource = 'rows' | 'users' | 'itemGlGroups';

/** The source of a column picked from choices, or null for a column typed in. */
export function choiceSourceOf(type: ReferenceColumnType): ChoiceSource | null {
  if (type === 'reference') return 'rows';
  if (type === 'user') return 'users';
  if (type === 'itemGlGroup') return 'itemGlGroups';
  return null;
}

/** The query of a column's choices: another list's rows, or what the list `key` may name. */
export function choicesQuery(key: ReferenceListKey, source: ChoiceSource, list: ReferenceListKey | undefined) {
  if (source === 'users') return referenceUsersQuery(key);
  if (source === 'itemGlGroups') return referenceItemGlGroupsQuery(key);
  return referenceRowsQuery(list!);
}

/** Adding, changing and deleting rows of a list; each refreshes the list (failures are toasted centrally). */
export function useReferenceRowMutations(key: ReferenceListKey) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: listKey(key) });
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiPost<ReferenceRow>(`ReferenceList/${key}`, body),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) => apiPut<ReferenceRow>(`ReferenceList/${key}/${id}`, body),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiDelete<{ id: number }>(`ReferenceList/${key}/${id}`),
    onSuccess,
  });
  return { add, update, remove };
}
