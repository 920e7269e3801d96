import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CorrigoCheckOut,
  CorrigoCustomerSettings,
  CorrigoProcedure,
  CorrigoProcedureUpdate,
  CorrigoStatusChange,
  CorrigoWrapperData,
  stopViewDataSchema,
} from '@sm/shared';
import { apiGet, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/**
 * What decides whether stopping starts with the provider's guided check-out: the provider fields of the start/stop
 * view data (spec platform 3.13), which Stop has just read fresh.
 */
export type ProviderCheckOutView = Pick<
  ReturnType<typeof stopViewDataSchema.parse>,
  'workOrderId' | 'workOrderNumber' | 'corrigoWorkOrderId' | 'corrigoCustomerId' | 'isCorrigoWorkOrderCheckedIn'
>;

/** Every PUT of the provider answers the sentence to show. */
interface MessageAnswer {
  message: string;
}

/** Whether stopping this work order starts with the provider's guided check-out (spec platform 4.3). */
export function needsProviderCheckOut(view: ProviderCheckOutView): boolean {
  return view.corrigoWorkOrderId > 0 && view.isCorrigoWorkOrderCheckedIn;
}

const CORRIGO_KEY = ['corrigo'] as const;

/** The statuses the technician may move the provider's work order to, read when the wizard opens. */
export function wrapperDataQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...CORRIGO_KEY, 'wrapperData', workOrderId],
    queryFn: ({ signal }) => apiGet<CorrigoWrapperData>(`CorrigoWorkOrders/clockOutWorkOrderWrapperData/${workOrderId}`, { signal }),
    staleTime: 0,
  });
}

/** The customer's check-out rules: repair codes and custom questions. They change seldom, so a minute is fresh. */
export function customerSettingsQuery(corrigoCustomerId: number) {
  return queryOptions({
    queryKey: [...CORRIGO_KEY, 'customerSettings', corrigoCustomerId],
    queryFn: ({ signal }) => apiGet<CorrigoCustomerSettings>(`CorrigoWorkOrders/corrigoCustomerSettings/${corrigoCustomerId}`, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The work order's procedures with their steps, as the provider holds them. Loaded by the step before the
 * checklist, so the checklist does not ask again at once; a Save reads them again.
 */
export function proceduresQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...CORRIGO_KEY, 'procedures', workOrderId],
    queryFn: ({ signal }) => apiGet<CorrigoProcedure[]>(`CorrigoWorkOrders/getCorrigoWorkorderProcedure/${workOrderId}`, { signal }),
    staleTime: 15_000,
  });
}

/** Saves edited steps of one procedure; the checklist is read again so statuses and the Save button follow. */
export function useUpdateCorrigoSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrigoProcedureUpdate) => apiPut<MessageAnswer>('CorrigoWorkOrders/updateCorrigoProcedureStep', body),
    onSuccess: async (answer, body) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: proceduresQuery(body.workorderId).queryKey });
    },
  });
}

/** Moves the provider's work order to a status (the wizard's Paused). */
export function useCorrigoStatusChange() {
  return useMutation({
    mutationFn: (body: CorrigoStatusChange) => apiPut<MessageAnswer>('CorrigoWorkOrders/changeStatus', body),
    meta: { persistentError: true },
    onSuccess: (answer) => notifySuccess(answer.message),
  });
}

/** Checks the technician out at the provider with the answers of the wizard. */
export function useCorrigoCheckOut() {
  return useMutation({
    mutationFn: (body: CorrigoCheckOut) => apiPut<MessageAnswer>('CorrigoWorkOrders/checkOut', body),
    meta: { persistentError: true },
    onSuccess: (answer) => notifySuccess(answer.message),
  });
}
