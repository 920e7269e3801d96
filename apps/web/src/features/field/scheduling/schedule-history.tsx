import { Center, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { scheduleHistoryQuery, type ScheduleHistoryEntry, type SchedulerTechnician } from './scheduler-api';
import { formatWhen } from './schedule-time';

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  move: 'Moved',
  delete: 'Deleted',
  'edit-occurrence': 'One occurrence edited on its own',
  'move-occurrence': 'One occurrence moved',
  'delete-occurrence': 'One occurrence removed',
};

const FIELDS: Record<string, string> = {
  start: 'Start',
  durationHours: 'Duration (hours)',
  task: 'Task',
  workOrderId: 'Work order',
  technicianId: 'Technician',
  isAllDay: 'All day',
  isAppointment: 'Appointment',
  noVisitRequired: 'No visit required',
  due: 'Due',
  recurrenceRule: 'Repeat',
  recurrenceException: 'Occurrences taken out',
  colorClass: 'Colour',
  timeZone: 'Time zone',
  isDeleted: 'Deleted',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One history value as a person reads it. */
function shown(field: string, value: unknown, technicians: SchedulerTechnician[]): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'technicianId') return technicians.find((t) => t.technicianId === value)?.name ?? `#${String(value)}`;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => shown(field, v, technicians)).join(', ');
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatWhen(value);
  return String(value);
}

/** "Start: Tue 24 Nov 2026, 9:00 AM → Wed 25 Nov 2026, 9:00 AM" for each field an entry changed. */
function changesOf(entry: ScheduleHistoryEntry, technicians: SchedulerTechnician[]): string[] {
  if (entry.action === 'create') return [];
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return Object.keys(after)
    .filter((field) => field in FIELDS)
    .map((field) => `${FIELDS[field]}: ${shown(field, before[field], technicians)} → ${shown(field, after[field], technicians)}`);
}

/** Every change of a schedule item, newest first: what, who, when and why. */
export function ScheduleHistory({ schedulerId, technicians }: { schedulerId: number; technicians: SchedulerTechnician[] }) {
  const history = useQuery(scheduleHistoryQuery(schedulerId));
  const entries = [...(history.data ?? [])].reverse();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        History
      </Title>
      <Paper withBorder radius="md" p="sm">
        {history.isPending ? (
          <Center mih={48}>
            <Loader size="sm" role="status" aria-label="Loading history" />
          </Center>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes recorded.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} active={entries.length - 1} aria-label="Schedule item history">
            {entries.map((entry) => (
              <Timeline.Item key={entry.auditId} title={<Text size="sm" fw={600} span>{ACTIONS[entry.action] ?? entry.action}</Text>} data-testid="schedule-history-entry">
                <Text size="xs" c="dimmed">
                  {entry.changedBy ?? 'Unknown'} · {formatWhen(entry.changedAt)}
                </Text>
                {entry.reason && (
                  <Text size="xs" mt={2}>
                    Reason: {entry.reason}
                  </Text>
                )}
                {changesOf(entry, technicians).map((line) => (
                  <Text key={line} size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </Text>
                ))}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
