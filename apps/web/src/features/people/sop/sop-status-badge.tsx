import { Badge } from '@mantine/core';
import { sopStatusColor } from '@sm/shared';

/** An SOP's status in its colour (spec platform 4.5: Completed green, Assigned yellow, Pending orange, Submitted blue, Approved teal). */
export function SopStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={sopStatusColor(status)} variant="light" tt="none">
      {status}
    </Badge>
  );
}
