import { queryOptions, keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CommissionRate, CommissionReport, InvoiceCommission } from '@sm/shared';
import { apiBlob, apiDelete, apiGet, apiPost, saveBlob } from '../../../lib/api';
import { SALES_KEY, useSalesMutation } from '../../office/sales/sales-api';

/** The commission queries live under the sales key, so a sale changed on a work order refreshes them too. */
const KEY = [...SALES_KEY, 'commissions'] as const;

export interface ReportRequest {
  from: string;
  to: string;
  userId: number | null;
}
const reportParams = (r: ReportRequest) => ({ from: r.from || undefined, to: r.to || undefined, userId: r.userId ?? undefined });

export const commissionReportQuery = (r: ReportRequest) =>
  queryOptions({ queryKey: [...KEY, 'report', r], queryFn: ({ signal }) => apiGet<CommissionReport>('Sales/commissionReport', { signal, query: reportParams(r) }), placeholderData: keepPreviousData });

export async function downloadCommissionReport(r: ReportRequest, answer: CommissionReport, format: 'csv' | 'xlsx') {
  const blob = await apiBlob('Sales/commissionReport/export', { query: { ...reportParams(r), format } });
  saveBlob(blob, `sales-commissions-${answer.from}-to-${answer.to}.${format}`);
}

export const useInvoiceCommissions = (invoiceId: number) =>
  useQuery({ queryKey: [...KEY, 'invoice', invoiceId], queryFn: ({ signal }) => apiGet<InvoiceCommission[]>(`Sales/invoices/${invoiceId}/commissions`, { signal }) });

export const useCommissionRates = () => useQuery({ queryKey: [...KEY, 'rates'], queryFn: ({ signal }) => apiGet<CommissionRate[]>('Sales/commissionRates', { signal }) });

export const useSalesClasses = () =>
  useQuery({ queryKey: [...KEY, 'classes'], queryFn: ({ signal }) => apiGet<{ id: number; name: string; isActive: boolean }[]>('ReferenceList/salesClasses', { signal }), staleTime: 60_000 });

export const useAddCommissionRate = () =>
  useSalesMutation((body: { salesClassId: number | null; kind: CommissionRate['kind']; ratePercent: number; effectiveFrom: string }) => apiPost<CommissionRate>('Sales/commissionRates', body));
export const useDeleteCommissionRate = () => useSalesMutation((id: number) => apiDelete<{ id: number }>(`Sales/commissionRates/${id}`));
