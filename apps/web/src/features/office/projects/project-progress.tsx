import { Progress, Stack, Text } from '@mantine/core';
import type { Project } from '@sm/shared';

/** "Dec 1, 2026" from a calendar date, read as that date wherever the browser is. */
export const dateText = (date: string | null) => (date ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : null);

/** Jobs done of all, as a bar with its words; "No jobs yet" while the work orders have none. */
export function ProgressLine({ progress }: { progress: Project['progress'] }) {
  if (progress.percent === null) {
    return (
      <Text size="xs" c="dimmed">
        No jobs yet · {progress.workOrders} work order{progress.workOrders === 1 ? '' : 's'}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Progress value={progress.percent} size="sm" aria-label={`${progress.percent}% of jobs done`} color={progress.percent === 100 ? 'teal' : 'blue'} />
      <Text size="xs">
        {progress.jobsDone} of {progress.jobs} jobs done · {progress.workOrdersDone} of {progress.workOrders} work orders done
      </Text>
    </Stack>
  );
}
