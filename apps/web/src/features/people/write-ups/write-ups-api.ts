import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWriteUpBody, GridRequest, UpdateWriteUpBody, WriteUp, WriteUpEmployee } from '@sm/shared';
import type { GridPage } from '../../../components/data-grid';
import { apiGet, apiPost, apiPut } from '../../../lib/api';
import { MY_WRITE_UPS_KEY } from '../notices/notices-api';

/** The company's write-ups, for the managers' grid. */
export const WRITE_UPS_KEY = ['writeUps'] as const;

export function fetchWriteUps(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<WriteUp>>('FlagReminder/allWriteUp', request, { signal });
}

/** Whom the caller may write up. */
export const writeUpEmployeesQuery = queryOptions({
  queryKey: [...WRITE_UPS_KEY, 'employees'],
  queryFn: ({ signal }) => apiGet<WriteUpEmployee[]>('FlagReminder/writeUpEmployees', { signal }),
  staleTime: 5 * 60_000,
});

/** Saves a write-up: POST when new, PUT when it exists (spec platform 4.5); the grid and the caller's notices are read again. */
export function useSaveWriteUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWriteUpBody | UpdateWriteUpBody) =>
      'writeUpId' in body ? apiPut<WriteUp>('FlagReminder/writeUp', body) : apiPost<WriteUp>('FlagReminder/writeUp', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: WRITE_UPS_KEY });
      void client.invalidateQueries({ queryKey: MY_WRITE_UPS_KEY });
    },
  });
}

/** The id of a work order by its number, for a write-up about it; a number that is not found says so. */
export const workOrderIdOf = (workOrderNumber: string) =>
  apiGet<{ workOrderId: number }>(`WorkOrder/${encodeURIComponent(workOrderNumber)}`).then((w) => w.workOrderId);
