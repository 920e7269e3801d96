import { queryOptions } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH, type SearchGroup, type SearchRecordsAnswer } from '@sm/shared';
import { apiGet } from '../../../lib/api';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';

/** The search page (spec platform 2.1 /home/searchRecords); `q` carries what was typed. */
export const SEARCH_PAGE_PATH = '/home/searchRecords';
export const searchPagePath = (q: string) => `${SEARCH_PAGE_PATH}?q=${encodeURIComponent(q)}`;

/** Where each kind of result opens: the work order page, the customer's page (a contact opens its customer). */
export const searchTargets = {
  workOrder: (workOrderNumber: string) => workOrderEditPath(workOrderNumber),
  customer: (customerId: number) => `/customer/${customerId}`,
};

/** Whether a text is long enough to be searched. */
export const isSearchable = (q: string) => q.trim().length >= SEARCH_MIN_LENGTH;

/** Work orders, customers and contacts matching `q`, `take` of each (one group alone with `only`, from `skip`). */
export function searchRecordsQuery(q: string, take: number, more: { only?: SearchGroup; skip?: number } = {}) {
  const text = q.trim();
  return queryOptions({
    queryKey: ['search', text, take, more.only ?? null, more.skip ?? 0],
    queryFn: ({ signal }) => apiGet<SearchRecordsAnswer>('Search/records', { signal, query: { q: text, take, only: more.only, skip: more.skip } }),
    enabled: isSearchable(text),
    staleTime: 30_000,
  });
}
