import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { StatusChange } from './work-order-api';
import { formatDateTime } from '@sm/shared';

/** Every status change of the work order, newest first: from → to, who and when. */
export function StatusHistory({ changes }: { changes: StatusChange[] }) {
  const newestFirst = [...changes].reverse();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Status history
      </Title>
      <Paper withBorder radius="md" p="md">
        {newestFirst.length === 0 ? (
          <Text c="dimmed" size="sm">
            The status has not changed since the work order was created.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={newestFirst.length - 1} aria-label="Status history">
            {newestFirst.map((change, i) => (
              <Timeline.Item
                key={`${change.changedAt}-${i}`}
                title={
                  <Text size="sm" fw={600} component="span">
                    {change.fromStatus ?? 'Created'} <IconArrowRight size={12} style={{ verticalAlign: 'middle' }} /> {change.toStatus ?? 'None'}
                  </Text>
                }
                data-testid="status-change"
              >
                <Text size="xs" c="dimmed">
                  {change.changedBy ?? 'Unknown'} · {formatDateTime(change.changedAt)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
