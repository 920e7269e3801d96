import { ActionIcon, Button, Group, Loader, SegmentedControl, Select, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CalendarView } from './schedule-calendar';

const VIEW_OPTIONS: { value: CalendarView; label: string }[] = [
  { value: 'timeGridDay', label: 'Day' },
  { value: 'timeGridWeek', label: 'Week' },
  { value: 'dayGridMonth', label: 'Month' },
];

interface CalendarToolbarProps {
  /** The toolbar's accessible name. */
  label: string;
  /** What the spinner says while the period loads. */
  loadingLabel: string;
  title: string;
  view: CalendarView;
  isFetching: boolean;
  isPhone: boolean;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  onView: (view: CalendarView) => void;
  onNew: () => void;
  /** The calendar's filter, between the view and New; none on a phone pushes New to the right. */
  filter: ReactNode;
}

/**
 * A calendar's controls, the same on the dispatcher board and the sales scheduler: today, previous and next, the
 * period shown (with a spinner while it loads), the view, the calendar's filter and New. On a phone they wrap onto
 * two rows.
 */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const { title, view, isFetching, isPhone, filter } = props;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="toolbar" aria-label={props.label}>
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
        <Title order={2} size={isPhone ? 'h5' : 'h4'} aria-live="polite" style={{ whiteSpace: 'nowrap' }} data-testid="scheduler-title">
          {title}
        </Title>
        {isFetching && <Loader size="xs" role="status" aria-label={props.loadingLabel} />}
      </Group>
      <Group gap="xs" wrap="nowrap" style={isPhone ? { flex: '1 1 100%' } : undefined}>
        <SegmentedControl size="xs" aria-label="View" data={VIEW_OPTIONS} value={view} onChange={(v) => props.onView(v as CalendarView)} />
        {filter}
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={props.onNew} ml={isPhone && !filter ? 'auto' : undefined}>
          New
        </Button>
      </Group>
    </Group>
  );
}

/** The person filter's "everyone" choice. */
const ALL = 'all';

interface PersonFilterProps {
  /** The select's accessible name, like "Technician". */
  label: string;
  /** The "everyone" choice, like "All technicians". */
  allLabel: string;
  people: { id: number; name: string }[];
  /** The person shown (null: everyone). */
  value: number | null;
  onChange: (id: number | null) => void;
  isPhone: boolean;
}

/** A calendar's filter on one person (a technician, a sales person) or everyone. */
export function PersonFilter({ label, allLabel, people, value, onChange, isPhone }: PersonFilterProps) {
  return (
    <Select
      size="xs"
      aria-label={label}
      data={[{ value: ALL, label: allLabel }, ...people.map((p) => ({ value: String(p.id), label: p.name }))]}
      value={value === null ? ALL : String(value)}
      onChange={(v) => onChange(!v || v === ALL ? null : Number(v))}
      allowDeselect={false}
      searchable
      w={isPhone ? undefined : 180}
      style={isPhone ? { flex: 1, minWidth: 0 } : undefined}
    />
  );
}
