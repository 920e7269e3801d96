import { ActionIcon, Button, Group, Loader, SegmentedControl, Select, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { CalendarView } from './schedule-calendar';
import type { SchedulerTechnician } from './scheduler-api';

const VIEW_OPTIONS: { value: CalendarView; label: string }[] = [
  { value: 'timeGridDay', label: 'Day' },
  { value: 'timeGridWeek', label: 'Week' },
  { value: 'dayGridMonth', label: 'Month' },
];

/** The technician filter's "everyone" choice. */
const ALL = 'all';

interface SchedulerToolbarProps {
  title: string;
  view: CalendarView;
  isFetching: boolean;
  technicians: SchedulerTechnician[];
  technicianId: number | null;
  isPhone: boolean;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  onView: (view: CalendarView) => void;
  onTechnician: (technicianId: number | null) => void;
  onNew: () => void;
}

/**
 * The scheduler's controls: today, previous and next, the period shown (with a spinner while it loads), the view,
 * the technician filter and New. On a phone they wrap onto two rows.
 */
export function SchedulerToolbar(props: SchedulerToolbarProps) {
  const { title, view, isFetching, technicians, technicianId, isPhone } = props;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="toolbar" aria-label="Scheduler">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Button variant="default" size="xs" onClick={props.onToday}>
          Today
        </Button>
        <ActionIcon.Group>
          <ActionIcon variant="default" size="md" aria-label="Previous period" onClick={props.onPrev}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" size="md" aria-label="Next period" onClick={props.onNext}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </ActionIcon.Group>
        <Title order={3} size={isPhone ? 'h5' : 'h4'} aria-live="polite" style={{ whiteSpace: 'nowrap' }} data-testid="scheduler-title">
          {title}
        </Title>
        {isFetching && <Loader size="xs" aria-label="Loading schedule" />}
      </Group>
      <Group gap="xs" wrap="nowrap" style={isPhone ? { flex: '1 1 100%' } : undefined}>
        <SegmentedControl size="xs" aria-label="View" data={VIEW_OPTIONS} value={view} onChange={(v) => props.onView(v as CalendarView)} />
        <Select
          size="xs"
          aria-label="Technician"
          data={[{ value: ALL, label: 'All technicians' }, ...technicians.map((t) => ({ value: String(t.technicianId), label: t.name }))]}
          value={technicianId === null ? ALL : String(technicianId)}
          onChange={(v) => props.onTechnician(!v || v === ALL ? null : Number(v))}
          allowDeselect={false}
          searchable
          w={isPhone ? undefined : 180}
          style={isPhone ? { flex: 1, minWidth: 0 } : undefined}
        />
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={props.onNew}>
          New
        </Button>
      </Group>
    </Group>
  );
}
