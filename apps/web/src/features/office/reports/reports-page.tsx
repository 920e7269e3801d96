import '@mantine/charts/styles.css';
import './reports-print.css';
import { Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { REPORT_KEYS, type ReportFormat, type ReportGrouping, type ReportKey } from '@sm/shared';
import { useState } from 'react';
import { useQueryParams } from '../../../lib/use-query-params';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifyError } from '../../../lib/notify';
import { ReportChart, ReportTable } from './report-figures';
import { downloadReport, reportCatalogQuery, reportQuery, type ReportRequest } from './reports-api';

const GROUPING_LABELS: Record<ReportGrouping, string> = { month: 'Month', week: 'Week', customer: 'Customer' };

const keyOf = (value: string | null): ReportKey => (REPORT_KEYS as readonly string[]).includes(value ?? '') ? (value as ReportKey) : 'revenue';

/**
 * /reports: the office's reports. One report at a time, chosen from the catalogue, over a range of the company's dates
 * and a grouping where it has them (kept in the address, so a reload or a shared link shows the same report): its
 * chart, its table with totals, CSV and XLSX made by the server from the same answer, and a printed page.
 */
export default function ReportsPage() {
  usePageTitle('Reports');
  const [params, change] = useQueryParams();
  const catalog = useQuery(reportCatalogQuery);
  const reportKey = keyOf(params.get('report'));
  const definition = catalog.data?.find((d) => d.reportKey === reportKey);
  const groupBy = definition && definition.groupings.length > 0 ? ((definition.groupings as string[]).includes(params.get('groupBy') ?? '') ? (params.get('groupBy') as ReportGrouping) : definition.groupings[0]) : null;
  const request: ReportRequest = { reportKey, from: params.get('from') ?? '', to: params.get('to') ?? '', groupBy };
  const report = useQuery({ ...reportQuery(request), enabled: definition !== undefined });
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  // An empty value (a cleared date) removes its key.
  const set = (changes: Record<string, string | null>) => change(Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v || null])), { replace: true });
  const exportAs = async (format: ReportFormat) => {
    if (!report.data) return;
    setExporting(format);
    try {
      await downloadReport(request, report.data, format);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The report could not be exported.');
    } finally {
      setExporting(null);
    }
  };
  if (catalog.isError) return <LoadFailed title="Reports could not be loaded" error={catalog.error} onRetry={() => void catalog.refetch()} />;
  return (
    <Stack gap="md" className="report-page">
      <Stack gap={2}>
        <Title order={2}>Reports</Title>
        <Text size="sm" c="dimmed">
          How the company is doing: pick a report, its dates and grouping; export it or print it.
        </Text>
      </Stack>
      <Paper withBorder p="sm" className="report-controls">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Report"
            w={290}
            data={(catalog.data ?? []).map((d) => ({ value: d.reportKey, label: d.title }))}
            value={reportKey}
            onChange={(v) => set({ report: v, groupBy: null })}
            allowDeselect={false}
            disabled={!catalog.data}
          />
          {definition?.usesRange && (
            <>
              <TextInput label="From" type="date" w={160} value={request.from || (report.data?.from ?? '')} onChange={(e) => set({ from: e.currentTarget.value })} />
              <TextInput label="To" type="date" w={160} value={request.to || (report.data?.to ?? '')} onChange={(e) => set({ to: e.currentTarget.value })} />
            </>
          )}
          {definition && definition.groupings.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="report-grouping">
                Group by
              </Text>
              <SegmentedControl
                aria-labelledby="report-grouping"
                data={definition.groupings.map((g) => ({ value: g, label: GROUPING_LABELS[g] }))}
                value={groupBy ?? undefined}
                onChange={(v) => set({ groupBy: v })}
              />
            </Stack>
          )}
          <Group gap="xs" ml="auto">
            <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} loading={exporting === 'csv'} disabled={!report.data} onClick={() => void exportAs('csv')}>
              CSV
            </Button>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={exporting === 'xlsx'} disabled={!report.data} onClick={() => void exportAs('xlsx')}>
              XLSX
            </Button>
            <Button variant="default" leftSection={<IconPrinter size={16} />} disabled={!report.data} onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </Group>
        {definition && (
          <Text size="sm" c="dimmed" mt="xs">
            {definition.description}
          </Text>
        )}
      </Paper>
      {report.isError ? (
        <LoadFailed title="The report could not be made" error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the report">
          <Skeleton h={300} />
          <Skeleton h={160} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Title order={3} size="h4">
            {report.data.title}: {report.data.from === report.data.to ? `as of ${report.data.to}` : `${report.data.from} to ${report.data.to}`}
          </Title>
          {report.data.rows.length > 0 && <ReportChart answer={report.data} />}
          <ReportTable answer={report.data} />
        </Stack>
      )}
    </Stack>
  );
}
