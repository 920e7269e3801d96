import { Badge, Button, Drawer, Group, Modal, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCirclePlus, IconEyeOff, IconLink } from '@tabler/icons-react';
import { formatDateTime, type QbImportRow, type QbImportStatus } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { LoadFailed } from '../../../components/table-states';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../field/clock/clock-modal';
import { CustomerPicker } from '../../office/customers/customer-picker';
import { standardItemCatalogueQuery } from '../../office/work-orders/items/items-api';
import { qbImportRowQuery, useSetQbImportStatus } from './quickbooks-api';

const STATUS: Record<QbImportStatus, { color: string; label: string }> = {
  pending: { color: 'gray', label: 'Pending' },
  matched: { color: 'teal', label: 'Matched' },
  created: { color: 'blue', label: 'Created' },
  ignored: { color: 'orange', label: 'Ignored' },
};
export const qbImportStatusLabel = (status: QbImportStatus) => STATUS[status].label;

/** A row's import status as a coloured word: the colour helps, the word says it. */
export function QbImportStatusBadge({ status }: { status: QbImportStatus }) {
  return (
    <Badge color={STATUS[status].color} variant="light" tt="none" data-status={status}>
      {STATUS[status].label}
    </Badge>
  );
}

/** What a row is in the product's words. */
export const kindLabel = (row: Pick<QbImportRow, 'kind'>) => (row.kind === 'customer' ? 'customer' : 'standard item');

/** A standard item picker: the company's catalogue, searched as typed. */
function StandardItemSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const items = useQuery(standardItemCatalogueQuery);
  return (
    <Select
      label="Standard item"
      placeholder={items.isPending ? 'Loading...' : 'Search by name'}
      required
      searchable
      clearable
      nothingFoundMessage="No Options"
      data={(items.data ?? []).map((i) => ({ value: String(i.standardItemId), label: i.name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** "Match": the customer or standard item already here that this QuickBooks record is. */
function MatchDialog({ row, onClose }: { row: QbImportRow; onClose: () => void }) {
  const [recordId, setRecordId] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const set = useSetQbImportStatus();
  const isPhone = useIsPhone();
  const submit = () => {
    if (recordId === null) return setError(`Choose the ${kindLabel(row)} to match ${row.name} to.`);
    set.mutate(
      { qbImportRowId: row.qbImportRowId, status: 'matched', recordId },
      {
        onSuccess: (saved) => {
          notifySuccess(`${row.name} matched to ${saved.recordName ?? 'the record'}`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Match ${row.name}`} fullScreen={isPhone} centered>
      <Stack gap="md">
        <Text size="sm">Choose the {kindLabel(row)} already in the product that is QuickBooks&apos; {row.name}.</Text>
        {row.kind === 'customer' ? (
          <CustomerPicker label="Customer" required value={recordId} onChange={(id) => { setRecordId(id); setError(undefined); }} error={error} />
        ) : (
          <>
            <StandardItemSelect value={recordId} onChange={(id) => { setRecordId(id); setError(undefined); }} />
            {error && <Text size="sm" c="red.8">{error}</Text>}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={set.isPending}>
            Match
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Match, Create and Ignore for one row; Create and Ignore are confirmed first. */
export function QbImportRowActions({ row }: { row: QbImportRow }) {
  const [isMatching, setMatching] = useState(false);
  const set = useSetQbImportStatus();
  const decide = async (status: 'created' | 'ignored') => {
    const question =
      status === 'created'
        ? { title: `Create ${row.name}`, message: `Create a ${kindLabel(row)} named ${row.name} from QuickBooks?`, confirmLabel: 'Create' }
        : { title: `Ignore ${row.name}`, message: `Ignore ${row.name}? It stays in the list as ignored and is not brought into the product.`, confirmLabel: 'Ignore', danger: true };
    if (!(await confirm({ ...question, cancelLabel: 'Cancel' }))) return;
    set.mutate({ qbImportRowId: row.qbImportRowId, status }, { onSuccess: () => notifySuccess(status === 'created' ? `${row.name} created` : `${row.name} ignored`) });
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="default" leftSection={<IconLink size={14} />} onClick={() => setMatching(true)} aria-label={`Match ${row.name}`}>
        Match
      </Button>
      {row.status !== 'created' && (
        <Button size="compact-sm" variant="default" leftSection={<IconCirclePlus size={14} />} onClick={() => void decide('created')} aria-label={`Create ${row.name}`} loading={set.isPending}>
          Create
        </Button>
      )}
      {row.status !== 'ignored' && (
        <Button size="compact-sm" variant="default" leftSection={<IconEyeOff size={14} />} onClick={() => void decide('ignored')} aria-label={`Ignore ${row.name}`} loading={set.isPending}>
          Ignore
        </Button>
      )}
      {isMatching && <MatchDialog row={row} onClose={() => setMatching(false)} />}
    </Group>
  );
}

const shown = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One row with what QuickBooks said of it and who last changed its status. */
export function QbImportRowDrawer({ rowId, onClose }: { rowId: number | null; onClose: () => void }) {
  const isPhone = useIsPhone();
  const row = useQuery({ ...qbImportRowQuery(rowId ?? 0), enabled: rowId !== null });
  const facts: [string, string][] = row.data
    ? [
        ['QuickBooks id', row.data.qbId],
        ['Status', qbImportStatusLabel(row.data.status)],
        ...(row.data.recordName ? [['Matched to', row.data.recordName] as [string, string]] : []),
        ...(row.data.statusChangedAt ? [['Changed', `${formatDateTime(row.data.statusChangedAt)}${row.data.statusChangedBy ? ` by ${row.data.statusChangedBy}` : ''}`] as [string, string]] : []),
        ['Read', formatDateTime(row.data.readAt)],
        ...Object.entries(row.data.detail).map(([key, value]) => [key, shown(value)] as [string, string]),
      ]
    : [];
  return (
    <Drawer opened={rowId !== null} onClose={onClose} position="right" size={isPhone ? '100%' : 'md'} title={row.data ? row.data.name : 'Import row'}>
      {row.isPending && rowId !== null && <Skeleton height={200} />}
      {row.isError && <LoadFailed title="The row could not be loaded" error={row.error} onRetry={() => void row.refetch()} />}
      {row.data && (
        <Table variant="vertical" withTableBorder layout="fixed" fz="sm" aria-label="What QuickBooks said">
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={130}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
