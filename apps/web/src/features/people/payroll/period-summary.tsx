import { Badge, Button, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCalendarCog, IconLock, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, hoursText, type PayPeriod, satisfies, TIMESHEET_APPROVE, TIMESHEET_LOCK, type TimesheetSummaryRow } from '@sm/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { LoadingRows } from '../../../components/table-states';
import { openPdf } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { toastError } from '../../../lib/query-client';
import { useSignedIn } from '../../platform/auth/session-context';
import { PeriodBar, PeriodFailed, periodText } from './period-bar';
import { PayrollSettingsDialog } from './payroll-settings-dialog';
import { timesheetsQuery, usePayrollActions } from './payroll-api';

const COLUMNS = ['Employee', 'Regular', 'Overtime', 'PTO', 'Total', 'Per Diem', 'Approval'];

/** Every employee's hours of one pay period, their approvals, and the lock of the period. */
export function PeriodSummary({ date, onDate, onOpen }: { date: string | null; onDate: (date: string | null) => void; onOpen: (userId: number) => void }) {
  const { access } = useSignedIn();
  const summary = useQuery(timesheetsQuery(date));
  const { approve, withdraw, lock } = usePayrollActions();
  const [isEditingCalendar, setEditingCalendar] = useState(false);
  const mayApprove = satisfies(access, TIMESHEET_APPROVE);
  const mayLock = satisfies(access, TIMESHEET_LOCK);
  if (summary.isError) return <PeriodFailed title="The timesheets could not be read" error={summary.error} date={date} onDate={onDate} onRetry={() => void summary.refetch()} />;
  const period = summary.data?.period;
  const isLocked = !!period?.lockedAt;

  const lockPeriod = async (p: PayPeriod) => {
    const ok = await confirm({
      title: 'Lock Pay Period',
      message: `Lock the pay period ${periodText(p)}? Its hours can no longer change afterwards; corrections are made as adjustments.`,
      confirmLabel: 'Lock Period',
    });
    if (ok) lock.mutate(p.startsOn, { onSuccess: () => notifySuccess('The pay period is locked.') });
  };

  return (
    <Stack gap="sm">
      {period ? (
        <PeriodBar period={period} onDate={onDate}>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void openPdf(`Payroll/timesheets/print?date=${period.startsOn}`, `timesheets-${period.startsOn}.pdf`).catch(toastError)}>
            Print All
          </Button>
          {mayLock && (
            <Button variant="default" leftSection={<IconCalendarCog size={16} />} onClick={() => setEditingCalendar(true)}>
              Pay Calendar
            </Button>
          )}
          {mayLock && !isLocked && (
            <Tooltip label={period.hasEnded ? 'Lock the hours of this period' : `It can be locked after ${dayjs(period.endsOn).format('MMM D')}`}>
              <Button leftSection={<IconLock size={16} />} disabled={!period.hasEnded} loading={lock.isPending} onClick={() => void lockPeriod(period)}>
                Lock Period
              </Button>
            </Tooltip>
          )}
        </PeriodBar>
      ) : (
        <Text size="sm" c="dimmed">
          Loading the pay period…
        </Text>
      )}
      <Table.ScrollContainer minWidth={700} type="native">
        <Table striped highlightOnHover aria-label="Timesheets of the pay period" aria-busy={summary.isPending}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c, i) => (
                <Table.Th key={c || i} ta={i >= 1 && i <= 5 ? 'right' : undefined}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.isPending ? (
              <LoadingRows columns={COLUMNS.length} />
            ) : summary.data.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text size="sm" c="dimmed">
                    Nobody has time in this pay period.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              withTimeFirst(summary.data.rows).map((row) => (
                <Table.Tr key={row.userId} aria-label={row.name}>
                  <Table.Td>
                    <UnstyledButton onClick={() => onOpen(row.userId)} aria-label={`Open the timesheet of ${row.name}`}>
                      <Text span c="blue.8" fw={600} td="underline">
                        {row.name}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                  <Hours minutes={row.adjusted.regularMinutes} />
                  <Hours minutes={row.adjusted.overtimeMinutes} />
                  <Hours minutes={row.adjusted.ptoMinutes} />
                  <Hours minutes={row.adjusted.regularMinutes + row.adjusted.overtimeMinutes + row.adjusted.ptoMinutes} strong />
                  <Table.Td ta="right">{row.adjusted.perDiemDays}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ApprovalBadge row={row} />
                      {mayApprove && !isLocked && period && (
                        <ApprovalButton row={row} onApprove={() => approve.mutate({ userId: row.userId, startsOn: period.startsOn })} onWithdraw={() => withdraw.mutate({ userId: row.userId, startsOn: period.startsOn })} />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {isEditingCalendar && <PayrollSettingsDialog onClose={() => setEditingCalendar(false)} />}
    </Stack>
  );
}

function Hours({ minutes, strong }: { minutes: number; strong?: boolean }) {
  return (
    <Table.Td ta="right" fw={strong ? 600 : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {hoursText(minutes)}
    </Table.Td>
  );
}

/** Those with time in the period first, each part by name (as the server sorts them). */
const withTimeFirst = (rows: TimesheetSummaryRow[]) => [...rows.filter(hasTime), ...rows.filter((r) => !hasTime(r))];

function hasTime(row: Pick<TimesheetSummaryRow, 'built' | 'approval'>) {
  return row.built.workedMinutes > 0 || row.built.ptoMinutes > 0 || row.approval !== null;
}
export function ApprovalBadge({ row }: { row: Pick<TimesheetSummaryRow, 'approval' | 'hasOpenLabor' | 'built'> }) {
  if (row.hasOpenLabor) return <Badge color="orange" variant="light">Clocked in</Badge>;
  if (!row.approval) return hasTime(row) ? <Badge color="yellow" variant="light">Needs approval</Badge> : <Text size="sm" c="dimmed">No time</Text>;
  const by = `by ${row.approval.approvedByName} on ${formatDateTime(row.approval.approvedAt)}`;
  return row.approval.isCurrent ? (
    <Tooltip label={`Approved ${by}`}>
      <Badge color="teal" variant="light">Approved</Badge>
    </Tooltip>
  ) : (
    <Tooltip label={`Approved ${by}; the hours changed since`}>
      <Badge color="red" variant="light">Changed since approved</Badge>
    </Tooltip>
  );
}

function ApprovalButton({ row, onApprove, onWithdraw }: { row: TimesheetSummaryRow; onApprove: () => void; onWithdraw: () => void }) {
  if (row.hasOpenLabor || (!hasTime(row) && !row.approval)) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {!row.approval?.isCurrent && (
        <Button size="xs" onClick={onApprove} aria-label={`Approve the timesheet of ${row.name}`}>
          Approve
        </Button>
      )}
      {row.approval && (
        <Button size="xs" variant="subtle" color="gray" onClick={onWithdraw} aria-label={`Withdraw the approval of ${row.name}`}>
          Withdraw
        </Button>
      )}
    </Group>
  );
}
