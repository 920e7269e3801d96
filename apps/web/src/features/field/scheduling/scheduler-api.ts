import { queryOptions } from '@tanstack/react-query';
import type {
  MoveScheduleItemBody,
  SaveScheduleItemBody,
  ScheduleHistoryEntry,
  ScheduleItem,
  SchedulerTechnician,
  SchedulerWorkOrder,
} from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

export type { ScheduleHistoryEntry, ScheduleItem, SchedulerTechnician, SchedulerWorkOrder };

/** Every scheduler query starts with this key, so one invalidation refreshes the calendar, pickers and history. */
export const SCHEDULER_KEY = 'scheduler';

/** The visible range of the calendar (ISO 8601 with offsets) and the technician filter (null: everyone). */
export interface ScheduleRange {
  start: string;
  end: string;
  technicianId: number | null;
}

/** The items (occurrences expanded) overlapping the visible range, for one technician or all. */
export function scheduleItemsQuery(range: ScheduleRange) {
  return queryOptions({
    queryKey: [SCHEDULER_KEY, 'items', range],
    queryFn: ({ signal }) => apiGet<ScheduleItem[]>('Scheduler/items', { signal, query: { ...range } }),
    staleTime: 15_000,
  });
}

/** Who items can be given to: the company's technicians (a technician without the grid: only themselves). */
export const schedulerTechniciansQuery = queryOptions({
  queryKey: [SCHEDULER_KEY, 'technicians'],
  queryFn: ({ signal }) => apiGet<SchedulerTechnician[]>('Scheduler/technicians', { signal }),
  staleTime: 10 * 60_000,
});

/** The work order picker: open work orders matching the search, the chosen one and the technician's own first. */
export function pickerWorkOrdersQuery(params: { search: string; technicianId: number | null; workOrderId: number | null }) {
  return queryOptions({
    queryKey: [SCHEDULER_KEY, 'workOrders', params],
    queryFn: ({ signal }) =>
      apiGet<SchedulerWorkOrder[]>('Scheduler/workOrders', {
        signal,
        query: { search: params.search.trim() || undefined, technicianId: params.technicianId, workOrderId: params.workOrderId },
      }),
    staleTime: 60_000,
  });
}

/** Every change of one stored item: who, when, what and why. */
export function scheduleHistoryQuery(schedulerId: number) {
  return queryOptions({
    queryKey: [SCHEDULER_KEY, 'history', schedulerId],
    queryFn: ({ signal }) => apiGet<ScheduleHistoryEntry[]>(`Scheduler/${schedulerId}/history`, { signal }),
    staleTime: 0,
  });
}

/** Creates (schedulerId 0), changes, or takes one occurrence out of a series (schedulerId 0 + recurrenceId). */
export function saveScheduleItem(body: SaveScheduleItemBody): Promise<{ schedulerId: number }> {
  return apiPost('Scheduler/save', body);
}

/** Moves or resizes an item with the reason the appointment dialog asked for. */
export function moveScheduleItem(body: MoveScheduleItemBody): Promise<{ schedulerId: number }> {
  return apiPut('Scheduler/appointment', body);
}

/** Deletes an item (a series with its edited occurrences), or with `occurrenceStart` one occurrence. */
export function deleteScheduleItem(schedulerId: number, query: { appointmentChangedReason?: string; occurrenceStart?: string }) {
  return apiDelete<{ schedulerId: number }>(`Scheduler/${schedulerId}`, { query });
}
