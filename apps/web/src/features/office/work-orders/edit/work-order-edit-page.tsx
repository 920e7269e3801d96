import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorPanel } from '../../../../components/error-panel';
import { usePageTitle } from '../../../../components/use-page-title';
import { ApiError } from '../../../../lib/api';
import { useSignedIn } from '../../../platform/auth/session-context';
import { ClockButton } from '../../../field/clock/clock-button';
import { useReadyWithoutSignal } from '../../../field/offline/use-ready-without-signal';
import { LaborEntries } from './labor-entries';
import { NteMeterPanel } from './nte-meter-panel';
import { useWorkOrderHub } from './use-work-order-hub';
import { StatusHistory } from './status-history';
import { workOrderQuery } from './work-order-api';
import { WorkOrderOfficePanel } from './work-order-office-panel';
import { WorkOrderSaleSection } from '../../sales/work-order-sale-section';
import { WorkOrderNotFound, WorkOrderSkeleton } from './work-order-page-states';
import { WorkOrderSummary } from './work-order-summary';
import { WorkOrderItemsPanel } from '../items/work-order-items-panel';
import { WorkDescription } from './work-description';
import { WorkOrderAttachments } from './work-order-attachments';
import { InvoiceSection } from '../../../money/invoices/invoice-section';
import { WorkOrderPurchaseOrdersSection } from '../../purchasing/work-order-purchase-orders-section';
import { FlagRemindersSection } from '../../../people/notices/flag-reminders-section';
import { LaborApprovalSection } from '../../../people/labor-approvals/labor-approval-section';

/** Keeps the page live while it is open: the work order's hub reads it (and its NTE meter) again on every change. */
function WorkOrderLive({ workOrderId }: { workOrderId: number }) {
  useWorkOrderHub(workOrderId);
  return null;
}

function WorkOrderView({ workOrderNumber }: { workOrderNumber: string }) {
  usePageTitle(`Work Order ${workOrderNumber}`);
  const { user } = useSignedIn();
  const query = useQuery(workOrderQuery(workOrderNumber));
  useReadyWithoutSignal(query.data?.workOrderId ?? null);

  if (query.isPending) return <WorkOrderSkeleton />;
  // A failed refresh (the network gone) keeps the work order on screen as it was last read.
  const workOrder = query.data;
  if (!workOrder) {
    if (query.error instanceof ApiError && query.error.status === 404) return <WorkOrderNotFound workOrderNumber={workOrderNumber} />;
    return <ErrorPanel title="The work order could not be loaded" message={query.error?.message ?? ''} />;
  }
  const isClockedIn = workOrder.laborEntries.some((e) => e.isOpen && e.userId === user.userId);
  return (
    <Stack gap="lg" maw={1100}>
      <WorkOrderSummary
        workOrder={workOrder}
        action={<ClockButton workOrderId={workOrder.workOrderId} workOrderNumber={workOrder.workOrderNumber} isClockedIn={isClockedIn} />}
      />
      <WorkOrderLive workOrderId={workOrder.workOrderId} />
      <NteMeterPanel workOrderId={workOrder.workOrderId} />
      <WorkOrderOfficePanel workOrder={workOrder} />
      <WorkOrderSaleSection workOrderId={workOrder.workOrderId} />
      <WorkDescription workOrder={workOrder} />
      <FlagRemindersSection workOrder={workOrder} />
      <LaborEntries entries={workOrder.laborEntries} billingCustomerId={workOrder.billingCustomerId} />
      <LaborApprovalSection workOrder={workOrder} />
      <WorkOrderItemsPanel workOrder={workOrder} />
      <WorkOrderPurchaseOrdersSection workOrder={workOrder} />
      <InvoiceSection workOrder={workOrder} />
      <WorkOrderAttachments workOrder={workOrder} />
      <StatusHistory changes={workOrder.statusHistory} />
    </Stack>
  );
}

/**
 * The work order page, `/workOrder/{workOrderNumber}/edit` (spec clock 2): the work order, its labor and status
 * history, and the technician's Start / Stop Work Order. Another work order's number gives a fresh page, so no
 * dialog or form state carries over after a Finish and Start New.
 */
export default function WorkOrderEditPage() {
  const { workOrderNumber = '' } = useParams();
  return <WorkOrderView key={workOrderNumber.toLowerCase()} workOrderNumber={workOrderNumber} />;
}
