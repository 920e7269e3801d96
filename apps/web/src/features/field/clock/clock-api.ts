import { queryOptions } from '@tanstack/react-query';
import {
  itemRateTypeSchema,
  perDiemTypeSchema,
  rateSheetTruckSchema,
  workOrderFlagSchema,
  workOrderStatusSchema,
  type CorrigoStopStatus,
  type StartViewData as ServerStartViewData,
  type StopViewData,
} from '@sm/shared';
import { apiGet, apiPost } from '../../../lib/api';
import { isNetworkFailure } from '../../../lib/query-client';
import { keepViewData, offlineViewData } from './offline-clock';

/** The row type a shared schema parses to (the web app does not import zod itself). */
type Parsed<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type PerDiemType = Parsed<typeof perDiemTypeSchema>;
export type ItemRateType = Parsed<typeof itemRateTypeSchema>;
export type WorkOrderFlag = Parsed<typeof workOrderFlagSchema>;
export type WorkOrderStatusOption = Parsed<typeof workOrderStatusSchema>;
export type RateSheetTruck = Parsed<typeof rateSheetTruckSchema>;
/** An Employee Type: the caller's labor item on the customer's rate sheet, as the view data carries it. */
export type EmployeeType = ServerStartViewData['rateSheetLaborItems'][number];
export type { StopViewData };

/** The Corrigo status and comment a technician gave in the provider's check-out wizard just before the Stop dialog. */
export interface CorrigoStopChoice {
  status: CorrigoStopStatus | null;
  comment: string;
}

/**
 * The start/stop form data as the server answers it; when the check-out wizard ran first, also what the technician
 * chose there, which the Stop dialog's Corrigo fields start from (see `use-provider-check-out-gate.tsx`).
 */
export type StartViewData = ServerStartViewData & { corrigoChoice?: CorrigoStopChoice };

/** Always asked afresh; without network, the form data kept on the phone stands in. */
function viewDataQuery<T>(workOrderId: number, key: string, ask: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({
    queryKey: ['clock', key, workOrderId],
    queryFn: async ({ signal }): Promise<T | StartViewData> => {
      try {
        return await ask(signal);
      } catch (err) {
        if (!isNetworkFailure(err)) throw err;
        return offlineViewData(workOrderId);
      }
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    networkMode: 'always',
  });
}

/**
 * The start/stop form data of one work order, always fresh (it says whether labor is open). Each answer is kept on
 * the phone; without network the last one kept stands in, as the technician's waiting actions have changed it.
 */
export function startViewDataQuery(workOrderId: number) {
  return viewDataQuery(workOrderId, 'viewData', async (signal) => {
    const view = await apiPost<StartViewData>('WOStartStop/getStartWOViewData', { workOrderId }, { signal });
    await keepViewData(workOrderId, view);
    return view;
  });
}

/**
 * What Stop reads first (spec platform 4.3): whether the provider's check-out comes before the stop form. Without
 * network the form data kept on the phone, which carries the same fields, stands in.
 */
export function stopViewDataQuery(workOrderId: number) {
  return viewDataQuery<StopViewData>(workOrderId, 'stopViewData', (signal) =>
    apiPost<StopViewData>('WOStartStop/getStopWOViewData', { workOrderId }, { signal }),
  );
}

const LIST_STALE_MS = 10 * 60_000;

/** Per-diem types; N/A has id 0. */
export const perDiemTypesQuery = queryOptions({
  queryKey: ['reference', 'perDiemTypes'],
  queryFn: () => apiGet<PerDiemType[]>('PerDiemTypes/get'),
  staleTime: LIST_STALE_MS,
});

/** Item rate types: Regular (1), then the overtime type. */
export const itemRateTypesQuery = queryOptions({
  queryKey: ['reference', 'itemRateTypes'],
  queryFn: () => apiGet<ItemRateType[]>('RateSheetStandardItem/itemRateTypes'),
  staleTime: LIST_STALE_MS,
});

/** The company's work order flags. */
export const workOrderFlagsQuery = queryOptions({
  queryKey: ['reference', 'workOrderFlags'],
  queryFn: () => apiGet<WorkOrderFlag[]>('Flags/workOrderFlags'),
  staleTime: LIST_STALE_MS,
});

/** Truck types on the billing customer's rate sheets (none without a billing customer). */
export function rateSheetTrucksQuery(billingCustomerId: number | null) {
  return queryOptions({
    queryKey: ['reference', 'rateSheetTrucks', billingCustomerId],
    queryFn: () => apiGet<RateSheetTruck[]>(`WorkOrder/rateSheetTrucks/${billingCustomerId}`),
    enabled: billingCustomerId != null,
    staleTime: LIST_STALE_MS,
  });
}

/** Creates a sub work order of the given work order. */
export function createSubWorkOrder(parentWorkOrderId: number): Promise<{ workOrderId: number; workOrderNumber: string }> {
  return apiPost('WorkOrder/create', { parentWorkOrderId });
}
