import { Badge, Box, Button, Group, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarPlus, IconFilePlus, IconPencil, IconTimeline, IconUsers } from '@tabler/icons-react';
import { canRead, canWrite, CREATE_QUOTE, hasFunctionality, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifySuccess } from '../../../../lib/notify';
import { useSignedIn } from '../../../platform/auth/session-context';
import { createQuotePath } from '../../../money/quotes/quotes-paths';
import { AssignTechniciansDialog } from '../office/assign-technicians-dialog';
import { HeaderEditDialog } from '../office/header-edit-dialog';
import { useChangeStatus } from '../office/office-api';
import { schedulePath, statusHistoryPath } from '../office/office-paths';
import { PriorityBadge } from '../office/priority-badge';
import { workOrderStatusesQuery } from '../work-orders-api';
import type { WorkOrderDetails } from './work-order-api';
import { StackedFact } from '../../../../components/stacked-fact';


/** The status as a picker for those with "Change Status", as a badge for everyone else. */
function StatusControl({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const mayChange = hasFunctionality(access, 'Work Orders', 'Change Status') && canWrite(access, 'Work Orders');
  const statuses = useQuery({ ...workOrderStatusesQuery, enabled: mayChange });
  const change = useChangeStatus(workOrder.workOrderId);
  if (!mayChange) {
    return (
      <StackedFact label="Status">
        <Badge variant="light" tt="none">
          {workOrder.workOrderStatus}
        </Badge>
      </StackedFact>
    );
  }
  const data = (statuses.data ?? [{ workOrderStatusId: workOrder.workOrderStatusId, workOrderStatus: workOrder.workOrderStatus }]).map((s) => ({
    value: String(s.workOrderStatusId),
    label: s.workOrderStatus,
  }));
  return (
    <Select
      label="Status"
      size="sm"
      data={data}
      value={String(workOrder.workOrderStatusId)}
      onChange={(v) => {
        if (!v || Number(v) === workOrder.workOrderStatusId) return;
        change.mutate(Number(v), { onSuccess: (a) => notifySuccess(`Status changed to ${a.workOrderStatus}.`) });
      }}
      searchable
      allowDeselect={false}
      disabled={change.isPending}
      nothingFoundMessage="No Options"
      maxDropdownHeight={300}
    />
  );
}

/**
 * What the office keeps on a work order (status, priority, class, PO number, provider reference, billing customer)
 * and what it does from here: edit the header, change the status, assign technicians, read the status history, plan
 * visits. Each action shows only to those allowed to take it.
 */
export function WorkOrderOfficePanel({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const mayWrite = canWrite(access, 'Work Orders');
  // Assigning picks from the technicians the Scheduler lists: a writer without the Scheduler (a data specialist) has no list.
  const mayAssign = mayWrite && canRead(access, 'Scheduler');
  const mayReadHistory = hasFunctionality(access, 'Work Orders', 'Status History');
  const mayCreateQuote = satisfies(access, CREATE_QUOTE);
  const [dialog, setDialog] = useState<'edit' | 'assign' | null>(null);
  return (
    <Paper withBorder radius="md" p="md" data-testid="work-order-office">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Box w={{ base: '100%', xs: 260 }}>
            <StatusControl workOrder={workOrder} />
          </Box>
          <Group gap="xs">
            {mayWrite && (
              <Button variant="light" size="sm" leftSection={<IconPencil size={16} />} onClick={() => setDialog('edit')}>
                Edit
              </Button>
            )}
            {mayAssign && (
              <Button variant="light" size="sm" leftSection={<IconUsers size={16} />} onClick={() => setDialog('assign')}>
                Assign
              </Button>
            )}
            <Button variant="subtle" size="sm" component={Link} to={schedulePath(workOrder.workOrderNumber)} leftSection={<IconCalendarPlus size={16} />}>
              Schedule
            </Button>
            {mayReadHistory && (
              <Button variant="subtle" size="sm" component={Link} to={statusHistoryPath(workOrder.workOrderNumber)} leftSection={<IconTimeline size={16} />}>
                Status History
              </Button>
            )}
            {mayCreateQuote && (
              <Button variant="light" size="sm" component={Link} to={createQuotePath(workOrder.workOrderId)} leftSection={<IconFilePlus size={16} />}>
                Create Quote
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" verticalSpacing="sm">
          <StackedFact label="Priority">
            <PriorityBadge priority={workOrder.priority} />
          </StackedFact>
          <StackedFact label="Class">{workOrder.workOrderClassName ?? 'None'}</StackedFact>
          <StackedFact label="PO Number">{workOrder.poNumber ?? 'None'}</StackedFact>
          <StackedFact label="Provider Reference">{workOrder.providerReference ?? 'None'}</StackedFact>
          <StackedFact label="Billing Customer">{workOrder.billingCustomerName ?? 'None'}</StackedFact>
        </SimpleGrid>
      </Stack>
      {dialog === 'edit' && <HeaderEditDialog workOrder={workOrder} onClose={() => setDialog(null)} />}
      {dialog === 'assign' && <AssignTechniciansDialog workOrder={workOrder} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
