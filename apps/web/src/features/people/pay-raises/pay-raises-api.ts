import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePayRaiseBody, PayRaise, PayRaiseNotifications, UpdatePayRaiseRequestBody } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';
import { myPayRaiseNoticesQuery, PAY_RAISE_NOTICES_KEY } from '../notices/notices-api';

export const PAY_RAISES_KEY = ['payRaises'] as const;

/** The raises the caller approves, asked for, or is the employee of. */
export const payRaisesQuery = queryOptions({
  queryKey: [...PAY_RAISES_KEY, 'list'],
  queryFn: ({ signal }) => apiGet<PayRaise[]>('Payroll/payRaiseRequests', { signal }),
  staleTime: 0,
});

/** Whom the caller may ask a raise for. */
export const payRaiseEmployeesQuery = queryOptions({
  queryKey: [...PAY_RAISES_KEY, 'employees'],
  queryFn: ({ signal }) => apiGet<{ userId: number; name: string }[]>('Payroll/payRaiseEmployees', { signal }),
  staleTime: 5 * 60_000,
});

/** The kinds of raise a manager may ask for. */
export const payRaiseTypesQuery = queryOptions({
  queryKey: [...PAY_RAISES_KEY, 'types'],
  queryFn: ({ signal }) => apiGet<{ payRaiseTypeId: number; name: string }[]>('Payroll/payRaiseTypes', { signal }),
  staleTime: 5 * 60_000,
});

/** The caller's pay-raise notices: the bell counts them, the notifications page lists them. */
export const payRaiseNoticesQuery = myPayRaiseNoticesQuery;

/** Asking, answering, signing and acknowledging: each reads the raises and the caller's notices again. */
export function usePayRaiseActions() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: PAY_RAISES_KEY });
    void client.invalidateQueries({ queryKey: PAY_RAISE_NOTICES_KEY });
  };
  const request = useMutation({ mutationFn: (body: CreatePayRaiseBody) => apiPost<PayRaise>('Payroll/payRaiseRequests', body), onSuccess: refresh });
  const decide = useMutation({ mutationFn: (body: UpdatePayRaiseRequestBody) => apiPost<PayRaise>('Payroll/updatePayRaiseRequest', body), onSuccess: refresh });
  const sign = useMutation({
    mutationFn: ({ payRaiseRequestedId, png }: { payRaiseRequestedId: number; png: string }) =>
      apiPost<PayRaise>(`Payroll/uploadPayRaiseApprovalDetails?PayRaiseRequestedId=${payRaiseRequestedId}`, { employeeSignature: png }),
    onSuccess: refresh,
  });
  const acknowledge = useMutation({
    mutationFn: (payRaiseRequestedId: number) => apiPut<PayRaiseNotifications>('Payroll/acknowledgePayRaiseNotification', { payRaiseRequestedId }),
    onSuccess: refresh,
  });
  return { request, decide, sign, acknowledge };
}
