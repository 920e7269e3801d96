import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One labelled amount of an invoice's headline figures. */
export function Figure({ label, children, strong, testId }: { label: string; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 600} size={strong ? 'lg' : 'md'} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The Tax Exempt notice (spec platform 2.6): the site or its billing customer is exempt, so no tax is charged. */
export function TaxExemptNotice() {
  return (
    <Alert color="blue" icon={<IconReceiptOff size={18} />} title="Tax Exempt" data-testid="tax-exempt-notice">
      This customer is tax exempt: no tax is charged on this invoice.
    </Alert>
  );
}

/** Skeleton rows while an invoice loads. */
export function LoadingLines() {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the invoice">
      <Skeleton height={32} />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={22} />
      ))}
    </Stack>
  );
}
