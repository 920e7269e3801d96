import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddEquipmentTaskBody, AddMaterialBody, AddRateSheetStandardItemBody, AddStandardItemBody, AddWorkOrderJobBody, EquipmentTask,
  MaterialStatusOption, RateSheetStandardItemOption, SaveSignatureBody, StandardItemOption, WorkOrderJob, WorkOrderMaterials,
  WorkOrderSignature, WorkOrderStandardItem, WorkOrderStandardItems,
} from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';
import { notifyInfo, notifySuccess } from '../../../../lib/notify';
import { keptSentence, sendOrKeep, type NewAction, type Outcome } from '../../../../lib/offline/outbox';

/** Every query of what is on one work order starts with this key; a change refreshes them all. */
/** Every query of what hangs on one work order starts with this key; a change to any of them refreshes them all. */
export const itemsKey = (workOrderId: number) => ['workOrder', 'items', workOrderId] as const;

/** The work order's materials and their totals; off for those who may not read Materials (a 403 would sign them out). */
export function materialsQuery(workOrderId: number, enabled = true) {
  return queryOptions({
    queryKey: [...itemsKey(workOrderId), 'materials'],
    queryFn: ({ signal }) => apiGet<WorkOrderMaterials>(`WorkOrder/${workOrderId}/materials`, { signal }),
    enabled,
  });
}

/** Both kinds of standard items on the work order, with their total. */
export function standardItemsQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...itemsKey(workOrderId), 'standardItems'],
    queryFn: ({ signal }) => apiGet<WorkOrderStandardItems>(`WorkOrder/${workOrderId}/standardItems`, { signal }),
  });
}

/** Jobs and survey jobs together: one request feeds both sections. */
export function jobsQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...itemsKey(workOrderId), 'jobs'],
    queryFn: ({ signal }) => apiGet<WorkOrderJob[]>('WorkOrderJobs/getWorkOrderJobs', { signal, query: { workOrderId } }),
  });
}

/** The equipment task list of the work order. */
export function equipmentTasksQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...itemsKey(workOrderId), 'equipmentTasks'],
    queryFn: ({ signal }) => apiGet<EquipmentTask[]>(`WorkOrder/${workOrderId}/equipmentTasks`, { signal }),
  });
}

/** The latest signature, or null while nobody has signed. */
export function signatureQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...itemsKey(workOrderId), 'signature'],
    queryFn: ({ signal }) => apiGet<WorkOrderSignature | null>(`WorkOrder/${workOrderId}/signature`, { signal }),
  });
}

/** The pickers of the add pages change rarely. */
const LIST_STALE_MS = 5 * 60_000;

/** The material statuses of spec platform 4.10, for the material picker. */
export const materialStatusesQuery = queryOptions({
  queryKey: ['workOrder', 'materialStatuses'],
  queryFn: ({ signal }) => apiGet<MaterialStatusOption[]>('MaterialStatus/list', { signal }),
  staleTime: LIST_STALE_MS,
  // Kept for the day: a technician who loses signal still picks a status for the material he adds.
  gcTime: 24 * 60 * 60_000,
});

/** The company's standard items, for the standard item picker. */
export const standardItemCatalogueQuery = queryOptions({
  queryKey: ['workOrder', 'standardItemCatalogue'],
  queryFn: ({ signal }) => apiGet<StandardItemOption[]>('StandardItems/list', { signal }),
  staleTime: LIST_STALE_MS,
});

/** The items of the billing customer's rate sheets; off when the work order has no billing customer. */
export function rateSheetItemsQuery(billingCustomerId: number | null) {
  return queryOptions({
    queryKey: ['workOrder', 'rateSheetStandardItems', billingCustomerId],
    queryFn: ({ signal }) => apiGet<RateSheetStandardItemOption[]>(`RateSheetStandardItem/list/${billingCustomerId}`, { signal }),
    enabled: billingCustomerId != null,
    staleTime: LIST_STALE_MS,
  });
}

/**
 * A write to one work order's items: on success it says so in a toast (ticking a box needs none) and refreshes
 * what the work order shows.
 * Failures are toasted centrally with the server's sentence.
 */
function useItemsMutation<In, Out>(workOrderId: number, send: (input: In) => Promise<Out>, done: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      if (done) notifySuccess(done);
      await queryClient.invalidateQueries({ queryKey: itemsKey(workOrderId) });
    },
  });
}

/**
 * A technician's write that must survive a lost signal (spec: materials and the signature are kept on the phone and
 * sent when the network returns): sent through the outbox; when it waits, the technician is told so instead.
 */
function useKeptItemsMutation<In>(workOrderId: number, actionOf: (input: In) => NewAction, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: In): Promise<Outcome<unknown>> => sendOrKeep(actionOf(input)),
    onSuccess: async (outcome, input) => {
      if (!outcome.sent) {
        notifyInfo(keptSentence(actionOf(input).label));
        return;
      }
      notifySuccess(done);
      await queryClient.invalidateQueries({ queryKey: itemsKey(workOrderId) });
    },
  });
}

const materialLabel = (body: AddMaterialBody) => `Add material ${body.partNumber ?? body.description ?? ''} × ${body.quantity}`.replace(/\s+/g, ' ');

// The writes of the add pages and of the panel; each refreshes everything shown of the work order's items.
export const useAddMaterial = (workOrderId: number) =>
  useKeptItemsMutation(
    workOrderId,
    (body: AddMaterialBody) => ({ method: 'POST', path: 'WorkOrder/material/add', body, label: materialLabel(body), workOrderId, action: 'material' }),
    'Material added.',
  );
export const useDeleteMaterial = (workOrderId: number) =>
  useItemsMutation(workOrderId, (id: number) => apiDelete(`WorkOrder/material/${id}`), 'Material deleted.');

export const useAddStandardItem = (workOrderId: number) =>
  useItemsMutation(workOrderId, (body: AddStandardItemBody) => apiPost<WorkOrderStandardItem>('WorkOrder/standardItems/add', body), 'Standard item added.');
export const useAddRateSheetItem = (workOrderId: number) =>
  useItemsMutation(
    workOrderId,
    (body: AddRateSheetStandardItemBody) => apiPost<WorkOrderStandardItem>('WorkOrder/rateSheetStandardItems/add', body),
    'Rate sheet item added.',
  );
export const useDeleteStandardItem = (workOrderId: number) =>
  useItemsMutation(workOrderId, (id: number) => apiDelete(`WorkOrder/standardItems/${id}`), 'Standard item deleted.');

export const useAddJob = (workOrderId: number, isSurvey: boolean) =>
  useItemsMutation(workOrderId, (body: AddWorkOrderJobBody) => apiPost<WorkOrderJob>('WorkOrderJobs/add', body), isSurvey ? 'Survey job added.' : 'Job added.');
export const useSetJobCompleted = (workOrderId: number) =>
  useItemsMutation(
    workOrderId,
    ({ id, isCompleted }: { id: number; isCompleted: boolean }) => apiPut<WorkOrderJob>(`WorkOrderJobs/${id}`, { isCompleted }),
    null,
  );
export const useDeleteJob = (workOrderId: number) => useItemsMutation(workOrderId, (id: number) => apiDelete(`WorkOrderJobs/${id}`), 'Job deleted.');

export const useAddEquipmentTask = (workOrderId: number) =>
  useItemsMutation(workOrderId, (body: AddEquipmentTaskBody) => apiPost<EquipmentTask>('WorkOrder/equipmentTasks/add', body), 'Task added.');
export const useSetTaskDone = (workOrderId: number) =>
  useItemsMutation(
    workOrderId,
    ({ id, isDone }: { id: number; isDone: boolean }) => apiPut<EquipmentTask>(`WorkOrder/equipmentTasks/${id}`, { isDone }),
    null,
  );
export const useDeleteEquipmentTask = (workOrderId: number) =>
  useItemsMutation(workOrderId, (id: number) => apiDelete(`WorkOrder/equipmentTasks/${id}`), 'Task deleted.');

export const useSaveSignature = (workOrderId: number) =>
  useKeptItemsMutation(
    workOrderId,
    (body: SaveSignatureBody) => ({ method: 'POST', path: `WorkOrder/${workOrderId}/signature`, body, label: `Signature of ${body.signerName}`, workOrderId, action: 'signature' }),
    'Signature saved.',
  );
