import { Badge } from '@mantine/core';
import { EMAIL_OUTBOX_STATUS_LABELS, type EmailOutboxStatus } from '@sm/shared';

const COLORS: Record<EmailOutboxStatus, string> = {
  queued: 'blue',
  sending: 'cyan',
  sent: 'teal',
  failed: 'red',
  uncertain: 'orange',
};

/** A message's status as a coloured word: the colour helps, the word says it. */
export function OutboxStatusBadge({ status }: { status: EmailOutboxStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" data-status={status}>
      {EMAIL_OUTBOX_STATUS_LABELS[status]}
    </Badge>
  );
}
