import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import { BILLING_WRITE, compareMoney, INVOICE_COMMISSIONS_ACCESS, formatDate, type InvoiceDisplayMode, moneyText, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSignedIn } from '../../platform/auth/session-context';
import { InvoicePosting } from '../accounting/invoice-posting';
import { InvoiceCommissions } from '../commissions/invoice-commissions';
import { DocumentButtons } from '../documents/document-buttons';
import { DisplayModeSwitch, InvoiceLines } from './invoice-lines';
import { Figure, TaxExemptNotice } from './invoice-parts';
import { invoiceQuery, paymentHistoryQuery } from './invoices-api';
import { PaymentHistoryTable } from './payment-history';
import { ProcessPaymentDialog } from './process-payment-dialog';

/**
 * A submitted invoice: its number, the totals frozen at submission in the chosen display mode, what has been paid and
 * what is still due, Process Payment for users who may write Billing, and the payment history.
 */
export function SubmittedInvoice({ invoiceId }: { invoiceId: number }) {
  const { access } = useSignedIn();
  const mayWrite = satisfies(access, BILLING_WRITE);
  const [mode, setMode] = useState<InvoiceDisplayMode>('summary');
  const [isPaying, setPaying] = useState(false);
  // A posting to the accounting system waiting its first run is looked at again until it has run.
  const invoice = useQuery({ ...invoiceQuery(invoiceId, mode), refetchInterval: (q) => (q.state.data?.accountingPosting?.status === 'queued' ? 3000 : false) });
  const history = useQuery(paymentHistoryQuery(invoiceId));
  if (invoice.isPending) return <Skeleton height={160} aria-label="Loading the invoice" />;
  if (invoice.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {invoice.error.message}
      </Alert>
    );
  }
  const inv = invoice.data;
  const t = inv.totals;
  const isDue = compareMoney(t.totalDue, 0) > 0;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Invoice <b data-testid="invoice-number">{inv.invoiceNumber}</b> of {formatDate(inv.invoiceDate)} to {inv.billingCustomerName}
        {inv.submittedBy ? `, submitted by ${inv.submittedBy}` : ''}.
      </Text>
      {t.isTaxExempt && <TaxExemptNotice />}
      <InvoicePosting posting={inv.accountingPosting} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Invoice Total" testId="invoice-total">{moneyText(t.total)}</Figure>
        <Figure label="Credits Applied" testId="invoice-credits">{moneyText(t.invoiceCredits)}</Figure>
        <Figure label="Amount Paid" testId="invoice-paid">{moneyText(t.payments)}</Figure>
        <Figure label="Amount Due" strong testId="invoice-amount-due">{moneyText(t.totalDue)}</Figure>
      </SimpleGrid>
      <Group justify="flex-end" gap="xs">
        <DocumentButtons kind="invoice" path={`Invoice/${inv.invoiceId}`} query={`displayMode=${mode}`} fileName={`Invoice-${inv.invoiceNumber}.pdf`} mayEmail={mayWrite} />
        {mayWrite && isDue && (
          <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
            Process Payment
          </Button>
        )}
      </Group>
      <DisplayModeSwitch value={mode} onChange={setMode} />
      <InvoiceLines lines={inv.lines} caption={`Invoice ${inv.invoiceNumber}`} />
      <PaymentHistoryTable history={history.data} />
      {satisfies(access, INVOICE_COMMISSIONS_ACCESS) && <InvoiceCommissions invoiceId={inv.invoiceId} />}
      {isPaying && (
        <ProcessPaymentDialog
          invoiceId={inv.invoiceId}
          invoiceNumber={inv.invoiceNumber}
          amountDue={t.totalDue}
          convenienceFeePercent={t.convenienceFeePercent}
          onClose={() => setPaying(false)}
        />
      )}
    </Stack>
  );
}
