import { ActionIcon, Alert, Anchor, Button, Group, Menu, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconMinus, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, hoursText, satisfies, TIMESHEET_APPROVE, TIMESHEET_LOCK, type TimesheetDay, type TimesheetDetailAnswer, type TimesheetEntry } from '@sm/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { openPdf } from '../../../lib/api';
import { toastError } from '../../../lib/query-client';
import { useSignedIn } from '../../platform/auth/session-context';
import { useIsPhone } from '../../field/clock/clock-modal';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { LaborCorrectionControls } from '../labor-corrections/labor-correction-controls';
import { AdjustmentDialog, TimeOffDialog } from './timesheet-dialogs';
import { ApprovalBadge } from './period-summary';
import { PeriodBar, PeriodFailed } from './period-bar';
import { timesheetQuery, usePayrollActions } from './payroll-api';

/** One employee's timesheet of a pay period: totals, each day and what it was built from, and the adjustments. */
export function TimesheetView({ userId, date, onDate }: { userId: number; date: string | null; onDate: (date: string | null) => void }) {
  const { access } = useSignedIn();
  const sheet = useQuery(timesheetQuery(userId, date));
  const [dialog, setDialog] = useState<'timeOff' | 'adjustment' | null>(null);
  if (sheet.isError) return <PeriodFailed title="The timesheet could not be read" error={sheet.error} date={date} onDate={onDate} onRetry={() => void sheet.refetch()} />;
  if (sheet.isPending) return <Skeleton height={320} aria-label="Loading the timesheet" />;
  const t = sheet.data;
  const isLocked = !!t.period.lockedAt;
  const mayAddTimeOff = satisfies(access, TIMESHEET_APPROVE) && !isLocked;
  const mayAdjust = satisfies(access, TIMESHEET_LOCK);
  return (
    <Stack gap="md">
      <PeriodBar period={t.period} onDate={onDate} />
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={3}>{t.name}</Title>
          <ApprovalBadge row={{ approval: t.approval, built: t.built, hasOpenLabor: t.days.some((d) => d.entries.some((e) => e.kind === 'labor' && !e.stoppedAt)) }} />
        </Group>
        <Group gap="xs">
          <PrintWeekMenu sheet={t} />
          {mayAddTimeOff && (
            <Button variant="default" size="sm" leftSection={<IconPlus size={14} />} onClick={() => setDialog('timeOff')}>
              Add Time Off
            </Button>
          )}
          {mayAdjust && (
            <Button variant="default" size="sm" leftSection={<IconPlus size={14} />} onClick={() => setDialog('adjustment')}>
              Add Adjustment
            </Button>
          )}
        </Group>
      </Group>
      <Totals sheet={t} />
      {isLocked && (
        <Alert color="gray" variant="light">
          This pay period is locked: its hours no longer change. Corrections are adjustments, listed below the days.
        </Alert>
      )}
      <Days sheet={t} mayRemoveTimeOff={mayAddTimeOff} />
      <Adjustments sheet={t} />
      {dialog === 'timeOff' && <TimeOffDialog userId={userId} period={t.period} onClose={() => setDialog(null)} />}
      {dialog === 'adjustment' && <AdjustmentDialog userId={userId} name={t.name} period={t.period} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

/** The printable pay weeks of the period, one PDF each. */
function PrintWeekMenu({ sheet }: { sheet: TimesheetDetailAnswer }) {
  const weeks = sheet.days.filter((_, i) => i % 7 === 0).map((d) => d.date);
  const print = (weekStart: string) => void openPdf(`Payroll/timesheets/${sheet.userId}/weeklyPrint?date=${weekStart}`, `timesheet-${weekStart}.pdf`).catch(toastError);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm" leftSection={<IconPrinter size={14} />}>
          Print Week
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {weeks.map((w) => (
          <Menu.Item key={w} onClick={() => print(w)}>
            Week of {dayjs(w).format('MMM D')}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Totals({ sheet }: { sheet: TimesheetDetailAnswer }) {
  const { adjusted, built } = sheet;
  const facts: [string, number, number][] = [
    ['Regular', adjusted.regularMinutes, built.regularMinutes],
    ['Overtime', adjusted.overtimeMinutes, built.overtimeMinutes],
    ['PTO', adjusted.ptoMinutes, built.ptoMinutes],
    ['Total', adjusted.regularMinutes + adjusted.overtimeMinutes + adjusted.ptoMinutes, built.regularMinutes + built.overtimeMinutes + built.ptoMinutes],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
      {facts.map(([label, value, asBuilt]) => (
        <Paper key={label} withBorder p="sm" radius="md" role="group" aria-label={`${label} hours`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {hoursText(value)}
          </Text>
          {value !== asBuilt && (
            <Text size="xs" c="dimmed">
              {hoursText(asBuilt)} before adjustments
            </Text>
          )}
        </Paper>
      ))}
      <Paper withBorder p="sm" radius="md" role="group" aria-label="Per diem days">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Per Diem Days
        </Text>
        <Text size="xl" fw={700}>
          {adjusted.perDiemDays}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

function Days({ sheet, mayRemoveTimeOff }: { sheet: TimesheetDetailAnswer; mayRemoveTimeOff: boolean }) {
  const isPhone = useIsPhone();
  const clock = new Intl.DateTimeFormat('en-US', { timeZone: sheet.period.timeZone, hour: 'numeric', minute: '2-digit' });
  if (isPhone) {
    // On a phone each day is a card: its hours on one line, what they were built from below.
    return (
      <Stack gap="xs" role="group" aria-label="Days of the timesheet">
        {sheet.days.map((d) => (
          <Paper key={d.date} withBorder p="sm" radius="md" role="group" aria-label={dayjs(d.date).format('dddd, MMMM D')}>
            <Group justify="space-between" gap="xs" mb={d.entries.length > 0 ? 4 : 0}>
              <Text size="sm" fw={600}>
                {dayjs(d.date).format('ddd, MMM D')}
              </Text>
              <Text size="sm" c={d.regularMinutes + d.overtimeMinutes + d.ptoMinutes === 0 ? 'dimmed' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {dayHoursText(d)}
              </Text>
            </Group>
            {d.entries.length > 0 && <DayEntries day={d} clock={clock} mayRemoveTimeOff={mayRemoveTimeOff} sheet={sheet} />}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label="Days of the timesheet" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Worked</Table.Th>
            <Table.Th ta="right">Regular</Table.Th>
            <Table.Th ta="right">Overtime</Table.Th>
            <Table.Th ta="right">PTO</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.days.map((d) => (
            <Table.Tr key={d.date} aria-label={dayjs(d.date).format('dddd, MMMM D')}>
              <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                <Text size="sm" fw={600}>
                  {dayjs(d.date).format('ddd, MMM D')}
                </Text>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <DayEntries day={d} clock={clock} mayRemoveTimeOff={mayRemoveTimeOff} sheet={sheet} />
              </Table.Td>
              {[d.regularMinutes, d.overtimeMinutes, d.ptoMinutes].map((m, i) => (
                <Table.Td key={i} ta="right" style={{ verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' }} c={m === 0 ? 'dimmed' : undefined}>
                  {hoursText(m)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A day's hours in words: "8.00 regular, 1.50 overtime", or "No time". */
function dayHoursText(d: TimesheetDay) {
  const parts = [
    d.regularMinutes > 0 ? `${hoursText(d.regularMinutes)} regular` : null,
    d.overtimeMinutes > 0 ? `${hoursText(d.overtimeMinutes)} overtime` : null,
    d.ptoMinutes > 0 ? `${hoursText(d.ptoMinutes)} PTO` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'No time';
}

function DayEntries({ day, clock, mayRemoveTimeOff, sheet }: { day: TimesheetDay; clock: Intl.DateTimeFormat; mayRemoveTimeOff: boolean; sheet: TimesheetDetailAnswer }) {
  const { removeTimeOff } = usePayrollActions();
  if (day.entries.length === 0) return <Text size="sm" c="dimmed">—</Text>;
  const when = (e: TimesheetEntry) => (e.startedAt ? `${clock.format(new Date(e.startedAt))} – ${e.stoppedAt ? clock.format(new Date(e.stoppedAt)) : 'now'}` : null);
  const remove = async (e: TimesheetEntry) => {
    if (await confirm({ title: 'Remove Time Off', message: `Remove ${hoursText(e.minutes)} hours of time off (${e.label.replace(/^Time off: /, '')})?`, confirmLabel: 'Remove', danger: true })) {
      removeTimeOff.mutate(e.ptoEntryId!);
    }
  };
  return (
    <Stack gap={2}>
      {day.entries.map((e, i) => (
        <Stack key={i} gap={2}>
          <Group gap={6} wrap="nowrap" align="center">
            <Text size="sm">
              {when(e) && <Text span c="dimmed">{when(e)} · </Text>}
              {e.workOrderNumber ? (
                <Anchor component={Link} to={workOrderEditPath(e.workOrderNumber)} inherit>
                  {e.label}
                </Anchor>
              ) : (
                e.label
              )}{' '}
              · {hoursText(e.minutes)} h{e.isOvertime ? ' (overtime)' : ''}
            </Text>
            {e.kind === 'pto' && mayRemoveTimeOff && (
              <Tooltip label="Remove this time off">
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove the time off of ${dayjs(day.date).format('MMM D')}`} onClick={() => void remove(e)}>
                  <IconMinus size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          {e.kind === 'labor' && e.workOrderLaborId && e.startedAt && (
            <LaborCorrectionControls
              labor={{ workOrderLaborId: e.workOrderLaborId, startedAt: e.startedAt, stoppedAt: e.stoppedAt, timeZone: sheet.period.timeZone, userId: sheet.userId, corrections: e.corrections, correctionRequest: e.correctionRequest }}
              name={`the labor of ${dayjs(day.date).format('MMM D')} from ${clock.format(new Date(e.startedAt))}`}
            />
          )}
        </Stack>
      ))}
      {day.perDiem.length > 0 && (
        <Text size="xs" c="grape.8">
          Per diem: {day.perDiem.join(', ')}
        </Text>
      )}
    </Stack>
  );
}

function Adjustments({ sheet }: { sheet: TimesheetDetailAnswer }) {
  if (sheet.adjustments.length === 0) return null;
  const change = (label: string, minutes: number) => (minutes === 0 ? null : `${label} ${minutes > 0 ? '+' : ''}${hoursText(minutes)} h`);
  return (
    <Stack gap="xs">
      <Title order={4}>Adjustments</Title>
      {sheet.adjustments.map((a) => (
        <Paper key={a.timesheetAdjustmentId} withBorder p="sm" radius="md" role="group" aria-label={`Adjustment of ${dayjs(a.workDate).format('MMM D')}`}>
          <Text size="sm" fw={600}>
            {dayjs(a.workDate).format('ddd, MMM D')}: {[change('Regular', a.regularMinutes), change('Overtime', a.overtimeMinutes), change('PTO', a.ptoMinutes)].filter(Boolean).join(', ')}
          </Text>
          <Text size="sm">{a.reason}</Text>
          <Text size="xs" c="dimmed">
            By {a.createdByName} on {formatDateTime(a.createdAt)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
