import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import { AGING_BUCKET_LABELS, BILLING_WRITE, compareMoney, formatDate, moneyText, satisfies, type AgingBucket } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PHONE_QUERY } from '../../../lib/media';
import { useSignedIn } from '../../platform/auth/session-context';
import { billingSettingsQuery } from '../invoices/invoices-api';
import { ProcessPaymentDialog } from '../invoices/process-payment-dialog';
import { customerAgingQuery, type OpenInvoice } from './collections-api';
import { DunningHistory, StatementButton } from './statement-section';

/** A bucket's badge: calmer for current, louder the older it is. */
const BUCKET_COLORS: Record<AgingBucket, string> = { current: 'teal', days1to30: 'yellow', days31to60: 'orange', days61to90: 'red', over90: 'red' };

export function BucketBadge({ bucket }: { bucket: AgingBucket }) {
  return (
    <Badge color={BUCKET_COLORS[bucket]} variant={bucket === 'over90' ? 'filled' : 'light'} data-testid="invoice-bucket">
      {AGING_BUCKET_LABELS[bucket]}
    </Badge>
  );
}

function PayButton({ invoice, onPay }: { invoice: OpenInvoice; onPay: (invoice: OpenInvoice) => void }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconCash size={14} />} onClick={() => onPay(invoice)} aria-label={`Process payment on invoice ${invoice.invoiceNumber}`}>
      Payment
    </Button>
  );
}

function InvoiceTable({ invoices, mayPay, onPay }: { invoices: OpenInvoice[]; mayPay: boolean; onPay: (invoice: OpenInvoice) => void }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label="Open invoices" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Invoice</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Due</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Paid, credited</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
          <Table.Th>Age</Table.Th>
          {mayPay && <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((i) => (
          <Table.Tr key={i.invoiceId} data-testid="open-invoice-row">
            <Table.Td>
              {i.invoiceNumber}
              <Text size="xs" c="dimmed">WO {i.workOrderNumber}</Text>
            </Table.Td>
            <Table.Td>{formatDate(i.invoiceDate)}</Table.Td>
            <Table.Td>{formatDate(i.dueDate)}</Table.Td>
            <Table.Td ta="right">{moneyText(i.total)}</Table.Td>
            <Table.Td ta="right">
              {moneyText(i.paymentsTotal)}
              {compareMoney(i.creditsApplied, 0) > 0 && <Text size="xs" c="dimmed">+ {moneyText(i.creditsApplied)} credit</Text>}
            </Table.Td>
            <Table.Td ta="right" fw={600}>{moneyText(i.balance)}</Table.Td>
            <Table.Td>
              <BucketBadge bucket={i.bucket} />
            </Table.Td>
            {mayPay && <Table.Td><PayButton invoice={i} onPay={onPay} /></Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InvoiceCards({ invoices, mayPay, onPay }: { invoices: OpenInvoice[]; mayPay: boolean; onPay: (invoice: OpenInvoice) => void }) {
  return (
    <Stack gap="xs" role="list" aria-label="Open invoices">
      {invoices.map((i) => (
        <Card key={i.invoiceId} withBorder padding="xs" role="listitem" data-testid="open-invoice-row">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600}>Invoice {i.invoiceNumber}</Text>
            <BucketBadge bucket={i.bucket} />
          </Group>
          <Text size="xs" c="dimmed">Work order {i.workOrderNumber} · due {formatDate(i.dueDate)}</Text>
          <Group justify="space-between" mt={4}>
            <Text size="sm">{moneyText(i.balance)} of {moneyText(i.total)}</Text>
            {mayPay && <PayButton invoice={i} onPay={onPay} />}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * A customer's open invoices, oldest first, each with its due date, what was paid and credited, its balance and its
 * bucket; Process Payment on each for Billing writers (the aging reads again after it).
 */
export function OpenInvoices({ customerId }: { customerId: number }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { access } = useSignedIn();
  const mayPay = satisfies(access, BILLING_WRITE);
  const detail = useQuery(customerAgingQuery(customerId));
  const settings = useQuery({ ...billingSettingsQuery, enabled: mayPay });
  const [paying, setPaying] = useState<OpenInvoice | null>(null);
  if (detail.isPending) {
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label="Loading the open invoices">
        {[0, 1].map((i) => <Skeleton key={i} height={28} />)}
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {detail.error.message}
      </Alert>
    );
  }
  const { invoices, termsName, lastPaymentDate, customerName } = detail.data;
  return (
    <Stack gap="xs" data-testid="open-invoices">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          Terms: {termsName ?? 'due on receipt'} · last payment: {lastPaymentDate ? formatDate(lastPaymentDate) : 'none'}
        </Text>
        <StatementButton customerId={customerId} customerName={customerName} />
      </Group>
      <DunningHistory customerId={customerId} />
      {invoices.length === 0 ? (
        <Text size="sm" c="dimmed">No open invoices: nothing is owed.</Text>
      ) : isPhone ? (
        <InvoiceCards invoices={invoices} mayPay={mayPay} onPay={setPaying} />
      ) : (
        <InvoiceTable invoices={invoices} mayPay={mayPay} onPay={setPaying} />
      )}
      {paying && (
        <ProcessPaymentDialog
          invoiceId={paying.invoiceId}
          invoiceNumber={paying.invoiceNumber}
          amountDue={paying.balance}
          convenienceFeePercent={settings.data?.convenienceFeePercent ?? 0}
          onClose={() => setPaying(null)}
        />
      )}
    </Stack>
  );
}
