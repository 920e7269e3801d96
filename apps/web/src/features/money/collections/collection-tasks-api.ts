import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionTask, CollectionTaskList, CollectionTaskQuery, CollectionTaskResultBody } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

export type { CollectionTask };

/** Every query of the collection tasks: a notice of new tasks reads them again. */
export const COLLECTION_TASKS_KEY = ['collection', 'tasks'] as const;

export function collectionTasksQuery(query: CollectionTaskQuery) {
  return queryOptions({
    queryKey: [...COLLECTION_TASKS_KEY, query],
    queryFn: ({ signal }) => apiGet<CollectionTaskList>('Collection/tasks', { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Makes the tasks the templates call for now; the list reads again. */
export function useRunCollectionTasks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ tasksCreated: number }>('Collection/tasks/run'),
    onSuccess: () => client.invalidateQueries({ queryKey: COLLECTION_TASKS_KEY }),
  });
}

/** Records what came of a task; the list reads again. */
export function useRecordTaskResult(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionTaskResultBody) => apiPut<CollectionTask>(`Collection/tasks/${taskId}/result`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: COLLECTION_TASKS_KEY }),
  });
}
