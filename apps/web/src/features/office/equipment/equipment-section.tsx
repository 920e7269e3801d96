import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/table-states';
import { Section } from '../customers/customer-sections';
import { equipmentListQuery } from './equipment-api';
import { EquipmentList } from './equipment-list';
import { addEquipmentPath } from './equipment-paths';

/** The customer page's list of the equipment at the location, with "Add Equipment" for those who may. */
export function EquipmentSection({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const list = useQuery(equipmentListQuery({ customerId, take: 100, state: 'active' }));
  const action = canWrite ? (
    <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} component={Link} to={addEquipmentPath(customerId)}>
      Add Equipment
    </Button>
  ) : undefined;
  const count = list.data ? ` (${list.data.total})` : '';
  return (
    <Section title={`Equipment${count}`} action={action}>
      {list.isError ? (
        <LoadFailed title="The equipment could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No equipment is registered at this location.
        </Text>
      ) : (
        <EquipmentList rows={list.data?.data} isLoading={list.isPending} canWrite={canWrite} showLocation={false} />
      )}
    </Section>
  );
}
