import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PayPeriod, PayrollSettings, PtoEntryBody, TimesheetAdjustment, TimesheetAdjustmentBody, TimesheetApprovalBody, TimesheetDetailAnswer, TimesheetSummaryAnswer,
  TimesheetSummaryRow,
} from '@sm/shared';
import { apiBlob, apiDelete, apiGet, apiPost, apiPut, saveBlob } from '../../../lib/api';

export const PAYROLL_KEY = ['payroll'] as const;
const dateQuery = (date: string | null) => (date ? `?date=${date}` : '');

/** Every employee's hours in the pay period of `date` (today's period when null). */
export const timesheetsQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...PAYROLL_KEY, 'summary', date],
    queryFn: ({ signal }) => apiGet<TimesheetSummaryAnswer>(`Payroll/timesheets${dateQuery(date)}`, { signal }),
    staleTime: 0,
  });

/** One employee's days in the pay period of `date`. */
export const timesheetQuery = (userId: number, date: string | null) =>
  queryOptions({
    queryKey: [...PAYROLL_KEY, 'detail', userId, date],
    queryFn: ({ signal }) => apiGet<TimesheetDetailAnswer>(`Payroll/timesheets/${userId}${dateQuery(date)}`, { signal }),
    staleTime: 0,
  });

export const payrollSettingsQuery = queryOptions({
  queryKey: [...PAYROLL_KEY, 'settings'],
  queryFn: ({ signal }) => apiGet<PayrollSettings>('Payroll/payrollSettings', { signal }),
  staleTime: 5 * 60_000,
});

/**
 * Downloads the payroll report of the pay period starting on `startsOn` as the server writes it (`Payroll/payrollReport/csv`,
 * formulas defused): through fetch with the session's token, saved through a temporary link.
 */
export async function downloadPayrollCsv(startsOn: string): Promise<void> {
  saveBlob(await apiBlob('Payroll/payrollReport/csv', { query: { date: startsOn } }), `payroll-${startsOn}.csv`);
}

/** Approving, locking, adjusting and time off: each reads the timesheets again. */
export function usePayrollActions() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: PAYROLL_KEY });
  return {
    approve: useMutation({ mutationFn: (body: TimesheetApprovalBody) => apiPost<TimesheetSummaryRow>('Payroll/timesheetApprovals', body), onSuccess }),
    withdraw: useMutation({
      mutationFn: (body: TimesheetApprovalBody) => apiDelete<{ message: string }>(`Payroll/timesheetApprovals?userId=${body.userId}&startsOn=${body.startsOn}`),
      onSuccess,
    }),
    lock: useMutation({ mutationFn: (startsOn: string) => apiPost<PayPeriod>('Payroll/payPeriodLocks', { startsOn }), onSuccess }),
    adjust: useMutation({ mutationFn: (body: TimesheetAdjustmentBody) => apiPost<TimesheetAdjustment>('Payroll/timesheetAdjustments', body), onSuccess }),
    addTimeOff: useMutation({ mutationFn: (body: PtoEntryBody) => apiPost<{ ptoEntryId: number }>('Payroll/ptoEntries', body), onSuccess }),
    removeTimeOff: useMutation({ mutationFn: (ptoEntryId: number) => apiDelete<{ message: string }>(`Payroll/ptoEntries/${ptoEntryId}`), onSuccess }),
    saveSettings: useMutation({ mutationFn: (body: PayrollSettings) => apiPut<PayrollSettings>('Payroll/payrollSettings', body), onSuccess }),
  };
}
