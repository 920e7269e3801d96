import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileInvoice } from '@tabler/icons-react';
import { BILLING_WRITE, compareMoney, moneyText, satisfies, type InvoiceDisplayMode } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import type { WorkOrderDetails } from '../../office/work-orders/edit/work-order-api';
import { InvoiceAdjustments, useAdjustments } from './invoice-adjustments';
import { DisplayModeSwitch, InvoiceLines } from './invoice-lines';
import { Figure, LoadingLines, TaxExemptNotice } from './invoice-parts';
import { invoicePreviewQuery, useSubmitInvoice } from './invoices-api';

/**
 * Before an invoice exists: what the work order would be billed now, from its labor, rate sheet and items with the
 * freight, use tax, labor discounts and quoted values the office adds, in the chosen display mode, and Submit Invoice
 * after a confirmation (the totals freeze and the work order moves to Invoice Submitted).
 */
export function InvoicePreviewPanel({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const mayWrite = satisfies(access, BILLING_WRITE);
  const [mode, setMode] = useState<InvoiceDisplayMode>('summary');
  const adjust = useAdjustments(workOrder.workOrderId);
  const preview = useQuery(invoicePreviewQuery(adjust.lastGood, mode));
  const submit = useSubmitInvoice();
  if (preview.isPending) return <LoadingLines />;
  if (preview.isError && !preview.data) {
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="No invoice can be made yet" role="alert">
        {preview.error.message}
      </Alert>
    );
  }
  const p = preview.data!;
  const isEmpty = compareMoney(p.totals.subtotal, 0) <= 0;
  const isStale = preview.isPlaceholderData || preview.isFetching || adjust.isDebouncing || !adjust.body;
  const onSubmit = async () => {
    if (!adjust.body) return;
    const isSure = await confirm({
      title: 'Submit Invoice',
      message: `Submit the invoice of work order ${workOrder.workOrderNumber} for ${moneyText(p.totals.total)}? Its totals are frozen from now on: later changes to labor, rates or items will not change it.`,
      confirmLabel: 'Submit Invoice',
      cancelLabel: 'Cancel',
    });
    if (!isSure) return;
    submit.mutate(adjust.body, { onSuccess: (invoice) => notifySuccess(`Invoice ${invoice.invoiceNumber} submitted.`) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Preview: what {p.billingCustomerName} would be billed now. Nothing is stored until the invoice is submitted.
      </Text>
      {p.totals.isTaxExempt && <TaxExemptNotice />}
      {mayWrite && <InvoiceAdjustments a={adjust} totals={p.totals} />}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="invoice-preview-totals" aria-busy={isStale} style={{ opacity: isStale ? 0.6 : 1 }}>
        <Figure label="Labor" testId="preview-labor">{moneyText(p.totals.laborTotal)}</Figure>
        <Figure label="Subtotal" testId="preview-subtotal">{moneyText(p.totals.subtotal)}</Figure>
        <Figure label={p.totals.isUseTax ? `Use Tax ${p.totals.taxRate}%, not charged` : `Tax (${p.totals.taxRate}%)`} testId="preview-tax">
          {moneyText(p.totals.isUseTax ? p.totals.useTax : p.totals.tax)}
        </Figure>
        <Figure label="Invoice Total" strong testId="preview-total">{moneyText(p.totals.total)}</Figure>
      </SimpleGrid>
      {preview.isError && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {preview.error.message}
        </Alert>
      )}
      <DisplayModeSwitch value={mode} onChange={setMode} />
      {isEmpty ? (
        <Text size="sm" c="dimmed" data-testid="invoice-empty">
          Nothing to invoice yet: this work order has no labor, materials or items.
        </Text>
      ) : (
        <InvoiceLines lines={p.lines} caption="Invoice preview" />
      )}
      {mayWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconFileInvoice size={16} />} onClick={onSubmit} loading={submit.isPending} disabled={isEmpty || isStale}>
            Submit Invoice
          </Button>
        </Group>
      )}
    </Stack>
  );
}
