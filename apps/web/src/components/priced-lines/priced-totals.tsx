import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatCurrency, formatNumber, type QuoteView } from '@sm/shared';
import type { ReactNode } from 'react';

function Amount({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'}>
        {children}
      </Text>
    </Stack>
  );
}

interface Props {
  totals: QuoteView['totals'];
  /** What the totals belong to: names the test ids (`quote-totals`, `estimate-total`) and the warning. */
  noun: 'quote' | 'estimate';
  /** What may not happen while the profit factor is below the minimum ("submitted or approved"). */
  blocked: string;
}

/** Totals, profit and profit factor against the minimum the total requires (spec platform 5.6). */
export function PricedTotals({ totals, noun, blocked }: Props) {
  const factor = totals.profitFactor === null ? '—' : `${formatNumber(totals.profitFactor)}%`;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`${noun}-totals`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
          <Amount label="Subtotal">{formatCurrency(totals.subtotal)}</Amount>
          <Amount label="Discounts">{formatCurrency(totals.totalDiscount)}</Amount>
          <Amount label="Cost">{formatCurrency(totals.totalCost)}</Amount>
          <Amount label="Profit">{formatCurrency(totals.profit)}</Amount>
          <Amount label="Profit Factor">
            <span data-testid="profit-factor">{factor}</span>
            {totals.minimumProfitFactor !== null && (
              <Text span size="xs" c="dimmed">
                {' '}
                (min {formatNumber(totals.minimumProfitFactor)}%)
              </Text>
            )}
          </Amount>
          <Amount label="Total" strong>
            <span data-testid={`${noun}-total`}>{formatCurrency(totals.total)}</span>
          </Amount>
        </SimpleGrid>
        {!totals.isProfitFactorMet && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
            <Group gap={4}>
              {noun === 'quote' ? 'A quote' : 'An estimate'} of {formatNumber(totals.total)} needs a profit factor of at least {formatNumber(totals.minimumProfitFactor ?? 0)}%: it cannot be {blocked} until its
              prices change.
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
