import { Button, Group, List, Skeleton, Text } from '@mantine/core';
import { IconFileTypePdf, IconMailForward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AGING_BUCKET_LABELS, formatDate, moneyText } from '@sm/shared';
import { useState } from 'react';
import { openPdf } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { dunningEmailsQuery } from './collections-api';

/** Statement: the customer's statement PDF (open invoices, aging, payments and credits of the last 30 days) in a new tab. */
export function StatementButton({ customerId, customerName }: { customerId: number; customerName: string }) {
  const [isOpening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openPdf(`Collection/customers/${customerId}/statement`, `Statement-${customerId}.pdf`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The statement could not be made.');
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button size="xs" variant="default" leftSection={<IconFileTypePdf size={14} />} onClick={() => void open()} loading={isOpening} aria-label={`Statement of ${customerName}`}>
      Statement
    </Button>
  );
}

/** The dunning e-mails the nightly job sent the customer, newest first: "Statement e-mailed on <date>". */
export function DunningHistory({ customerId }: { customerId: number }) {
  const history = useQuery(dunningEmailsQuery(customerId));
  if (history.isPending) return <Skeleton height={16} width={220} role="status" aria-label="Loading the statements e-mailed" />;
  if (history.isError) return <Text size="xs" c="red">{history.error.message}</Text>;
  if (history.data.length === 0) return <Text size="xs" c="dimmed">No statement e-mailed yet.</Text>;
  return (
    <List size="xs" spacing={2} aria-label="Statements e-mailed" data-testid="dunning-history">
      {history.data.map((d) => (
        <List.Item key={d.dunningEmailId} icon={<IconMailForward size={14} />}>
          <Group gap={4} wrap="wrap">
            <Text size="xs" fw={500}>Statement e-mailed on {formatDate(d.sentAt)}</Text>
            <Text size="xs" c="dimmed">
              · {d.templateName} ({AGING_BUCKET_LABELS[d.bucket]}) to {d.to.join(', ')}, owing {moneyText(d.balance)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
