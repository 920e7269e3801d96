import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { canWrite, DELETE_WORK_ORDER_ITEMS, type EquipmentTask, formatDateTime, satisfies } from '@sm/shared';
import { useSignedIn } from '../../../platform/auth/session-context';
import { DeleteButton } from './item-section';
import { useDeleteEquipmentTask, useSetTaskDone } from './items-api';
import { useTicks } from './use-ticks';

/**
 * The equipment task list, grouped by equipment: a big checkbox per task (who ticked it and when beneath), and
 * Delete for those with the permission. Used on the work order page and on the task list page.
 */
export function EquipmentTaskRows({ workOrderId, tasks }: { workOrderId: number; tasks: EquipmentTask[] }) {
  const { access } = useSignedIn();
  const mayTick = canWrite(access, 'Work Orders');
  const mayDelete = satisfies(access, DELETE_WORK_ORDER_ITEMS);
  const setDone = useSetTaskDone(workOrderId);
  const remove = useDeleteEquipmentTask(workOrderId);
  const ticks = useTicks((id, isDone, done) => setDone.mutate({ id, isDone }, { onSettled: done }));
  const groups = [...new Set(tasks.map((t) => t.equipmentName))];
  return (
    <Stack gap="sm">
      {groups.map((equipment) => (
        <Stack key={equipment} gap={4} component="section" aria-label={equipment}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {equipment}
          </Text>
          {tasks
            .filter((t) => t.equipmentName === equipment)
            .map((t) => (
              <Group key={t.taskId} justify="space-between" wrap="nowrap" gap="xs" data-testid="equipment-task">
                <Checkbox
                  size="md"
                  py={6}
                  checked={ticks.shown(t.taskId, t.isDone)}
                  disabled={!mayTick || ticks.isTicking(t.taskId)}
                  onChange={(e) => ticks.tick(t.taskId, e.currentTarget.checked)}
                  label={t.task}
                  description={t.isDone && t.doneBy ? `Done by ${t.doneBy}, ${formatDateTime(t.doneAt)}` : undefined}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
                {mayDelete && <DeleteButton what={`task "${t.task}"`} isPending={remove.isPending} onConfirmed={() => remove.mutate(t.taskId)} />}
              </Group>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}
