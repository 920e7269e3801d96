import { BarChart, LineChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import { moneyText, type ReportAnswer, type ReportCell, type ReportColumn } from '@sm/shared';

const SERIES_COLORS = ['blue.6', 'teal.6', 'yellow.6', 'orange.6', 'red.6', 'grape.6'];

/** A cell as the page prints it: money in dollars to the cent, hours to the hundredth, a share with its percent sign, an empty share as a dash. */
export function cellText(column: ReportColumn, value: ReportCell): string {
  if (value === null) return '—';
  if (column.kind === 'money') return moneyText(value);
  if (column.kind === 'percent') return `${value}%`;
  if (column.kind === 'hours') return `${Number(value).toFixed(2)} h`;
  return String(value);
}

/** The report's chart: its series drawn over its label column, money in dollars on the axis. */
export function ReportChart({ answer }: { answer: ReportAnswer }) {
  const byKey = new Map(answer.columns.map((c) => [c.key, c]));
  const series = answer.chart.series.map((key, i) => ({ name: key, label: byKey.get(key)?.label ?? key, color: SERIES_COLORS[i % SERIES_COLORS.length] }));
  const first = byKey.get(answer.chart.series[0]);
  const target = answer.chart.target;
  const props = {
    h: 300,
    data: answer.rows,
    dataKey: answer.chart.labelKey,
    series,
    withLegend: true,
    valueFormatter: (v: number) => (first ? cellText(first, v) : String(v)),
    tickLine: 'y' as const,
    yAxisProps: first?.kind === 'percent' ? { domain: [0, 100] } : undefined,
    referenceLines: target === null ? undefined : [{ y: target, label: `${target}%`, color: 'red.6' }],
  };
  return (
    <div role="img" aria-label={`${answer.title} chart: ${series.map((s) => s.label).join(', ')} by ${byKey.get(answer.chart.labelKey)?.label ?? 'row'}`} data-testid="report-chart">
      {answer.chart.kind === 'line' ? <LineChart {...props} curveType="linear" /> : <BarChart {...props} type={answer.chart.stacked ? 'stacked' : 'default'} />}
    </div>
  );
}

/** The report's rows and totals as a table; figures right-aligned. */
export function ReportTable({ answer }: { answer: ReportAnswer }) {
  const align = (c: ReportColumn) => (c.kind === 'text' ? 'left' : 'right');
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped withTableBorder verticalSpacing="xs" aria-label={`${answer.title} report`}>
        <Table.Thead>
          <Table.Tr>
            {answer.columns.map((c) => (
              <Table.Th key={c.key} ta={align(c)}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={answer.columns.length}>
                <Text size="sm" c="dimmed" py="sm">
                  Nothing to report for {answer.from === answer.to ? 'today' : `${answer.from} to ${answer.to}`}.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            answer.rows.map((row, i) => (
              <Table.Tr key={`${String(row[answer.chart.labelKey])}-${i}`} data-testid="report-row">
                {answer.columns.map((c) => (
                  <Table.Td key={c.key} ta={align(c)}>
                    {cellText(c, row[c.key] ?? null)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {answer.rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr data-testid="report-totals">
              {answer.columns.map((c) => (
                <Table.Th key={c.key} ta={align(c)}>
                  {cellText(c, answer.totals[c.key] ?? null)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
