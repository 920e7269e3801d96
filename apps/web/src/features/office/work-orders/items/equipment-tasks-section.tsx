import { Button, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EquipmentTaskRows } from './equipment-task-rows';
import { ItemSection } from './item-section';
import { itemPath } from './items-paths';
import { equipmentTasksQuery } from './items-api';

/** The equipment task list on the work order page: how many are done, the tasks, and the way to the full list page. */
export function EquipmentTasksSection({ workOrderId, workOrderNumber }: { workOrderId: number; workOrderNumber: string }) {
  const query = useQuery(equipmentTasksQuery(workOrderId));
  const open = (
    <Button component={Link} to={itemPath(workOrderNumber, 'equipmentTasks')} variant="light" leftSection={<IconChecklist size={18} />}>
      Equipment Task List
    </Button>
  );
  return (
    <ItemSection
      title="Equipment Tasks"
      query={query}
      actions={query.data && query.data.length > 0 ? open : null}
      isEmpty={(tasks) => tasks.length === 0}
      emptyText="No equipment tasks yet."
      emptyAction={open}
      footer={(tasks) => (
        <Text size="sm" c="dimmed" data-testid="equipment-tasks-done">
          {tasks.filter((t) => t.isDone).length} of {tasks.length} done
        </Text>
      )}
    >
      {(tasks) => <EquipmentTaskRows workOrderId={workOrderId} tasks={tasks} />}
    </ItemSection>
  );
}
