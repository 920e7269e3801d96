import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PmBoardAnswer, PmGenerationAnswer, PmVisitsAnswer, SkipPmVisitBody } from '@sm/shared';
import { apiGet, apiPost } from '../../../lib/api';

/** Every query of preventive-maintenance visits starts with this key; generating or skipping refreshes them all. */
export const PM_VISITS_KEY = 'pmVisits';

/** A contract's visits, past and upcoming. */
export function pmVisitsQuery(contractId: number) {
  return queryOptions({
    queryKey: [PM_VISITS_KEY, 'contract', contractId],
    queryFn: ({ signal }) => apiGet<PmVisitsAnswer>(`PmContract/${contractId}/visits`, { signal }),
    enabled: contractId > 0,
  });
}

/** The PM board: this month's and next month's counts per technician, the overdue and upcoming visits. */
export const pmBoardQuery = queryOptions({
  queryKey: [PM_VISITS_KEY, 'board'],
  queryFn: ({ signal }) => apiGet<PmBoardAnswer>('PmBoard', { signal }),
});

/** Skips an upcoming date of a contract, with the reason. */
export function useSkipPmVisit(contractId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SkipPmVisitBody) => apiPost<PmVisitsAnswer>(`PmContract/${contractId}/visits/skip`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: [PM_VISITS_KEY] }),
  });
}

/** "Generate now": the company's due visits generated at once. */
export function useGeneratePmVisits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<PmGenerationAnswer>('PmContract/generate'),
    onSuccess: () => client.invalidateQueries({ queryKey: [PM_VISITS_KEY] }),
  });
}
