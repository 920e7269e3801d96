import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ErrorPanel } from '../../../../components/error-panel';
import { useSignedIn } from '../../../platform/auth/session-context';
import { formatWhen } from '../../../field/scheduling/schedule-time';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { ItemPageFrame } from '../items/item-page-frame';
import { visitsQuery, type WorkOrderVisit } from './office-api';
import { VisitForm } from './visit-form';

const hoursText = (h: number) => `${Number(h.toFixed(2))} h`;

function VisitRows({ visits }: { visits: WorkOrderVisit[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped withTableBorder aria-label="Visits" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Until</Table.Th>
            <Table.Th>Technician</Table.Th>
            <Table.Th>Visit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((v) => (
            <Table.Tr key={v.schedulerId} data-testid="visit-row">
              <Table.Td>{v.isAllDay ? `${dayjs(v.start).format('ddd')} ${formatDate(v.start)}, all day` : formatWhen(v.start)}</Table.Td>
              <Table.Td>{v.isAllDay ? '' : `${dayjs(v.end).format('h:mm A')} (${hoursText(v.durationHours)})`}</Table.Td>
              <Table.Td>{v.technicianName ?? <Text span c="dimmed" size="sm">Unassigned</Text>}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm">{v.title}</Text>
                  {v.isAppointment && <Badge size="xs" variant="light" tt="none">Appointment</Badge>}
                  {v.recurrenceRule && <Badge size="xs" variant="light" color="grape" tt="none">Repeats</Badge>}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Visits({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const mayPlan = satisfies(access, { kind: 'area', area: 'Scheduler', level: 'write' });
  const query = useQuery(visitsQuery(workOrder.workOrderId));
  let list;
  if (query.isPending) {
    list = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the visits">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (query.isError) {
    list = <ErrorPanel title="The visits could not be loaded" message={query.error.message} />;
  } else if (query.data.length === 0) {
    list = (
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed">
          No visits scheduled yet.
        </Text>
      </Paper>
    );
  } else {
    list = <VisitRows visits={query.data} />;
  }
  return (
    <Stack gap="lg">
      {list}
      {mayPlan ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Schedule a visit
          </Title>
          <VisitForm workOrder={workOrder} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Planning visits needs the Scheduler's write permission.
        </Text>
      )}
    </Stack>
  );
}

/** `/workOrder/{number}/schedule`: the visits planned for the work order, and a form to plan one. */
export default function WorkOrderSchedulePage() {
  return (
    <ItemPageFrame title="Schedule" maxWidth={860}>
      {(workOrder) => <Visits workOrder={workOrder} />}
    </ItemPageFrame>
  );
}
