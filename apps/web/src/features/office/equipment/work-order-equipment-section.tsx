import { ActionIcon, Anchor, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { canRead, canWrite, DELETE_WORK_ORDER_ITEMS, satisfies, type Equipment } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { ItemSection } from '../work-orders/items/item-section';
import { equipmentListQuery, useWorkOrderEquipment, workOrderEquipmentQuery } from './equipment-api';
import { chargeOf, makeModelOf } from './equipment-list';
import { equipmentHistoryPath } from './equipment-paths';

function AddPiece({ workOrderId, customerId, named }: { workOrderId: number; customerId: number; named: Equipment[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const { add } = useWorkOrderEquipment(workOrderId);
  const atSite = useQuery(equipmentListQuery({ customerId, state: 'active', take: 100 }));
  const offered = (atSite.data?.data ?? []).filter((e) => !named.some((n) => n.equipmentId === e.equipmentId));
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label="Add equipment at this location"
        placeholder={offered.length === 0 ? 'Nothing else registered here' : 'Choose a piece'}
        data={offered.map((e) => ({ value: String(e.equipmentId), label: `${e.name} · ${makeModelOf(e)}` }))}
        value={chosen}
        onChange={setChosen}
        disabled={offered.length === 0}
        searchable
        style={{ flex: 1 }}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        disabled={!chosen}
        loading={add.isPending}
        onClick={() => chosen && add.mutate(Number(chosen), { onSuccess: () => (setChosen(null), notifySuccess('Equipment added to the work order.')) })}
      >
        Add
      </Button>
    </Group>
  );
}

/** The "Equipment" section of the work order page: the pieces it touches, each with its history; add and remove. */
export function WorkOrderEquipmentSection({ workOrderId, customerId }: { workOrderId: number; customerId: number }) {
  const { access } = useSignedIn();
  const query = useQuery(workOrderEquipmentQuery(workOrderId));
  const { remove } = useWorkOrderEquipment(workOrderId);
  // Adding offers the location's register, which Customers read opens.
  const canAdd = canWrite(access, 'Work Orders') && canRead(access, 'Customers');
  const canRemove = satisfies(access, DELETE_WORK_ORDER_ITEMS);
  const drop = async (e: Equipment) => {
    if (!(await confirm({ title: 'Remove Equipment', message: `Take ${e.name} off this work order?`, confirmLabel: 'Remove', cancelLabel: 'Cancel', danger: true }))) return;
    remove.mutate(e.equipmentId, { onSuccess: () => notifySuccess('Equipment removed from the work order.') });
  };
  return (
    <ItemSection
      title="Equipment"
      query={query}
      isEmpty={() => false}
      emptyText="No equipment named yet."
    >
      {(named) => (
        <Stack gap="sm">
          {named.length === 0 ? (
            <Text size="sm" c="dimmed">
              No equipment named yet.
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label="Equipment on this work order">
              {named.map((e) => (
                <Group key={e.equipmentId} role="listitem" justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={equipmentHistoryPath(e.equipmentId)} size="sm" fw={600}>
                      {e.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {e.categoryName} · {makeModelOf(e)}
                      {e.serialNumber ? ` · S/N ${e.serialNumber}` : ''} · {chargeOf(e)}
                    </Text>
                  </Stack>
                  {canRemove && (
                    <Tooltip label="Remove">
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${e.name}`} onClick={() => void drop(e)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ))}
            </Stack>
          )}
          {canAdd && <AddPiece workOrderId={workOrderId} customerId={customerId} named={named} />}
        </Stack>
      )}
    </ItemSection>
  );
}
