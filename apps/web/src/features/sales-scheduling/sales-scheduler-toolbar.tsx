import { ActionIcon, Button, Group, Loader, SegmentedControl, Select, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { CalendarView } from '../scheduling/schedule-calendar';
import type { SalesPerson } from './sales-scheduler-api';

const VIEW_OPTIONS: { value: CalendarView; label: string }[] = [
  { value: 'timeGridDay', label: 'Day' },
  { value: 'timeGridWeek', label: 'Week' },
  { value: 'dayGridMonth', label: 'Month' },
];

/** The sales person filter's "everyone" choice. */
const ALL = 'all';

interface SalesSchedulerToolbarProps {
  title: string;
  view: CalendarView;
  isFetching: boolean;
  salesPersons: SalesPerson[];
  salesPersonId: number | null;
  isPhone: boolean;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  onView: (view: CalendarView) => void;
  onSalesPerson: (salesPersonId: number | null) => void;
  onNew: () => void;
}

/**
 * The sales scheduler's controls: today, previous and next, the period shown (with a spinner while it loads), the
 * view, the sales person filter (only for someone who sees more than their own tasks) and New. On a phone they wrap
 * onto two rows.
 */
export function SalesSchedulerToolbar(props: SalesSchedulerToolbarProps) {
  const { title, view, isFetching, salesPersons, salesPersonId, isPhone } = props;
  const hasFilter = salesPersons.length > 1;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="toolbar" aria-label="Sales scheduler">
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
        {isFetching && <Loader size="xs" aria-label="Loading tasks" />}
      </Group>
      <Group gap="xs" wrap="nowrap" style={isPhone ? { flex: '1 1 100%' } : undefined}>
        <SegmentedControl size="xs" aria-label="View" data={VIEW_OPTIONS} value={view} onChange={(v) => props.onView(v as CalendarView)} />
        {hasFilter && (
          <Select
            size="xs"
            aria-label="Sales person"
            data={[{ value: ALL, label: 'All sales people' }, ...salesPersons.map((p) => ({ value: String(p.salesPersonId), label: p.name }))]}
            value={salesPersonId === null ? ALL : String(salesPersonId)}
            onChange={(v) => props.onSalesPerson(!v || v === ALL ? null : Number(v))}
            allowDeselect={false}
            searchable
            w={isPhone ? undefined : 180}
            style={isPhone ? { flex: 1, minWidth: 0 } : undefined}
          />
        )}
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={props.onNew} ml={isPhone && !hasFilter ? 'auto' : undefined}>
          New
        </Button>
      </Group>
    </Group>
  );
}
