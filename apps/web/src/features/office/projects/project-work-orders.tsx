import { Anchor, Badge, Button, Card, Checkbox, Group, Modal, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink, IconSearch, IconUnlink } from '@tabler/icons-react';
import { moneyText, type ProjectDetail, type ProjectWorkOrder, type WorkOrderJob } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { useLinkableWorkOrders, useLinkWorkOrder, useTickJob, useUnlinkWorkOrder } from './projects-api';

/** A job of a work order, ticked done or open again by those who may change the project. */
export function JobTick({ job, mayWrite }: { job: WorkOrderJob; mayWrite: boolean }) {
  const tick = useTickJob();
  const label = `${job.isSurvey ? 'Survey: ' : ''}${job.title}`;
  return (
    <Checkbox
      size="sm"
      label={label}
      checked={job.isCompleted}
      disabled={!mayWrite || tick.isPending}
      onChange={(e) => {
        const isCompleted = e.currentTarget.checked;
        tick.mutate({ workOrderJobId: job.workOrderJobId, isCompleted }, { onSuccess: () => notifySuccess(`${job.title}: ${isCompleted ? 'done' : 'open again'}.`) });
      }}
    />
  );
}

/** Finds a work order in no project by number or customer and links it, after asking. */
function LinkDialog({ project, onClose }: { project: ProjectDetail; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useLinkableWorkOrders(debounced);
  const link = useLinkWorkOrder(project.projectId);
  const choose = async (workOrderId: number, number: string) => {
    if (!(await confirm({ title: 'Link work order', message: `Link work order ${number} to project ${project.projectNumber} ${project.name}?`, confirmLabel: 'Link' }))) return;
    link.mutate(workOrderId, { onSuccess: (answer) => (notifySuccess(answer.message), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title={`Link a work order to project ${project.projectNumber}`} size="lg" centered>
      <Stack gap="sm">
        <TextInput label="Find a work order" description="By its number or its customer; only work orders in no project are offered." leftSection={<IconSearch size={16} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-autofocus />
        {found.isPending && <Text size="sm" c="dimmed">Loading...</Text>}
        {found.data?.length === 0 && <Text size="sm" c="dimmed">No work order in no project matches.</Text>}
        <Stack gap={6} role="list" aria-label="Work orders to link">
          {found.data?.map((w) => (
            <UnstyledButton key={w.workOrderId} role="listitem" onClick={() => void choose(w.workOrderId, w.workOrderNumber)} aria-label={`Link work order ${w.workOrderNumber}`} disabled={link.isPending}>
              <Paper withBorder radius="sm" p="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {w.workOrderNumber} · {w.customerName}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {w.problem}
                    </Text>
                  </Stack>
                  <Badge variant="light" color="gray" tt="none">
                    {w.workOrderStatus}
                  </Badge>
                </Group>
              </Paper>
            </UnstyledButton>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}

function WorkOrderRow({ project, workOrder, mayWrite }: { project: ProjectDetail; workOrder: ProjectWorkOrder; mayWrite: boolean }) {
  const unlink = useUnlinkWorkOrder(project.projectId);
  const ask = async () => {
    const message = `Take work order ${workOrder.workOrderNumber} out of project ${project.projectNumber}? Its jobs stay on the work order.`;
    if (await confirm({ title: 'Unlink work order', message, confirmLabel: 'Unlink', danger: true })) unlink.mutate(workOrder.workOrderId, { onSuccess: (a) => notifySuccess(a.message) });
  };
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Work order ${workOrder.workOrderNumber}`} data-testid="project-work-order">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Anchor component={Link} to={workOrderEditPath(workOrder.workOrderNumber)} fw={700} size="sm">
              {workOrder.workOrderNumber}
            </Anchor>
            <Badge variant="light" color={workOrder.isDone ? 'teal' : 'blue'} tt="none">
              {workOrder.workOrderStatus}
            </Badge>
          </Group>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Labor {moneyText(workOrder.labor)} · Materials {moneyText(workOrder.materials)}
            </Text>
            {mayWrite && (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconUnlink size={14} />} onClick={() => void ask()} loading={unlink.isPending} aria-label={`Unlink work order ${workOrder.workOrderNumber}`}>
                Unlink
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm">
          {workOrder.customerName} · {workOrder.problem}
        </Text>
        <Text size="xs" c="dimmed">
          {workOrder.technicians.length > 0 ? workOrder.technicians.join(', ') : 'No technician'}
        </Text>
        {workOrder.jobs.length === 0 ? (
          <Text size="xs" c="dimmed">
            No jobs on this work order yet.
          </Text>
        ) : (
          <Stack gap={4} role="group" aria-label={`Jobs of work order ${workOrder.workOrderNumber}`}>
            {workOrder.jobs.map((job) => (
              <JobTick key={job.workOrderJobId} job={job} mayWrite={mayWrite} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The project's work orders with their jobs and survey jobs; linking one, unlinking one after asking. */
export function ProjectWorkOrders({ project, mayWrite }: { project: ProjectDetail; mayWrite: boolean }) {
  const [isLinking, setLinking] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="work-orders-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="work-orders-title">
          Work orders and jobs
        </Title>
        {mayWrite && (
          <Button size="xs" leftSection={<IconLink size={14} />} onClick={() => setLinking(true)}>
            Link work order
          </Button>
        )}
      </Group>
      {project.workOrders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No work order is linked to this project yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {project.workOrders.map((w) => (
            <WorkOrderRow key={w.workOrderId} project={project} workOrder={w} mayWrite={mayWrite} />
          ))}
        </Stack>
      )}
      {isLinking && <LinkDialog project={project} onClose={() => setLinking(false)} />}
    </Card>
  );
}
