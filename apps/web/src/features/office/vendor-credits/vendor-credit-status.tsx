import { Badge } from '@mantine/core';
import { VENDOR_CREDIT_STATUS_LABELS, type VendorCreditStatus } from '@sm/shared';

const COLORS: Record<VendorCreditStatus, string> = { open: 'blue', applied: 'green', canceled: 'gray' };

/** A credit's status as a badge. */
export function VendorCreditStatusBadge({ status }: { status: VendorCreditStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {VENDOR_CREDIT_STATUS_LABELS[status]}
    </Badge>
  );
}
