import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { confirm } from '../../../../components/confirm';
import { useReturnFocus } from '../../../../components/use-return-focus';
import { notifySuccess } from '../../../../lib/notify';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { useAssignTechnicians } from './office-api';
import { TechniciansSelect } from './work-order-fields';

/**
 * The Assign dialog: the technicians the work order has from now on. Taking every technician off asks first, since
 * the work order then shows in nobody's list.
 */
export function AssignTechniciansDialog({ workOrder, onClose }: { workOrder: WorkOrderDetails; onClose: () => void }) {
  useReturnFocus();
  const [ids, setIds] = useState(() => workOrder.technicians.map((t) => String(t.userId)));
  const assign = useAssignTechnicians(workOrder.workOrderId);
  const save = async () => {
    if (ids.length === 0 && workOrder.technicians.length > 0) {
      const sure = await confirm({ message: 'Take every technician off this work order? It will not show in anyone\'s list.', danger: true });
      if (!sure) return;
    }
    assign.mutate(ids.map(Number), {
      onSuccess: () => {
        notifySuccess('Technicians assigned.');
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Assign Technicians · ${workOrder.workOrderNumber}`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Assigned technicians see this work order in My Work Orders and can clock in on it.
        </Text>
        <TechniciansSelect value={ids} onChange={setIds} known={workOrder.technicians} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={assign.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
