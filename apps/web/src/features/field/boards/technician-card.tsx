import { Anchor, Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconTool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import type { BoardTechnician, ScheduleItem } from './boards-api';
import { itemTitle, spokenItem, statusColor, timeOf, timeRangeOf } from './board-format';

const WRAP = { overflowWrap: 'anywhere' } as const;

function CurrentJob({ technician, timeZone }: { technician: BoardTechnician; timeZone: string }) {
  const job = technician.openLabor;
  if (!job) {
    return (
      <Text size="sm" c="dimmed">
        No job in progress
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="current-job">
      <IconTool size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      <Text size="sm" style={WRAP}>
        {job.isReachedAtSite ? 'On ' : 'On the way to '}
        <Anchor component={Link} to={workOrderEditPath(job.workOrderNumber)} fw={600} inherit>
          {job.workOrderNumber}
        </Anchor>{' '}
        · {job.customer} · since {timeOf(job.since, timeZone)}
      </Text>
    </Group>
  );
}

/**
 * One item: its time beside what it is; on a narrow card the time goes above, so the text keeps its width. A screen
 * reader hears it named in one sentence.
 */
function ItemRow({ item, timeZone }: { item: ScheduleItem; timeZone: string }) {
  return (
    <Group
      component="li"
      gap="xs"
      wrap="wrap"
      align="flex-start"
      style={{ listStyle: 'none', rowGap: 2 }}
      aria-label={spokenItem(item, timeZone)}
      data-testid="board-item"
    >
      <Text size="xs" c="dimmed" w={128} style={{ flexShrink: 0, whiteSpace: 'nowrap' }} pt={2}>
        {timeRangeOf(item, timeZone)}
      </Text>
      <Stack gap={0} miw={0} style={{ flex: '1 1 180px' }}>
        <Text size="sm" style={WRAP}>
          {item.workOrderNumber && (
            <>
              <Anchor component={Link} to={workOrderEditPath(item.workOrderNumber)} fw={600} inherit>
                {item.workOrderNumber}
              </Anchor>{' '}
              ·{' '}
            </>
          )}
          {itemTitle(item)}
          {item.isStarted && (
            <Badge size="xs" color="teal" variant="light" ml={6} style={{ verticalAlign: 'middle' }}>
              In progress
            </Badge>
          )}
        </Text>
        {item.workOrderCustomer && (
          <Text size="xs" c="dimmed" style={WRAP}>
            {item.workOrderCustomer}
            {item.customerCity ? `, ${item.customerCity}` : ''}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** One technician on the master board: status and since when, the job in progress, last position, the day's items. */
export function TechnicianCard({ technician, timeZone }: { technician: BoardTechnician; timeZone: string }) {
  const { status, position, items } = technician;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={technician.name} data-testid="technician-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {technician.name}
            </Text>
            {technician.phone && (
              <Anchor href={`tel:${technician.phone.replace(/[^\d+]/g, '')}`} size="xs" c="dimmed">
                {technician.phone}
              </Anchor>
            )}
          </Stack>
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge color={statusColor(status?.userStatusId)} variant="light" tt="none" data-testid="technician-status">
              {status?.userStatus ?? 'No status'}
            </Badge>
            {status?.since && (
              <Text size="xs" c="dimmed">
                since {timeOf(status.since, timeZone)}
              </Text>
            )}
          </Stack>
        </Group>
        {status?.description && (
          <Text size="xs" c="dimmed" style={WRAP}>
            {status.description}
          </Text>
        )}
        <CurrentJob technician={technician} timeZone={timeZone} />
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={14} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="xs" c="dimmed">
            {position ? `Last position at ${timeOf(position.at, timeZone)}${position.address ? ` · ${position.address}` : ''}` : 'No position this day'}
          </Text>
        </Group>
        <Divider />
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing scheduled
          </Text>
        ) : (
          <Stack component="ol" gap={6} p={0} m={0} aria-label={`Schedule of ${technician.name}`}>
            {items.map((item) => (
              <ItemRow key={`${item.id}-${item.start}`} item={item} timeZone={timeZone} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
