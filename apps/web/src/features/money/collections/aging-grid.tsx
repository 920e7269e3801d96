import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSortAscending, IconSortDescending, IconUserDollar } from '@tabler/icons-react';
import { formatDate, moneyText, type AgingQuery, type CreditStatus } from '@sm/shared';
import { Fragment } from 'react';
import { LoadingRows } from '../../../components/table-states';
import type { AgingRow } from './collections-api';
import { OpenInvoices } from './open-invoices';

export type AgingSort = NonNullable<AgingQuery['sort']>;

const STATUS_BADGES: Record<CreditStatus, { label: string; color: string }> = {
  onHold: { label: 'On hold', color: 'red' },
  overLimit: { label: 'Over limit', color: 'orange' },
  good: { label: 'Good', color: 'teal' },
};

export function CreditStatusBadge({ status }: { status: CreditStatus }) {
  const b = STATUS_BADGES[status];
  return (
    <Badge color={b.color} variant={status === 'good' ? 'light' : 'filled'} data-testid="credit-status">
      {b.label}
    </Badge>
  );
}

/** The amount columns, in order. */
const AMOUNT_COLUMNS: { sort: AgingSort; label: string; of: (r: AgingRow) => number }[] = [
  { sort: 'balance', label: 'Balance', of: (r) => r.balance },
  { sort: 'current', label: 'Current', of: (r) => r.current },
  { sort: 'days1to30', label: '1-30', of: (r) => r.days1to30 },
  { sort: 'days31to60', label: '31-60', of: (r) => r.days31to60 },
  { sort: 'days61to90', label: '61-90', of: (r) => r.days61to90 },
  { sort: 'over90', label: 'Over 90', of: (r) => r.over90 },
];

export interface AgingGridProps {
  rows: AgingRow[] | undefined;
  sort: AgingSort;
  dir: 'asc' | 'desc';
  onSort: (sort: AgingSort) => void;
  openId: number | null;
  onToggle: (customerId: number) => void;
  /** Set when the caller may edit credit: opens the customer's credit dialog. */
  onCredit?: (row: AgingRow) => void;
}

function SortHeader({ sort, label, current, dir, onSort, right }: { sort: AgingSort; label: string; current: AgingSort; dir: 'asc' | 'desc'; onSort: (s: AgingSort) => void; right?: boolean }) {
  const active = current === sort;
  const Icon = dir === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th ta={right ? 'right' : undefined} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(sort)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap" justify={right ? 'flex-end' : undefined}>
          {label}
          {active && <Icon size={14} aria-hidden />}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function CreditButton({ row, onCredit, compact = false }: { row: AgingRow; onCredit: (row: AgingRow) => void; compact?: boolean }) {
  if (compact) {
    return (
      <Tooltip label="Credit limit and hold">
        <ActionIcon variant="light" onClick={() => onCredit(row)} aria-label={`Credit of ${row.customerName}`}>
          <IconUserDollar size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button size="xs" variant="light" leftSection={<IconUserDollar size={14} />} onClick={() => onCredit(row)} aria-label={`Credit of ${row.customerName}`}>
      Credit
    </Button>
  );
}

/** The aging as a table: a row per customer, sortable columns, a row opening its open invoices beneath it. */
export function AgingTable({ rows, sort, dir, onSort, openId, onToggle, onCredit }: AgingGridProps) {
  const columns = 9 + (onCredit ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={780}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" highlightOnHover aria-label="Receivables by customer">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}><VisuallyHidden>Open</VisuallyHidden></Table.Th>
            <SortHeader sort="customerName" label="Customer" current={sort} dir={dir} onSort={onSort} />
            {AMOUNT_COLUMNS.map((c) => <SortHeader key={c.sort} sort={c.sort} label={c.label} current={sort} dir={dir} onSort={onSort} right />)}
            <SortHeader sort="oldestPastDueDays" label="Status" current={sort} dir={dir} onSort={onSort} />
            {onCredit && <Table.Th w={44}><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows && <LoadingRows columns={columns} />}
          {rows?.map((r) => {
            const isOpen = openId === r.customerId;
            return (
              <Fragment key={r.customerId}>
                <Table.Tr data-testid="aging-row" data-customer={r.customerName} style={{ cursor: 'pointer' }} onClick={() => onToggle(r.customerId)}>
                  <Table.Td>
                    <ActionIcon variant="subtle" aria-expanded={isOpen} aria-label={`Open invoices of ${r.customerName}`} onClick={(e) => { e.stopPropagation(); onToggle(r.customerId); }}>
                      {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>{r.customerName}</Text>
                    <Text size="xs" c="dimmed">
                      Limit {r.creditLimit === null ? 'none' : moneyText(r.creditLimit)}
                      {r.lastPaymentDate ? ` · paid ${formatDate(r.lastPaymentDate)}` : ''}
                    </Text>
                  </Table.Td>
                  {AMOUNT_COLUMNS.map((c) => (
                    <Table.Td key={c.sort} ta="right" fw={c.sort === 'balance' ? 700 : undefined} c={c.of(r) === 0 && c.sort !== 'balance' ? 'dimmed' : undefined} data-bucket={c.sort} style={{ whiteSpace: 'nowrap' }}>
                      {moneyText(c.of(r))}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <CreditStatusBadge status={r.creditStatus} />
                    {r.oldestPastDueDays > 0 && <Text size="xs" c="dimmed">{r.oldestPastDueDays} days late</Text>}
                  </Table.Td>
                  {onCredit && <Table.Td onClick={(e) => e.stopPropagation()}><CreditButton row={r} onCredit={onCredit} compact /></Table.Td>}
                </Table.Tr>
                {isOpen && (
                  <Table.Tr>
                    <Table.Td colSpan={columns} bg="var(--mantine-color-default-hover)">
                      <OpenInvoices customerId={r.customerId} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The aging on a phone: a card per customer, its buckets under its balance, opening its open invoices. */
export function AgingCards({ rows, openId, onToggle, onCredit }: AgingGridProps) {
  if (!rows) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the receivables">
        {[0, 1, 2].map((i) => <Skeleton key={i} height={72} />)}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" role="list" aria-label="Receivables by customer">
      {rows.map((r) => {
        const isOpen = openId === r.customerId;
        return (
          <Card key={r.customerId} withBorder radius="md" padding="sm" role="listitem" data-testid="aging-row" data-customer={r.customerName}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>{r.customerName}</Text>
                <Text size="xs" c="dimmed">
                  Limit {r.creditLimit === null ? 'none' : moneyText(r.creditLimit)}{r.oldestPastDueDays > 0 ? ` · oldest ${r.oldestPastDueDays} d` : ''}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end">
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>{moneyText(r.balance)}</Text>
                <CreditStatusBadge status={r.creditStatus} />
              </Stack>
            </Group>
            <Group gap={6} mt={6}>
              {AMOUNT_COLUMNS.slice(1).filter((c) => c.of(r) !== 0).map((c) => (
                <Text key={c.sort} size="xs" data-bucket={c.sort}>{c.label}: <b>{moneyText(c.of(r))}</b></Text>
              ))}
            </Group>
            <Group justify="space-between" mt={6}>
              <Button size="xs" variant="subtle" aria-expanded={isOpen} onClick={() => onToggle(r.customerId)} leftSection={isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}>
                Open invoices
              </Button>
              {onCredit && <CreditButton row={r} onCredit={onCredit} />}
            </Group>
            {isOpen && <OpenInvoices customerId={r.customerId} />}
          </Card>
        );
      })}
    </Stack>
  );
}
