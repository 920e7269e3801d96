import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import type { ScheduleItem } from './boards-api';
import { itemTitle, spokenItem, timeRangeOf } from './board-format';
import { RouteClockActions } from './route-clock-actions';

const WRAP = { overflowWrap: 'anywhere' } as const;

const hasWorkOrder = (item: ScheduleItem): item is ScheduleItem & { workOrderId: number; workOrderNumber: string } =>
  item.workOrderId !== null && item.workOrderNumber !== null;

/** What state the technician's own labor on the item's work order is in. */
function progressOf(item: ScheduleItem): { label: string; color: string } | null {
  if (item.anyEnrouteLaborMine) return { label: 'On the way', color: 'blue' };
  if (item.isOpenLaborMine) return { label: 'In progress', color: 'teal' };
  return null;
}

/**
 * One stop of the technician's day: when, where, what, and Start or Stop when it is a work order of theirs; named for a
 * screen reader by when, its work order and what it is about.
 */
export function RouteItemCard({ item }: { item: ScheduleItem }) {
  const progress = progressOf(item);
  const address = [item.customerAddress, item.customerCity].filter(Boolean).join(', ');
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      style={{ listStyle: 'none', borderColor: progress ? `var(--mantine-color-${progress.color}-5)` : undefined, borderWidth: progress ? 2 : undefined }}
      aria-label={spokenItem(item)}
      data-testid="route-item"
      data-in-progress={progress ? 'true' : 'false'}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700}>{timeRangeOf(item)}</Text>
          <Group gap={4} justify="flex-end">
            {progress && (
              <Badge color={progress.color} variant="filled" data-testid="route-item-progress">
                {progress.label}
              </Badge>
            )}
            {item.isAppointment && (
              <Badge color="red" variant="light">
                Appointment
              </Badge>
            )}
            {item.workOrderStatus && !progress && (
              <Badge variant="light" tt="none">
                {item.workOrderStatus}
              </Badge>
            )}
          </Group>
        </Group>
        <Stack gap={2}>
          {item.workOrderNumber && (
            <Text size="lg" fw={600} style={WRAP}>
              <Anchor component={Link} to={workOrderEditPath(item.workOrderNumber)} inherit>
                {item.workOrderNumber}
              </Anchor>
              {item.workOrderCustomer ? ` · ${item.workOrderCustomer}` : ''}
            </Text>
          )}
          <Text size="sm" style={WRAP}>
            {itemTitle(item)}
          </Text>
          {address && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
              <Text size="sm" c="dimmed" style={WRAP}>
                {address}
              </Text>
            </Group>
          )}
          {item.phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor href={`tel:${item.phone.replace(/[^\d+]/g, '')}`} size="sm">
                {item.phone}
              </Anchor>
            </Group>
          )}
        </Stack>
        {hasWorkOrder(item) && item.isShowStartStop && <RouteClockActions item={item} />}
      </Stack>
    </Card>
  );
}
