import { queryOptions } from '@tanstack/react-query';
import type { MoveSalesTaskBody, SalesCustomer, SalesPerson, SalesTask, SaveSalesTaskBody } from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

export type { SalesCustomer, SalesPerson, SalesTask };

/** Every sales scheduler query starts with this key, so one invalidation refreshes the calendar and the selects. */
export const SALES_SCHEDULER_KEY = 'salesScheduler';

/** The visible range of the calendar (ISO 8601 with offsets) and the sales person filter (null: everyone visible). */
export interface SalesTaskRange {
  start: string;
  end: string;
  salesPersonId: number | null;
}

/** The tasks (occurrences expanded) overlapping the visible range, for one sales person or all the caller may see. */
export function salesTasksQuery(range: SalesTaskRange) {
  return queryOptions({
    queryKey: [SALES_SCHEDULER_KEY, 'items', range],
    queryFn: ({ signal }) => apiGet<SalesTask[]>('SalesScheduler/items', { signal, query: { ...range } }),
    staleTime: 15_000,
  });
}

/** Who tasks can be given to: the company's sales people (someone who plans only their own: themselves). */
export const salesPersonsQuery = queryOptions({
  queryKey: [SALES_SCHEDULER_KEY, 'salesPersons'],
  queryFn: ({ signal }) => apiGet<SalesPerson[]>('SalesScheduler/salesPersons', { signal }),
  staleTime: 10 * 60_000,
});

/** The customer select: the company's customers matching the search, the chosen one and the sales person's own first. */
export function salesCustomersQuery(params: { search: string; customerId: number | null; salesPersonId: number | null }) {
  return queryOptions({
    queryKey: [SALES_SCHEDULER_KEY, 'customers', params],
    queryFn: ({ signal }) =>
      apiGet<SalesCustomer[]>('SalesScheduler/customers', {
        signal,
        query: { search: params.search.trim() || undefined, customerId: params.customerId, salesPersonId: params.salesPersonId },
      }),
    staleTime: 60_000,
  });
}

/** Creates (schedulerId 0), changes, or takes one occurrence out of a series (schedulerId 0 + recurrenceId). */
export function saveSalesTask(body: SaveSalesTaskBody): Promise<{ schedulerId: number }> {
  return apiPost('SalesScheduler/save', body);
}

/** Moves or resizes a task, or with `occurrenceStart` one occurrence of a series. */
export function moveSalesTask(body: MoveSalesTaskBody): Promise<{ schedulerId: number }> {
  return apiPut('SalesScheduler/move', body);
}

/** Deletes a task (a series with its edited occurrences), or with `occurrenceStart` one occurrence. */
export function deleteSalesTask(schedulerId: number, occurrenceStart?: string) {
  return apiDelete<{ schedulerId: number }>(`SalesScheduler/${schedulerId}`, { query: { occurrenceStart } });
}
