import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canRead, moneyText, sumMoney } from '@sm/shared';
import { useSignedIn } from '../../../platform/auth/session-context';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { WorkOrderEquipmentSection } from '../../equipment/work-order-equipment-section';
import { RefrigerantSection } from '../../refrigerant/refrigerant-section';
import { EquipmentTasksSection } from './equipment-tasks-section';
import { JobsSection } from './jobs-section';
import { materialsQuery, standardItemsQuery } from './items-api';
import { MaterialsSection } from './materials-section';
import { SignatureSection } from './signature-section';
import { StandardItemsSection } from './standard-items-section';

/** Materials and standard items together, summed exactly; shown once both have loaded. */
function ItemsTotal({ workOrderId, readsMaterials }: { workOrderId: number; readsMaterials: boolean }) {
  const materials = useQuery(materialsQuery(workOrderId, readsMaterials));
  const standard = useQuery(standardItemsQuery(workOrderId));
  if (!standard.data || (readsMaterials && !materials.data)) return null;
  const total = sumMoney([standard.data.total, ...(readsMaterials && materials.data ? [materials.data.totalPrice] : [])]);
  return (
    <Paper withBorder radius="md" px="md" py="sm" bg="var(--mantine-color-brand-0)">
      <Group justify="space-between">
        <Text fw={600}>{readsMaterials ? 'Materials and standard items' : 'Standard items'}</Text>
        <Text fw={700} size="lg" data-testid="items-grand-total">
          {moneyText(total)}
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * What has been added to a work order (spec platform 2.1 sub-paths): materials, standard and rate-sheet items with
 * their exact totals, jobs, survey jobs, the equipment it touches, the equipment task list and the customer's signature, each with its Add
 * link. Sections the user may not read (Materials) are left out rather than refused.
 */
export function WorkOrderItemsPanel({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const readsMaterials = canRead(access, 'Materials');
  const ids = { workOrderId: workOrder.workOrderId, workOrderNumber: workOrder.workOrderNumber };
  return (
    <Stack gap="sm" component="section" aria-label="Work order items">
      <Title order={3} size="h4">
        Items
      </Title>
      {readsMaterials && <MaterialsSection {...ids} />}
      <StandardItemsSection {...ids} billingCustomerId={workOrder.billingCustomerId} />
      <ItemsTotal workOrderId={workOrder.workOrderId} readsMaterials={readsMaterials} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <JobsSection {...ids} isSurvey={false} />
        <JobsSection {...ids} isSurvey />
        <WorkOrderEquipmentSection workOrderId={workOrder.workOrderId} customerId={workOrder.customerId} />
        <RefrigerantSection workOrderId={workOrder.workOrderId} />
        <EquipmentTasksSection {...ids} />
        <SignatureSection {...ids} />
      </SimpleGrid>
    </Stack>
  );
}
