import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { Low: 'gray', Normal: 'blue', High: 'orange', Emergency: 'red' };

/** A work order's priority, coloured from grey (Low) to red (Emergency). */
export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge variant={priority === 'Emergency' ? 'filled' : 'light'} color={COLORS[priority] ?? 'gray'} tt="none">
      {priority}
    </Badge>
  );
}
