import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTool } from '@tabler/icons-react';
import { equipmentProblemOf, hasFunctionality, satisfies, TECHNICIAN_ROLES, WORK_ORDER_PROBLEM_MAX, type Access, type Equipment } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { useStartEquipmentWorkOrder } from './equipment-api';

const isTechnician = (access: Access) => access.roleIds.some((id) => (TECHNICIAN_ROLES as readonly number[]).includes(id));

/**
 * Who may start a work order from a piece, as the server decides: Create Work Order, and either a technician's role
 * (he is assigned to it) or All WorkOrders (anyone else would not see the work order made).
 */
export function mayStartWorkOrder(access: Access): boolean {
  const mayCreate = satisfies(access, { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'Create Work Order' });
  return mayCreate && (isTechnician(access) || hasFunctionality(access, 'Work Orders', 'All WorkOrders'));
}

/**
 * "Start work order here": the prominent button on a piece's page (a technician's thumb reaches it on a phone), and
 * the dialog that states the problem (the piece and its serial at first) before the work order is made and opened.
 */
export function StartWorkOrderHere({ piece, access }: { piece: Equipment; access: Access }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [isOpen, setOpen] = useState(false);
  const [problem, setProblem] = useState(() => equipmentProblemOf(piece));
  const start = useStartEquipmentWorkOrder(piece.equipmentId);
  const navigate = useNavigate();
  const assigned = isTechnician(access);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(
      { problem: problem.trim() || null },
      {
        onSuccess: ({ workOrderNumber }) => {
          notifySuccess(`Work order ${workOrderNumber} started on ${piece.name}.`);
          void navigate(workOrderEditPath(workOrderNumber));
        },
      },
    );
  };
  return (
    <>
      <Button size={isPhone ? 'lg' : 'md'} fullWidth={isPhone} leftSection={<IconTool size={20} aria-hidden />} onClick={() => setOpen(true)} disabled={!piece.isActive}>
        Start work order here
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title="Start work order here" fullScreen={isPhone}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              A new work order at {piece.customerName} that names {piece.name}
              {assigned ? ', assigned to you.' : '.'}
            </Text>
            <Textarea label="Problem" autosize maxLength={WORK_ORDER_PROBLEM_MAX} value={problem} onChange={(e) => setProblem(e.currentTarget.value)} data-autofocus />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={start.isPending}>
                Start work order
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
