import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, moneyText, type PaymentHistory } from '@sm/shared';


/** The payments of an invoice, oldest first: date, method, reference, who took it, amount and any card fee. */
export function PaymentHistoryTable({ history }: { history: PaymentHistory | undefined }) {
  return (
    <Stack gap="xs" data-testid="payment-history">
      <Title order={4} size="h5">
        Payment History
      </Title>
      {!history ? (
        <Skeleton height={60} aria-label="Loading the payments" />
      ) : history.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments yet.
        </Text>
      ) : (
        <Table verticalSpacing={6} horizontalSpacing="sm" aria-label="Payment history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th visibleFrom="sm">Reference</Table.Th>
              <Table.Th visibleFrom="sm">Received By</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.payments.map((p) => (
              <Table.Tr key={p.paymentId} data-testid="payment-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.paidOn)}</Table.Td>
                <Table.Td>{p.paymentMethod}</Table.Td>
                <Table.Td visibleFrom="sm">{p.reference ?? ''}</Table.Td>
                <Table.Td visibleFrom="sm">{p.receivedBy ?? ''}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {moneyText(p.amount)}
                  {p.convenienceFee > 0 && (
                    <Text size="xs" c="dimmed" span display="block">
                      + {moneyText(p.convenienceFee)} fee
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
