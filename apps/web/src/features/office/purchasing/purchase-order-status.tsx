import { Badge, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** A line's part as lists show it: the description, and the part number under it when there is one. */
export function PartName({ line, strong = false }: { line: { description: string; partNumber: string | null }; strong?: boolean }) {
  return (
    <>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {line.description}
      </Text>
      {line.partNumber && (
        <Text size="xs" c="dimmed">
          {line.partNumber}
        </Text>
      )}
    </>
  );
}

/** A dialog whose form is made afresh each time it opens, so nothing typed last time stays. */
export function FormModal({ opened, onClose, title, size, children }: { opened: boolean; onClose: () => void; title: string; size?: string; children: () => ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      {opened && children()}
    </Modal>
  );
}
