import { Button, Group, Paper, ScrollArea, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { commissionKindLabel, formatDate, hasFunctionality, moneyText } from '@sm/shared';
import { useState } from 'react';
import { useQueryParams } from '../../../lib/use-query-params';
import { EmptyPanel, LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifyError } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { useSalesPeople } from '../../office/sales/sales-api';
import { commissionReportQuery, downloadCommissionReport, type ReportRequest } from './commissions-api';
import { SalesHeading } from '../../office/sales/sales-list-controls';

/**
 * `/sales/reports`: the commissions earned in a period by person and kind, with totals, credits' reversals included;
 * the sales person's own, or everyone's (one person's when chosen) with All Sales Reports. CSV and XLSX are made by
 * the server from the same answer. The period is kept in the address.
 */
export default function SalesReportsPage() {
  usePageTitle('Sales Reports');
  const { access } = useSignedIn();
  const everyone = hasFunctionality(access, 'Reports', 'All Sales Reports');
  const people = useSalesPeople(everyone);
  const [params, change] = useQueryParams();
  const request: ReportRequest = { from: params.get('from') ?? '', to: params.get('to') ?? '', userId: everyone && params.get('userId') ? Number(params.get('userId')) : null };
  const report = useQuery(commissionReportQuery(request));
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const set = (key: string, value: string | null) => change({ [key]: value || null }, { replace: true });
  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (!report.data) return;
    setExporting(format);
    try {
      await downloadCommissionReport(request, report.data, format);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The report could not be exported.');
    } finally {
      setExporting(null);
    }
  };
  const r = report.data;
  return (
    <Stack gap="md">
      <SalesHeading title="Sales Reports">{everyone ? 'The commissions every sales person earned in a period, by kind.' : 'The commissions you earned in a period, by kind.'}</SalesHeading>
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="From" type="date" w={160} value={request.from || (r?.from ?? '')} onChange={(e) => set('from', e.currentTarget.value)} />
          <TextInput label="To" type="date" w={160} value={request.to || (r?.to ?? '')} onChange={(e) => set('to', e.currentTarget.value)} />
          {everyone && (
            <Select
              label="Sales person"
              placeholder="Everyone"
              clearable
              w={220}
              data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={request.userId ? String(request.userId) : null}
              onChange={(v) => set('userId', v)}
            />
          )}
          <Group gap="xs" ml="auto">
            <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} loading={exporting === 'csv'} disabled={!r} onClick={() => void exportAs('csv')}>CSV</Button>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={exporting === 'xlsx'} disabled={!r} onClick={() => void exportAs('xlsx')}>XLSX</Button>
          </Group>
        </Group>
      </Paper>
      {report.isError ? (
        <LoadFailed title="The report could not be made" error={report.error} onRetry={() => void report.refetch()} />
      ) : !r ? (
        <Skeleton height={160} aria-label="Loading the report" />
      ) : r.rows.length === 0 ? (
        <EmptyPanel title="No commission in this period" hint={`Nothing was earned from ${formatDate(r.from)} to ${formatDate(r.to)}: commissions come with invoices submitted for your customers.`} />
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped miw={340} aria-label="Commissions" aria-busy={report.isFetching}>
            <Table.Caption>Commissions from {formatDate(r.from)} to {formatDate(r.to)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sales Person and Commission</Table.Th>
                <Table.Th ta="right">Invoices</Table.Th>
                <Table.Th ta="right">Base</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.rows.map((row) => (
                <Table.Tr key={`${row.userId}-${row.kind}`} data-testid={`commission-${row.userId}-${row.kind}`}>
                  <Table.Td>
                    <Text size="sm">{row.userName}</Text>
                    <Text size="xs" c="dimmed">{commissionKindLabel(row.kind)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{row.invoiceCount}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{moneyText(row.base)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="commission-amount">{moneyText(row.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>{moneyText(r.totals.base)}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="commission-total">{moneyText(r.totals.amount)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollArea>
      )}
      <Text size="xs" c="dimmed">Each commission is a percentage of the invoice's subtotal before tax, frozen when the invoice was submitted; a credit applied later takes back its share on the day it is applied.</Text>
    </Stack>
  );
}
