import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { hoursText, moneyText, type PayrollReportAnswer, type PayrollReportRow } from '@sm/shared';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { apiGet } from '../../../lib/api';
import { downloadPayrollCsv, PAYROLL_KEY } from './payroll-api';
import { PeriodBar, PeriodFailed } from './period-bar';

const reportQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...PAYROLL_KEY, 'report', date],
    queryFn: ({ signal }) => apiGet<PayrollReportAnswer>(`Payroll/payrollReport${date ? `?date=${date}` : ''}`, { signal }),
    staleTime: 0,
  });

// Gross pay beside the hours, before its parts: on a narrow screen the table scrolls, and the total should not be the part hidden.
const COLUMNS = ['Employee', 'Regular', 'Overtime', 'PTO', 'Gross Pay', 'Regular Pay', 'Overtime Pay', 'PTO Pay'];
const money = (amount: string | null) => (amount === null ? '—' : moneyText(amount));

/**
 * `/administration/payrollReport` (Can Access Payroll): the pay of each employee for a pay period, from the hours of
 * their timesheets with adjustments, to the cent; with a CSV for the payroll provider.
 */
export default function PayrollReportPage() {
  usePageTitle('Payroll Report');
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const report = useQuery(reportQuery(date));
  const download = useMutation({ mutationFn: downloadPayrollCsv });
  const period = report.data?.period;
  const withoutRate = (report.data?.rows ?? []).filter((r) => r.daysWithoutRate.length > 0);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Payroll Report</Title>
        <Text size="sm" c="dimmed">
          Pay by pay period: regular hours and time off at each day&apos;s hourly rate, overtime at one and a half times it, adjustments included.
        </Text>
      </Stack>
      {report.isError && <PeriodFailed title="The payroll report could not be read" error={report.error} date={date} onDate={(d) => setParams(d ? { date: d } : {})} onRetry={() => void report.refetch()} />}
      {period && (
        <PeriodBar period={period} onDate={(d) => setParams({ date: d })}>
          <Button variant="default" leftSection={<IconDownload size={16} />} disabled={!report.data?.rows.length} loading={download.isPending} onClick={() => download.mutate(period.startsOn)}>
            Download CSV
          </Button>
        </PeriodBar>
      )}
      {withoutRate.length > 0 && (
        <Alert color="orange" title="Hours without a pay rate">
          {withoutRate.map((r) => `${r.name} (${r.daysWithoutRate.map((d) => dayjs(d).format('MMM D')).join(', ')})`).join('; ')}: their pay is not counted until they have a pay rate.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720} type="native">
        <Table striped aria-label="Payroll report" aria-busy={report.isPending}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c, i) => (
                <Table.Th key={c} ta={i === 0 ? undefined : 'right'} style={{ whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.isPending ? (
              <LoadingRows columns={COLUMNS.length} />
            ) : !report.data || report.data.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text size="sm" c="dimmed">
                    Nobody has hours in this pay period.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              report.data.rows.map((r) => <ReportRow key={r.userId} row={r} />)
            )}
          </Table.Tbody>
          {report.data && report.data.rows.length > 0 && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>Total</Table.Td>
                <Numeric>{hoursText(report.data.totals.regularMinutes)}</Numeric>
                <Numeric>{hoursText(report.data.totals.overtimeMinutes)}</Numeric>
                <Numeric>{hoursText(report.data.totals.ptoMinutes)}</Numeric>
                <Numeric>{money(report.data.totals.grossPay)}</Numeric>
                <Table.Td colSpan={3} />
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Numeric({ children, strong }: { children: string; strong?: boolean }) {
  return (
    <Table.Td ta="right" fw={strong ? 700 : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {children}
    </Table.Td>
  );
}

function ReportRow({ row: r }: { row: PayrollReportRow }) {
  return (
    <Table.Tr aria-label={r.name}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {r.name}
        </Text>
        <Text size="xs" c="dimmed">
          {[r.position, r.hourlyRate === null ? 'no pay rate' : `${moneyText(r.hourlyRate)}/h`].filter(Boolean).join(' · ')} ·{' '}
          <Text span inherit c={r.isApproved ? 'teal.8' : 'orange.8'} fw={600}>
            {r.isApproved ? 'Approved' : 'Not approved'}
          </Text>
        </Text>
      </Table.Td>
      <Numeric>{hoursText(r.regularMinutes)}</Numeric>
      <Numeric>{hoursText(r.overtimeMinutes)}</Numeric>
      <Numeric>{hoursText(r.ptoMinutes)}</Numeric>
      <Numeric strong>{money(r.grossPay)}</Numeric>
      <Numeric>{money(r.regularPay)}</Numeric>
      <Numeric>{money(r.overtimePay)}</Numeric>
      <Numeric>{money(r.ptoPay)}</Numeric>
    </Table.Tr>
  );
}
