import { Alert, Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { BILLING_READ, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSignedIn } from '../../platform/auth/session-context';
import type { WorkOrderDetails } from '../../office/work-orders/edit/work-order-api';
import { LoadingLines } from './invoice-parts';
import { InvoicePreviewPanel } from './invoice-preview';
import { workOrderInvoiceQuery } from './invoices-api';
import { SubmittedInvoice } from './submitted-invoice';

/** The section's frame: a titled panel like the work order's other sections. */
function SectionFrame({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="invoice-title" data-testid="invoice-section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="invoice-title">
            Invoice
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}


/**
 * The work order's Invoice section, for users with the Billing permission: the preview and Submit Invoice before there
 * is an invoice; after, the submitted invoice with its payments (spec platform 3.15, 2.6).
 */
export function InvoiceSection({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const mayRead = satisfies(access, BILLING_READ);
  const existing = useQuery({ ...workOrderInvoiceQuery(workOrder.workOrderNumber), enabled: mayRead });
  if (!mayRead) return null;
  if (existing.isPending) {
    return (
      <SectionFrame>
        <LoadingLines />
      </SectionFrame>
    );
  }
  if (existing.isError) {
    return (
      <SectionFrame>
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {existing.error.message}
        </Alert>
      </SectionFrame>
    );
  }
  const row = existing.data;
  if (!row) {
    return (
      <SectionFrame badge={<Badge variant="light" color="gray">Not invoiced</Badge>}>
        <InvoicePreviewPanel workOrder={workOrder} />
      </SectionFrame>
    );
  }
  return (
    <SectionFrame badge={<Badge variant="light" color={row.status === 'Paid' ? 'teal' : 'blue'} data-testid="invoice-status">{row.status}</Badge>}>
      <SubmittedInvoice invoiceId={row.invoiceId} />
    </SectionFrame>
  );
}
