import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { formatDateTime, INTACCT_BILLING_READ, INTACCT_PATHS, satisfies, type PostingState } from '@sm/shared';
import { Link } from 'react-router';
import { useSignedIn } from '../../platform/auth/session-context';

/**
 * Where a submitted invoice stands in its accounting system (Intacct or QuickBooks, named): posted with the system's
 * record number, waiting (with the next try when the system did not answer), or stopped with the sentence saying why and a link to its sync log entry, for those who
 * may open the log. Nothing for a company that posts nowhere.
 */
export function InvoicePosting({ posting }: { posting: PostingState | null }) {
  const { access } = useSignedIn();
  if (!posting) return null;
  const logLink = satisfies(access, INTACCT_BILLING_READ) && (
    <Anchor component={Link} to={`${INTACCT_PATHS.syncLog}?posting=${posting.postingId}`} size="sm" fw={500}>
      Open in the sync log
    </Anchor>
  );
  if (posting.status === 'posted') {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} py="xs" data-testid="invoice-posting" data-status="posted">
        <Text size="sm">
          Posted to {posting.system} as record <b data-testid="invoice-record-no">{posting.recordNo}</b>
          {posting.postedAt ? ` on ${formatDateTime(posting.postedAt)}` : ''}. {logLink}
        </Text>
      </Alert>
    );
  }
  if (posting.status === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`Not posted to ${posting.system}`} data-testid="invoice-posting" data-status="failed">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="invoice-posting-message">
          {posting.message}
        </Text>
        {logLink}
      </Alert>
    );
  }
  const next = posting.nextAttemptAt ? ` Next try ${formatDateTime(posting.nextAttemptAt)}.` : '';
  return (
    <Alert color={posting.status === 'retrying' ? 'orange' : 'blue'} icon={<IconClockHour4 size={18} />} py="xs" data-testid="invoice-posting" data-status={posting.status}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {posting.status === 'retrying' ? `${posting.system} has not taken it yet: ${posting.message ?? 'no answer.'}${next}` : `Waiting to be posted to ${posting.system}.${next}`} {logLink}
      </Text>
    </Alert>
  );
}
