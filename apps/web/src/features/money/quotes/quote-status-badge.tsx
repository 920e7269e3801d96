import { Badge } from '@mantine/core';
import type { QuoteStatus } from '@sm/shared';

const COLORS: Record<QuoteStatus, string> = { Open: 'blue', Pending: 'orange', Submitted: 'indigo', Approved: 'teal', Rejected: 'red' };

/** A quote status as a coloured badge. */
export function QuoteStatusBadge({ status, size = 'sm' }: { status: QuoteStatus; size?: 'sm' | 'lg' }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" size={size} data-testid="quote-status">
      {status}
    </Badge>
  );
}
