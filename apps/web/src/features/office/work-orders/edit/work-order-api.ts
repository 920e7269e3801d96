import { queryOptions } from '@tanstack/react-query';
import type { LaborEntry, StatusChange, WorkOrderCustomer, WorkOrderDetails } from '@sm/shared';
import { apiGet } from '../../../../lib/api';

export type { LaborEntry, StatusChange, WorkOrderCustomer, WorkOrderDetails };

/** Query key prefix of every work order page; clock actions invalidate it. */
export const WORK_ORDER_DETAILS_KEY = ['workOrder', 'details'] as const;

/**
 * One work order by its number. The page shows its own failure panels ("Work order not found" for a 404), so the
 * query does not toast.
 */
export function workOrderQuery(workOrderNumber: string) {
  return queryOptions({
    queryKey: [...WORK_ORDER_DETAILS_KEY, workOrderNumber.toLowerCase()],
    queryFn: ({ signal }) => apiGet<WorkOrderDetails>(`WorkOrder/${encodeURIComponent(workOrderNumber)}`, { signal }),
    staleTime: 0,
    meta: { silent: true },
  });
}

/** A billing customer's rate sheet labor items, to name the Employee Type of each labor entry. */
export function employeeTypeNamesQuery(billingCustomerId: number | null, isNeeded: boolean) {
  return queryOptions({
    queryKey: ['workOrder', 'employeeTypes', billingCustomerId],
    queryFn: ({ signal }) =>
      apiGet<{ serviceTechnicianId: number; employeeType: string }[]>(`WorkOrder/rateSheetLaborItems/${billingCustomerId}`, { signal }).then(
        (items) => new Map(items.map((i) => [i.serviceTechnicianId, i.employeeType])),
      ),
    enabled: billingCustomerId != null && isNeeded,
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}
