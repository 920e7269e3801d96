import { Badge } from '@mantine/core';
import { PM_STATUS_LABELS, type PmContractStatus } from '@sm/shared';

const COLOURS: Record<PmContractStatus, string> = { draft: 'gray', sent: 'yellow', approved: 'green', declined: 'red', cancelled: 'dark' };

/** A contract's status as a coloured word. */
export function PmStatusBadge({ status }: { status: PmContractStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {PM_STATUS_LABELS[status]}
    </Badge>
  );
}
