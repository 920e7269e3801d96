import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { satisfies, TIMESHEET_LOCK } from '@sm/shared';
import { useSignedIn } from '../../platform/auth/session-context';
import { pendingCorrectionsQuery, timeText } from './labor-corrections-api';

/**
 * Technicians' requests to correct their labor that wait for the office (Lock Timesheet), oldest first: each opens the
 * technician's timesheet on the labor's day, where it is approved or declined.
 */
export function PendingCorrections({ onOpen }: { onOpen: (userId: number, date: string) => void }) {
  const { access } = useSignedIn();
  const mayAnswer = satisfies(access, TIMESHEET_LOCK);
  const pending = useQuery({ ...pendingCorrectionsQuery, enabled: mayAnswer });
  if (!mayAnswer || !pending.data?.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Correction requests">
      <Title order={3} size="h5">
        Correction requests
      </Title>
      {pending.data.map((p) => (
        <Paper key={p.laborCorrectionRequestId} withBorder radius="md" p="sm" role="group" aria-label={`Correction request of ${p.technicianName}`}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600}>
                {p.technicianName} · work order {p.workOrderNumber}
              </Text>
              <Text size="sm">
                {timeText(p.startTime, p.timeZone)} – {timeText(p.stopTime, p.timeZone)}, asked {timeText(p.proposedStartTime, p.timeZone)} – {timeText(p.proposedStopTime, p.timeZone)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {p.reason}
              </Text>
            </Stack>
            <Button size="xs" variant="default" onClick={() => onOpen(p.userId, p.workDate)}>
              Open Timesheet
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
