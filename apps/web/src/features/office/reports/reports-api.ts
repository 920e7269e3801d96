import { queryOptions } from '@tanstack/react-query';
import type { ReportAnswer, ReportCatalog, ReportFormat, ReportGrouping, ReportKey } from '@sm/shared';
import { apiBlob, apiGet, saveBlob } from '../../../lib/api';

/** What the page asks a report for: its key, its range (empty: the report's own default) and its grouping. */
export interface ReportRequest {
  reportKey: ReportKey;
  from: string;
  to: string;
  groupBy: ReportGrouping | null;
}

function queryOf(r: ReportRequest): Record<string, string> {
  const query: Record<string, string> = {};
  if (r.from) query.from = r.from;
  if (r.to) query.to = r.to;
  if (r.groupBy) query.groupBy = r.groupBy;
  return query;
}

export const reportCatalogQuery = queryOptions({
  queryKey: ['reports', 'catalog'],
  queryFn: ({ signal }) => apiGet<ReportCatalog>('Reports', { signal }),
  staleTime: Infinity,
});

export function reportQuery(r: ReportRequest) {
  return queryOptions({
    queryKey: ['reports', r.reportKey, r.from, r.to, r.groupBy],
    queryFn: ({ signal }) => apiGet<ReportAnswer>(`Reports/${r.reportKey}`, { signal, query: queryOf(r) }),
  });
}

/** Downloads the report as the server makes it: the same rows and totals as the page. */
export async function downloadReport(r: ReportRequest, answer: ReportAnswer, format: ReportFormat): Promise<void> {
  const blob = await apiBlob(`Reports/${r.reportKey}/export`, { query: { ...queryOf(r), format } });
  saveBlob(blob, `${answer.reportKey}-${answer.from}-to-${answer.to}.${format}`);
}
