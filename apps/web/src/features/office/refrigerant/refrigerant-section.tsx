import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canWrite, DELETE_WORK_ORDER_ITEMS, satisfies, type AddRefrigerantMovementAnswer, type RefrigerantMovement } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEquipmentQuery } from '../equipment/equipment-api';
import { DeleteButton, ItemSection } from '../work-orders/items/item-section';
import { LeakRepairNotice } from './leak-repair-notice';
import { RefrigerantAddForm } from './refrigerant-add-form';
import { useRefrigerantMovements, workOrderRefrigerantQuery } from './refrigerant-api';

const KIND = { added: 'Added', recovered: 'Recovered', recycled: 'Recycled' } as const;

/** One entry of the log: what, how much, on which piece, by whom, and the leak rate of an addition. */
export function MovementLine({ m }: { m: RefrigerantMovement }) {
  return (
    <Stack gap={0} miw={0}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {KIND[m.kind]} {m.amountText} {m.refrigerantName}
        </Text>
        {m.leakRatePercent != null && (
          <Badge color={m.isLeakRateExceeded ? 'red' : 'teal'} variant="light" data-testid="leak-rate">
            Leak rate {m.leakRatePercent.toFixed(2)} % / {m.leakThresholdPercent} %
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {m.equipmentName} · {m.occurredOn} · {m.technicianName} ({m.certificationNumber}){m.cylinder ? ` · cylinder ${m.cylinder}` : ''}
      </Text>
    </Stack>
  );
}

/**
 * The Refrigerant section of a work order: the log of refrigerant added, recovered and recycled on its equipment with
 * each addition's leak rate, the form to log more, and the warning with the repair deadline and verification tests
 * when a leak rate is above its category's rate.
 */
export function RefrigerantSection({ workOrderId }: { workOrderId: number }) {
  const { access } = useSignedIn();
  const query = useQuery(workOrderRefrigerantQuery(workOrderId));
  const pieces = useQuery(workOrderEquipmentQuery(workOrderId));
  const { remove } = useRefrigerantMovements(workOrderId);
  const [last, setLast] = useState<AddRefrigerantMovementAnswer | null>(null);
  const canAdd = canWrite(access, 'Work Orders');
  const canRemove = satisfies(access, DELETE_WORK_ORDER_ITEMS);
  const justExceeded = last?.movement.isLeakRateExceeded ? last.movement : null;
  return (
    <ItemSection title="Refrigerant" query={query} isEmpty={() => false} emptyText="No refrigerant logged yet.">
      {(log) => (
        <Stack gap="sm">
          {justExceeded && (
            <Text c="red" fw={700} size="sm" role="status">
              Leak rate {justExceeded.leakRatePercent?.toFixed(2)} % on {justExceeded.equipmentName} is above {justExceeded.leakThresholdPercent} %: the leak must be repaired.
            </Text>
          )}
          <LeakRepairNotice repairs={log.leakRepairs.filter((r) => !r.isClosed)} title="Leak repair required" />
          {log.movements.length === 0 ? (
            <Text size="sm" c="dimmed">
              No refrigerant logged yet.
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label="Refrigerant log">
              {log.movements.map((m) => (
                <Group key={m.refrigerantMovementId} role="listitem" justify="space-between" wrap="nowrap" gap="xs" data-testid="refrigerant-row">
                  <MovementLine m={m} />
                  {canRemove && (
                    <DeleteButton
                      what={`${KIND[m.kind].toLowerCase()} ${m.amountText}`}
                      isPending={remove.isPending}
                      onConfirmed={() => remove.mutate(m.refrigerantMovementId, { onSuccess: () => notifySuccess('Refrigerant entry deleted.') })}
                    />
                  )}
                </Group>
              ))}
            </Stack>
          )}
          {canAdd &&
            (pieces.data && pieces.data.length > 0 ? (
              <RefrigerantAddForm workOrderId={workOrderId} pieces={pieces.data} certificationNumber={log.certificationNumber} onAdded={setLast} />
            ) : (
              <Text size="sm" c="dimmed">
                Add the equipment to the work order to log refrigerant on it.
              </Text>
            ))}
        </Stack>
      )}
    </ItemSection>
  );
}
