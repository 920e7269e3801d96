import { Badge } from '@mantine/core';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@sm/shared';

const COLOURS: Record<PurchaseOrderStatus, string> = { open: 'blue', sent: 'indigo', partiallyReceived: 'yellow', received: 'green', closed: 'gray', canceled: 'red' };

/** A purchase order's status as a badge: Open, Sent, Partially Received, Received, Closed, Canceled. */
export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge variant="light" color={COLOURS[status]} tt="none">
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
