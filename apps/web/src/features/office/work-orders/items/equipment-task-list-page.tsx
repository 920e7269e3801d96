import { Autocomplete, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { addEquipmentTaskBody, canRead, canWrite, type Equipment } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useSignedIn } from '../../../platform/auth/session-context';
import { equipmentListQuery } from '../../equipment/equipment-api';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { EquipmentTaskRows } from './equipment-task-rows';
import { useSchemaForm } from '../../../../lib/schema-form';
import { ItemPageFrame } from './item-page-frame';
import { ItemSection } from './item-section';
import { equipmentTasksQuery, useAddEquipmentTask } from './items-api';

function AddTaskForm({ workOrderId, equipmentNames, pieces }: { workOrderId: number; equipmentNames: string[]; pieces: Equipment[] }) {
  const add = useAddEquipmentTask(workOrderId);
  const { errors, clear, check } = useSchemaForm(addEquipmentTaskBody);
  const [equipmentName, setEquipmentName] = useState('');
  const [task, setTask] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A name of a piece registered at the location names that piece (and puts it on the work order).
    const piece = pieces.find((p) => p.name.toLowerCase() === equipmentName.trim().toLowerCase());
    const body = check({ workOrderId, equipmentId: piece?.equipmentId ?? null, equipmentName: piece?.name ?? equipmentName, task });
    // The equipment stays filled in: tasks usually come several at a time for one unit. A next task typed while
    // this one was saved is kept.
    if (body) add.mutate(body, { onSuccess: () => setTask((typed) => (typed.trim() === body.task ? '' : typed)) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="Add equipment task">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Add a task
        </Title>
        <Autocomplete
          label="Equipment"
          withAsterisk
          size="md"
          data={equipmentNames}
          value={equipmentName}
          onChange={(v) => {
            setEquipmentName(v);
            clear('equipmentName');
          }}
          error={errors.equipmentName}
          placeholder="e.g. Walk-in cooler #2"
          autoComplete="off"
        />
        <TextInput
          label="Task"
          withAsterisk
          size="md"
          value={task}
          onChange={(e) => {
            setTask(e.currentTarget.value);
            clear('task');
          }}
          error={errors.task}
          placeholder="e.g. Clean condenser coil"
          autoComplete="off"
        />
        <Button type="submit" size="lg" loading={add.isPending} leftSection={<IconPlus size={20} />}>
          Add Task
        </Button>
      </Stack>
    </Paper>
  );
}

function TaskList({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const query = useQuery(equipmentTasksQuery(workOrder.workOrderId));
  // The location's register offers its pieces' names, for those who may read it.
  const atSite = useQuery({ ...equipmentListQuery({ customerId: workOrder.customerId, state: 'active', take: 100 }), enabled: canRead(access, 'Customers') });
  const pieces = atSite.data?.data ?? [];
  const names = [...new Set([...pieces.map((p) => p.name), ...(query.data ?? []).map((t) => t.equipmentName)])];
  return (
    <Stack gap="md">
      <ItemSection
        title="Tasks"
        query={query}
        isEmpty={(tasks) => tasks.length === 0}
        emptyText="No tasks yet. Add the first one below."
        footer={(tasks) => (
          <Text size="sm" c="dimmed">
            {tasks.filter((t) => t.isDone).length} of {tasks.length} done
          </Text>
        )}
      >
        {(tasks) => <EquipmentTaskRows workOrderId={workOrder.workOrderId} tasks={tasks} />}
      </ItemSection>
      {canWrite(access, 'Work Orders') && <AddTaskForm workOrderId={workOrder.workOrderId} equipmentNames={names} pieces={pieces} />}
    </Stack>
  );
}

/** `/workOrder/{workOrderNumber}/equipmentTaskList`: tick off the tasks on each piece of equipment and add new ones. */
export default function EquipmentTaskListPage() {
  return <ItemPageFrame title="Equipment Task List">{(workOrder) => <TaskList workOrder={workOrder} />}</ItemPageFrame>;
}
