import { Button, Group, Modal, Stack } from '@mantine/core';
import { updateWorkOrderBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useReturnFocus } from '../../../../components/use-return-focus';
import { notifySuccess } from '../../../../lib/notify';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { useSchemaForm } from '../../../../lib/schema-form';
import { useUpdateWorkOrder } from './office-api';
import { headerBody, HeaderFields, type HeaderValues } from './work-order-fields';

const valuesOf = (w: WorkOrderDetails): HeaderValues => ({
  problem: w.problem,
  nte: w.nte ?? '',
  priority: w.priority,
  workOrderClassId: w.workOrderClassId === null ? null : String(w.workOrderClassId),
  poNumber: w.poNumber ?? '',
  providerReference: w.providerReference ?? '',
});

/** The Edit dialog of the work order's header: problem, NTE, priority, class, PO number and provider reference. */
export function HeaderEditDialog({ workOrder, onClose }: { workOrder: WorkOrderDetails; onClose: () => void }) {
  useReturnFocus();
  const [values, setValues] = useState(() => valuesOf(workOrder));
  const form = useSchemaForm(updateWorkOrderBody);
  const update = useUpdateWorkOrder(workOrder.workOrderId);
  const set = <K extends keyof HeaderValues>(field: K, value: HeaderValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(headerBody(values));
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => {
        notifySuccess('Work order saved.');
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Edit Work Order ${workOrder.workOrderNumber}`} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label="Edit work order">
        <Stack gap="sm">
          <HeaderFields values={values} errors={form.errors} set={set} currentClass={workOrder} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
