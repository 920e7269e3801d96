import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconGripVertical, IconMapPin, IconUser } from '@tabler/icons-react';
import type { UnassignedWorkOrder } from './unassigned-api';

/** The class the calendar's external dragging picks cards by. */
export const UNASSIGNED_CARD_CLASS = 'sm-unassigned-card';

interface UnassignedWorkCardProps {
  workOrder: UnassignedWorkOrder;
  /** Who a visit made from this card is for (see `technicianFor`), carried on the card for a drop on the calendar. */
  technicianId: number | null;
  isScheduling: boolean;
  onSchedule: () => void;
}

/** A card people read as "the work order's title": its number and customer, as the calendar names an item. */
export const cardTitleOf = (w: Pick<UnassignedWorkOrder, 'workOrderNumber' | 'customerName'>) => `WO ${w.workOrderNumber} ${w.customerName}`;

/**
 * One work order waiting for a visit: number, status, customer, address, problem and assigned technicians. It can
 * be dragged onto the calendar (by mouse, or by a long press on a touch screen); Schedule does the same from the
 * keyboard or with a tap.
 */
export function UnassignedWorkCard({ workOrder: w, technicianId, isScheduling, onSchedule }: UnassignedWorkCardProps) {
  const names = w.technicians.map((t) => t.name).join(', ');
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      className={UNASSIGNED_CARD_CLASS}
      role="listitem"
      aria-label={`Work order ${w.workOrderNumber}`}
      data-work-order-id={w.workOrderId}
      data-technician-id={technicianId ?? ''}
      data-title={cardTitleOf(w)}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconGripVertical size={16} className="sm-unassigned-grip" aria-hidden />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              WO {w.workOrderNumber}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconCalendarPlus size={12} />}
              loading={isScheduling}
              onClick={onSchedule}
              aria-label={`Schedule work order ${w.workOrderNumber}`}
              style={{ flexShrink: 0 }}
            >
              Schedule
            </Button>
          </Group>
          <Text size="sm" truncate title={w.customerName}>
            {w.customerName}
          </Text>
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconMapPin size={12} style={{ flexShrink: 0 }} aria-hidden />
            <Text size="xs" c="dimmed" truncate title={`${w.customerAddress}, ${w.customerCity}`}>
              {w.customerAddress}, {w.customerCity}
            </Text>
          </Group>
          <Text size="xs" lineClamp={2} title={w.problem}>
            {w.problem}
          </Text>
          <Group gap={6} justify="space-between" wrap="nowrap" mt={2}>
            <Group gap={4} wrap="nowrap" miw={0} c="dimmed">
              <IconUser size={12} style={{ flexShrink: 0 }} aria-hidden />
              <Text size="xs" c="dimmed" truncate title={names || undefined}>
                {names || 'No technician'}
              </Text>
            </Group>
            <Badge size="xs" variant="light" color="gray" maw="55%" style={{ flexShrink: 0 }} title={w.workOrderStatus}>
              {w.workOrderStatus}
            </Badge>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
