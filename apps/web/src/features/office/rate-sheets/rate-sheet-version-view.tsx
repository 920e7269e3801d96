import { Badge, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, moneyText, type RateSheetApproval, type RateSheetStatus, type RateSheetVersion } from '@sm/shared';
import type { ReactNode } from 'react';

export const RATE_SHEET_STATUS_LABELS: Record<RateSheetStatus, { label: string; color: string }> = {
  saved: { label: 'Saved', color: 'gray' },
  sent: { label: 'Waiting for the customer', color: 'yellow' },
  approved: { label: 'Approved', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
};

const APPROVAL_COLOURS: Record<RateSheetApproval['status'], string> = { Pending: 'yellow', Approved: 'green', Declined: 'red', Expired: 'gray' };

/** A version's status and, when it is the one in effect today, that too. */
export function VersionBadges({ status, isCurrent }: { status: RateSheetStatus; isCurrent: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={RATE_SHEET_STATUS_LABELS[status].color}>{RATE_SHEET_STATUS_LABELS[status].label}</Badge>
      {isCurrent && <Badge variant="filled" color="teal">In effect</Badge>}
    </Group>
  );
}

function RateTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{caption}</Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">{empty}</Text>
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped withTableBorder miw={head.length * 110} aria-label={caption}>
            <Table.Thead>
              <Table.Tr>{head.map((h, i) => <Table.Th key={h} ta={i < 2 ? 'left' : 'right'}>{h}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={i}>{r.map((c, j) => <Table.Td key={j} ta={j < 2 ? 'left' : 'right'} style={{ fontVariantNumeric: 'tabular-nums' }}>{c}</Table.Td>)}</Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/** Every rate of a version, as the office and (through the link) the customer read them. */
export function RateSheetRates({ v }: { v: Pick<RateSheetVersion, 'labor' | 'trucks' | 'perDiems' | 'standardItems'> }) {
  return (
    <Stack gap="md">
      <RateTable
        caption="Labor Rates" empty="No labor rates." head={['Technician', 'Employee Type', 'Regular', 'Overtime', 'Stand-by', 'Apprentice', 'Daily']}
        rows={v.labor.map((l) => [l.technicianName, l.employeeType, moneyText(l.hourlyRate), moneyText(l.otHourlyRate), moneyText(l.standByRate), l.apprenticeRate == null ? '—' : moneyText(l.apprenticeRate), moneyText(l.dailyRate)])}
      />
      <RateTable caption="Trucks" empty="No trucks." head={['Truck Type', '', 'Hourly Rate', 'Trip Charge']} rows={v.trucks.map((t) => [t.name, '', moneyText(t.hourlyRate), moneyText(t.tripCharge)])} />
      <RateTable caption="Per Diem" empty="No per diem amounts." head={['Per Diem Type', '', 'Amount']} rows={v.perDiems.map((p) => [p.perDiemTypeName, '', moneyText(p.amount)])} />
      <RateTable caption="Standard Items" empty="No standard items." head={['Item', 'Item Rate Type', 'Price']} rows={v.standardItems.map((s) => [s.name, s.itemRateTypeName, moneyText(s.price)])} />
    </Stack>
  );
}

/** The version's requests to the customer and their answers, newest first. */
export function ApprovalHistory({ approvals }: { approvals: RateSheetApproval[] }) {
  if (approvals.length === 0) return null;
  const day = (iso: string) => formatDate(iso);
  return (
    <Stack gap={6} component="section" aria-label="Customer approval">
      <Title order={4}>Customer Approval</Title>
      {approvals.map((a) => (
        <Paper key={a.rateSheetApprovalId} withBorder p="xs" radius="md">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={APPROVAL_COLOURS[a.status]}>{a.status}</Badge>
            <Text size="sm">
              Sent to {a.sentTo} by {a.requestedByName} on {day(a.requestedAt)}
              {a.decidedAt && `; ${a.status.toLowerCase()} by ${a.approverName} on ${day(a.decidedAt)}`}
              {a.status === 'Pending' && `; answer by ${day(a.expiresAt)}`}.
            </Text>
          </Group>
          {a.reason && <Text size="sm" mt={4} c="red.8">Reason: {a.reason}</Text>}
        </Paper>
      ))}
    </Stack>
  );
}
