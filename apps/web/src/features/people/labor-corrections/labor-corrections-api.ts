import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LaborCorrectionBody, LaborCorrectionDecisionBody, LaborCorrectionForm, LaborCorrectionRequest, LaborCorrectionRequestBody, LaborValues, PendingLaborCorrection,
} from '@sm/shared';
import { instantOf, wallClockOf } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

/** Every query a correction changes: timesheets, work order pages and the requests waiting. */
const TOUCHED_KEYS = [['payroll'], ['workOrder', 'details'], ['laborCorrections']] as const;

/** A labor entry's values and the choices of each field, for the office's correction. */
export const correctionFormQuery = (workOrderLaborId: number) =>
  queryOptions({
    queryKey: ['laborCorrections', 'form', workOrderLaborId],
    queryFn: ({ signal }) => apiGet<LaborCorrectionForm>(`WorkOrderLabor/${workOrderLaborId}/correctionForm`, { signal }),
    // The form starts from what the entry holds now: never from a copy kept since the last correction.
    staleTime: 0,
    gcTime: 0,
  });

/** The technicians' requests waiting for an answer. */
export const pendingCorrectionsQuery = queryOptions({
  queryKey: ['laborCorrections', 'pending'],
  queryFn: ({ signal }) => apiGet<PendingLaborCorrection[]>('WorkOrderLabor/correctionRequests', { signal }),
  staleTime: 30_000,
});

/** Correcting, asking for a correction and answering one: each reads what it touched again. */
export function useLaborCorrectionActions() {
  const client = useQueryClient();
  const onSuccess = () => {
    for (const queryKey of TOUCHED_KEYS) void client.invalidateQueries({ queryKey });
  };
  return {
    correct: useMutation({
      mutationFn: ({ workOrderLaborId, body }: { workOrderLaborId: number; body: LaborCorrectionBody }) =>
        apiPut<{ workOrderLaborId: number; values: LaborValues }>(`WorkOrderLabor/${workOrderLaborId}`, body),
      onSuccess,
    }),
    request: useMutation({
      mutationFn: ({ workOrderLaborId, body }: { workOrderLaborId: number; body: LaborCorrectionRequestBody }) =>
        apiPost<LaborCorrectionRequest>(`WorkOrderLabor/${workOrderLaborId}/correctionRequests`, body),
      onSuccess,
    }),
    decide: useMutation({
      mutationFn: ({ laborCorrectionRequestId, body }: { laborCorrectionRequestId: number; body: LaborCorrectionDecisionBody }) =>
        apiPost<LaborCorrectionRequest>(`WorkOrderLabor/correctionRequests/${laborCorrectionRequestId}/decision`, body),
      onSuccess,
    }),
  };
}

/** An instant as a date-and-time box shows it: on the company's clock when its zone is known, else the browser's. */
export function toTimeInput(iso: string | null, timeZone?: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (timeZone) return wallClockOf(at, timeZone).toISOString().slice(0, 16);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** What a date-and-time box holds as an instant (ISO), read on the same clock; empty stays empty. */
export function fromTimeInput(value: string, timeZone?: string): string | undefined {
  if (!value) return undefined;
  const at = timeZone ? instantOf(new Date(`${value}:00Z`), timeZone) : new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** An instant on a clock, for the history: "Nov 3, 7:00 AM". */
export function timeText(iso: string | null, timeZone?: string): string {
  if (!iso) return 'open';
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}
