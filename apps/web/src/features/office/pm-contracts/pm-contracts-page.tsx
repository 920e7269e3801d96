import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { PM_CONTRACT_STATUSES, PM_STATUS_LABELS, satisfies, type PmContractStatus } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel, ListFooter, LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { CustomerPicker } from '../customers/customer-picker';
import { PmContractList } from './pm-contract-list';
import { newPmContractPath } from './pm-contract-paths';
import { usePmContracts } from './pm-contracts-api';
import { useSearchDebounce } from '../../../lib/debounce';

const PAGE_SIZE = 25;

/** `/preventative-maintenance`: the company's contracts, filtered by status, location and a text; "New contract". */
export default function PmContractsPage() {
  usePageTitle('PM Contracts');
  const { access } = useSignedIn();
  const canWrite = satisfies(access, { kind: 'area', area: 'PM Lists', level: 'write' });
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [status, setStatus] = useState<PmContractStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = usePmContracts({ search: debounced.trim() || undefined, customerId: customerId ?? undefined, status: status ?? undefined, take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  const filtered = (then: () => void) => (then(), setPage(1));
  const isFiltered = !!(debounced.trim() || customerId || status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>PM Contracts</Title>
          <Text size="sm" c="dimmed">
            Preventive-maintenance contracts at your customers' locations: what is covered, how often, and at what price.
          </Text>
        </Stack>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} component={Link} to={newPmContractPath()}>
            New contract
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter PM contracts">
        <TextInput
          label="Search"
          placeholder="Contract, location or address"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => filtered(() => setSearch(e.currentTarget.value))}
          style={{ flex: '1 1 220px' }}
        />
        <div style={{ flex: '1 1 220px' }}>
          <CustomerPicker label="Location" placeholder="Any location" value={customerId} onChange={(id) => filtered(() => setCustomerId(id))} />
        </div>
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={PM_CONTRACT_STATUSES.map((s) => ({ value: s, label: PM_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => filtered(() => setStatus(v as PmContractStatus | null))}
          style={{ flex: '1 1 160px' }}
        />
      </Group>
      {list.isError ? (
        <LoadFailed title="The contracts could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <EmptyPanel
          title={isFiltered ? 'No contract matches these filters.' : 'No preventive-maintenance contract yet.'}
          hint={isFiltered ? 'Change or clear the filters.' : 'Write the first one: a location, its equipment and tasks, how often, and the price.'}
          action={
            canWrite &&
            !isFiltered && (
              <Button variant="light" leftSection={<IconPlus size={16} />} component={Link} to={newPmContractPath()}>
                New contract
              </Button>
            )
          }
        />
      ) : (
        <PmContractList rows={list.data?.data} isLoading={list.isPending} />
      )}
      <ListFooter total={list.data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} noun={(n) => (n === 1 ? 'contract' : 'contracts')} />
    </Stack>
  );
}
