import { Badge } from '@mantine/core';
import type { EstimateStatus } from '@sm/shared';

const COLORS: Record<EstimateStatus, string> = { Open: 'blue', Sent: 'indigo', Accepted: 'teal', Declined: 'red', Converted: 'grape' };

/** An estimate status as a coloured badge. */
export function EstimateStatusBadge({ status, size = 'sm' }: { status: EstimateStatus; size?: 'sm' | 'lg' }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" size={size} data-testid="estimate-status">
      {status}
    </Badge>
  );
}
