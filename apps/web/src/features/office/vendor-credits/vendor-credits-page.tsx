import { Anchor, Button, Card, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { formatCurrency, formatDate, type GridFilter, satisfies, VENDOR_CREDIT_STATUS_LABELS, type VendorCreditRow } from '@sm/shared';
import { lazy, Suspense, useState } from 'react';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { PHONE_QUERY } from '../../../lib/media';
import { useSignedIn } from '../../platform/auth/session-context';
import { VENDOR_CREDIT_WRITE } from './vendor-credit-access';
import { useVendorCredits } from './vendor-credits-api';
import { VendorCreditStatusBadge } from './vendor-credit-status';
import { useSearchDebounce } from '../../../lib/debounce';

const VendorCreditDetail = lazy(() => import('./vendor-credit-detail'));
const NewVendorCreditForm = lazy(() => import('./vendor-credit-form'));

const PAGE_SIZE = 25;

function CreditTable({ rows, isLoading, open }: { rows: VendorCreditRow[] | undefined; isLoading: boolean; open: (id: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Vendor credits" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Credit</Table.Th>
            <Table.Th>Vendor</Table.Th>
            <Table.Th>PO Number</Table.Th>
            <Table.Th>WO Number</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && !rows ? (
            <LoadingRows columns={7} />
          ) : (
            (rows ?? []).map((c) => (
              <Table.Tr key={c.vendorCreditId} data-testid="vendor-credit-row">
                <Table.Td>
                  <Anchor component="button" type="button" fw={600} size="sm" onClick={() => open(c.vendorCreditId)}>
                    Credit {c.vendorCreditId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.vendorName}</Table.Td>
                <Table.Td>{c.purchaseOrderNumber ?? '—'}</Table.Td>
                <Table.Td>{c.workOrderNumber ?? '—'}</Table.Td>
                <Table.Td>
                  <VendorCreditStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatCurrency(c.amount)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(c.createdAt)}</Text>
                  {c.createdBy && (
                    <Text size="xs" c="dimmed">
                      {c.createdBy}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CreditCards({ rows, open }: { rows: VendorCreditRow[] | undefined; open: (id: number) => void }) {
  return (
    <Stack gap="xs" role="list" aria-label="Vendor credits">
      {(rows ?? []).map((c) => (
        <Card key={c.vendorCreditId} withBorder padding="sm" role="listitem" data-testid="vendor-credit-row">
          <UnstyledButton onClick={() => open(c.vendorCreditId)} aria-label={`Open credit ${c.vendorCreditId} of ${c.vendorName}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2}>
                <Text fw={600}>{c.vendorName}</Text>
                <Text size="xs" c="dimmed">
                  Credit {c.vendorCreditId} · {c.workOrderNumber ? `WO ${c.workOrderNumber}` : 'no work order'} · {formatDate(c.createdAt)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text fw={700}>{formatCurrency(c.amount)}</Text>
                <VendorCreditStatusBadge status={c.status} />
              </Stack>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  );
}

/** `/vendorCredits`: the company's vendor credits, filtered by vendor and status; one opens with its lines and actions. */
export default function VendorCreditsPage() {
  usePageTitle('Vendor Credits');
  const { access } = useSignedIn();
  const canWrite = satisfies(access, VENDOR_CREDIT_WRITE);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [isCreating, setCreating] = useState(false);
  const filters: GridFilter[] = [];
  if (debounced.trim()) filters.push({ field: 'vendorName', operator: 'contains', value: debounced.trim() });
  if (status) filters.push({ field: 'status', operator: 'eq', value: status });
  const list = useVendorCredits({ take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE, filter: { logic: 'and', filters } });
  const total = list.data?.total ?? 0;
  const isFiltered = filters.length > 0;
  const newButton = canWrite && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New vendor credit
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Vendor Credits</Title>
          <Text size="sm" c="dimmed">
            What vendors owe back for parts returned for credit. Match each to its purchase order, then apply it with the vendor&apos;s credit memo.
          </Text>
        </Stack>
        {newButton}
      </Group>
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter vendor credits">
        <TextInput
          label="Vendor"
          placeholder="Vendor name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={Object.entries(VENDOR_CREDIT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          style={{ flex: '1 1 160px' }}
        />
      </Group>
      {list.isError ? (
        <LoadFailed title="The vendor credits could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={600}>{isFiltered ? 'No vendor credit matches these filters.' : 'No vendor credit yet.'}</Text>
            <Text size="sm" c="dimmed">
              {isFiltered ? 'Change or clear the filters.' : 'A part returned for credit on a work order opens one; you can also open one yourself.'}
            </Text>
          </Stack>
        </Paper>
      ) : isPhone ? (
        <CreditCards rows={list.data?.data} open={setOpenId} />
      ) : (
        <CreditTable rows={list.data?.data} isLoading={list.isPending} open={setOpenId} />
      )}
      {total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} aria-label="Pages of vendor credits" />
        </Group>
      )}
      <Suspense fallback={null}>
        {openId != null && <VendorCreditDetail vendorCreditId={openId} canWrite={canWrite} onClose={() => setOpenId(null)} />}
        {isCreating && <NewVendorCreditForm onClose={() => setCreating(false)} onCreated={(id) => (setCreating(false), setOpenId(id))} />}
      </Suspense>
    </Stack>
  );
}
