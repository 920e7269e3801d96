import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDropletExclamation, IconPlus, IconQrcode, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { satisfies, type EquipmentListParsed } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel, ListFooter, LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { CustomerPicker } from '../customers/customer-picker';
import { equipmentChoicesQuery, equipmentListQuery } from './equipment-api';
import { EquipmentList } from './equipment-list';
import { LEAK_REPAIRS_READ, REFRIGERANT_PATHS } from '../refrigerant/refrigerant-paths';
import { addEquipmentPath, equipmentQrCodePath } from './equipment-paths';
import { useSearchDebounce } from '../../../lib/debounce';

const PAGE_SIZE = 25;
type State = EquipmentListParsed['state'];

/** `/equipments`: the equipment register, filtered by location, category, state and a text; "Add Equipment". */
export default function EquipmentsPage() {
  usePageTitle('Equipment');
  const { access } = useSignedIn();
  const canWrite = satisfies(access, { kind: 'area', area: 'Customers', level: 'write' });
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [state, setState] = useState<State>('active');
  const [page, setPage] = useState(1);
  const choices = useQuery(equipmentChoicesQuery);
  const query = {
    search: debounced.trim() || undefined,
    customerId: customerId ?? undefined,
    categoryId: categoryId ? Number(categoryId) : undefined,
    state,
    take: PAGE_SIZE,
    skip: (page - 1) * PAGE_SIZE,
  };
  const list = useQuery(equipmentListQuery(query));
  const filtered = (then: () => void) => {
    then();
    setPage(1);
  };
  const isFiltered = !!(query.search || customerId || categoryId || state !== 'active');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Equipment</Title>
          <Text size="sm" c="dimmed">
            The equipment at your customers' locations, with its refrigerant and history.
          </Text>
        </Stack>
<Group gap="sm">
          {satisfies(access, LEAK_REPAIRS_READ) && (
            <Button variant="light" leftSection={<IconDropletExclamation size={16} />} component={Link} to={REFRIGERANT_PATHS.leakRepairs}>
              Leak Repairs
            </Button>
          )}
          <Button variant="default" leftSection={<IconQrcode size={16} aria-hidden />} component={Link} to={equipmentQrCodePath(customerId ?? undefined)}>
            Print QR Labels
          </Button>
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} component={Link} to={addEquipmentPath()}>
              Add Equipment
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter equipment">
        <TextInput
          label="Search"
          placeholder="Serial, name, model or make"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => filtered(() => setSearch(e.currentTarget.value))}
          style={{ flex: '1 1 220px' }}
        />
        <div style={{ flex: '1 1 220px' }}>
          <CustomerPicker label="Location" placeholder="Any location" value={customerId} onChange={(id) => filtered(() => setCustomerId(id))} />
        </div>
        <Select
          label="Category"
          placeholder="Any category"
          clearable
          data={(choices.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={categoryId}
          onChange={(v) => filtered(() => setCategoryId(v))}
          style={{ flex: '1 1 180px' }}
        />
        <SegmentedControl
          aria-label="State"
          value={state}
          onChange={(v) => filtered(() => setState(v as State))}
          data={[
            { value: 'active', label: 'Active' },
            { value: 'retired', label: 'Retired' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>
      {list.isError ? (
        <LoadFailed title="The equipment could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <EmptyPanel
          title={isFiltered ? 'No equipment matches these filters.' : 'No equipment is registered yet.'}
          hint={isFiltered ? 'Change or clear the filters.' : 'Register the units at your customers\u2019 locations to keep their history.'}
          action={
            canWrite &&
            !isFiltered && (
              <Button variant="light" leftSection={<IconPlus size={16} />} component={Link} to={addEquipmentPath()}>
                Add Equipment
              </Button>
            )
          }
        />
      ) : (
        <EquipmentList rows={list.data?.data} isLoading={list.isPending} canWrite={canWrite} />
      )}
      <ListFooter total={list.data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} noun={(n) => `${n === 1 ? 'piece' : 'pieces'} of equipment`} />
    </Stack>
  );
}
