import { Alert, Button, Card, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconReceiptRefund } from '@tabler/icons-react';
import { APPLY_CREDITS, BILLING_WRITE, compareMoney, formatDate, moneyText, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { PHONE_QUERY } from '../../../lib/media';
import { useSignedIn } from '../../platform/auth/session-context';
import { ApplyCreditDialog } from './apply-credit-dialog';
import { CreditMemoDialog } from './credit-memo-dialog';
import { creditMemosQuery, type CreditMemo } from './invoices-api';


function ApplyButton({ memo, onApply }: { memo: CreditMemo; onApply: (memo: CreditMemo) => void }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconReceiptRefund size={14} />} onClick={() => onApply(memo)} aria-label={`Apply credit memo ${memo.creditMemoId}`}>
      Apply
    </Button>
  );
}

function MemoTable({ memos, mayApply, onApply }: { memos: CreditMemo[]; mayApply: boolean; onApply: (memo: CreditMemo) => void }) {
  return (
    <Table verticalSpacing="xs" highlightOnHover aria-label="Credit memos">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={130}>Created</Table.Th>
          <Table.Th>Billing Customer</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Remaining</Table.Th>
          {mayApply && <Table.Th w={100}><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {memos.map((m) => (
          <Table.Tr key={m.creditMemoId} data-testid="credit-memo-row">
            <Table.Td>
              <Text size="sm">{formatDate(m.createdAt)}</Text>
              {m.createdBy && <Text size="xs" c="dimmed">{m.createdBy}</Text>}
            </Table.Td>
            <Table.Td>{m.billingCustomerName}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.reason}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {moneyText(m.amount)}
              {compareMoney(m.amountApplied, 0) > 0 && <Text size="xs" c="dimmed">applied {moneyText(m.amountApplied)}</Text>}
            </Table.Td>
            <Table.Td ta="right" fw={600} data-testid="memo-remaining">{moneyText(m.remaining)}</Table.Td>
            {mayApply && <Table.Td>{compareMoney(m.remaining, 0) > 0 && <ApplyButton memo={m} onApply={onApply} />}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function MemoCards({ memos, mayApply, onApply }: { memos: CreditMemo[]; mayApply: boolean; onApply: (memo: CreditMemo) => void }) {
  return (
    <Stack gap="sm" role="list" aria-label="Credit memos">
      {memos.map((m) => (
        <Card key={m.creditMemoId} withBorder radius="md" padding="sm" role="listitem" data-testid="credit-memo-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">{m.billingCustomerName}</Text>
              <Text size="xs" c="dimmed">{formatDate(m.createdAt)}{m.createdBy ? ` · ${m.createdBy}` : ''}</Text>
            </Stack>
            <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="memo-remaining">{moneyText(m.remaining)} left</Text>
          </Group>
          <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>{m.reason}</Text>
          <Group justify="space-between" mt={6}>
            <Text size="xs" c="dimmed">{moneyText(m.amount)} · applied {moneyText(m.amountApplied)}</Text>
            {mayApply && compareMoney(m.remaining, 0) > 0 && <ApplyButton memo={m} onApply={onApply} />}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** `/creditMemos`: the company's credit memos, newest first; New Credit Memo for Billing writers, Apply with "Apply Credits". */
export default function CreditMemosPage() {
  usePageTitle('Credit Memos');
  const { access } = useSignedIn();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const mayCreate = satisfies(access, BILLING_WRITE);
  const mayApply = satisfies(access, APPLY_CREDITS);
  const memos = useQuery(creditMemosQuery());
  const [isCreating, setCreating] = useState(false);
  const [applying, setApplying] = useState<CreditMemo | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Credit Memos</Title>
          <Text size="sm" c="dimmed">
            Money owed to billing customers, applied to their invoices.
          </Text>
        </Stack>
        {mayCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Credit Memo
          </Button>
        )}
      </Group>
      {memos.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the credit memos">
          {[0, 1, 2].map((i) => <Skeleton key={i} height={36} />)}
        </Stack>
      ) : memos.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {memos.error.message}
        </Alert>
      ) : memos.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }} data-testid="credit-memos-empty">
          <Stack gap={4} align="center">
            <IconReceiptRefund size={28} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600}>No credit memos yet.</Text>
            <Text size="sm" c="dimmed" ta="center">
              A credit memo records money owed to a billing customer; apply it to one of their invoices to lower what they owe.
            </Text>
          </Stack>
        </Paper>
      ) : isPhone ? (
        <MemoCards memos={memos.data} mayApply={mayApply} onApply={setApplying} />
      ) : (
        <MemoTable memos={memos.data} mayApply={mayApply} onApply={setApplying} />
      )}
      {isCreating && <CreditMemoDialog onClose={() => setCreating(false)} />}
      {applying && <ApplyCreditDialog memo={applying} onClose={() => setApplying(null)} />}
    </Stack>
  );
}
