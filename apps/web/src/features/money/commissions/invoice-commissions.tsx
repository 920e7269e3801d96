import { Paper, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { commissionKindLabel, formatDate, moneyText } from '@sm/shared';
import { useInvoiceCommissions } from './commissions-api';

/** The commissions a submitted invoice pays, frozen at submission, with the reversals of credits applied since. */
export function InvoiceCommissions({ invoiceId }: { invoiceId: number }) {
  const list = useInvoiceCommissions(invoiceId);
  return (
    <Paper withBorder p="sm" component="section" aria-label="Commissions">
      <Stack gap="xs">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">Commissions</Text>
        {list.isPending ? <Skeleton height={48} /> : list.isError ? <Text size="sm" c="red">{list.error.message}</Text> : list.data.length === 0 ? (
          <Text size="sm" c="dimmed">This invoice pays no commission: its work order is not commissionable, or no one or no rate was set when it was submitted.</Text>
        ) : (
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table miw={520} aria-label="Commissions of the invoice">
              <Table.Thead>
                <Table.Tr><Table.Th>Commission</Table.Th><Table.Th>Person</Table.Th><Table.Th ta="right">Base</Table.Th><Table.Th ta="right">Rate</Table.Th><Table.Th ta="right">Amount</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((c, i) => (
                  <Table.Tr key={i} data-testid={`invoice-commission-${c.kind}`}>
                    <Table.Td>{commissionKindLabel(c.kind)}{c.isReversal && <Text span size="xs" c="dimmed"> · credit of {formatDate(c.earnedOn)}</Text>}</Table.Td>
                    <Table.Td>{c.userName}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{moneyText(c.base)}</Table.Td>
                    <Table.Td ta="right">{c.ratePercent}%</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{moneyText(c.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}
