import { Badge, Center, Group, Loader, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Draggable } from '@fullcalendar/react/interaction';
import { IconSearch } from '@tabler/icons-react';
import { DEFAULT_TASK_DURATION_HOURS, UNASSIGNED_WORK_DEFAULT_TAKE } from '@sm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { unassignedWorkQuery, type UnassignedWorkOrder } from './unassigned-api';
import { UNASSIGNED_CARD_CLASS, UnassignedWorkCard } from './unassigned-work-card';
import { technicianFor } from './unassigned-schedule';
import { useSearchDebounce } from '../../../lib/debounce';

/** A mouse must move this far before a press on a card becomes a drag, so Schedule still clicks. */
const DRAG_MIN_DISTANCE_PX = 5;

/** What a card dropped on the calendar carries: the work order and who the visit is for. */
export interface DroppedWork {
  workOrderId: number;
  technicianId: number | null;
}

/** Reads a card the calendar received: the work order and technician it carries, or null for anything else. */
export function droppedWorkOf(element: HTMLElement): DroppedWork | null {
  const workOrderId = Number(element.dataset.workOrderId);
  if (!Number.isInteger(workOrderId) || workOrderId <= 0) return null;
  const technicianId = Number(element.dataset.technicianId);
  return { workOrderId, technicianId: element.dataset.technicianId && Number.isInteger(technicianId) ? technicianId : null };
}

interface UnassignedWorkPanelProps {
  /** The technician the board is filtered to: their work orders come first, and visits are planned for them. */
  technicianId: number | null;
  /** The panel's height beside the calendar; on a phone it sits below and grows with its cards. */
  height?: string;
  onSchedule: (work: DroppedWork) => Promise<void>;
}

/**
 * The dispatcher board's "Unassigned work": open work orders nothing on the schedule visits from today on, newest
 * first (the filtered technician's first), searchable and paged. Each card drags onto the calendar, which opens the
 * schedule form at the time it was dropped; its Schedule button opens the same form at the next free half hour.
 */
export function UnassignedWorkPanel({ technicianId, height, onSchedule }: UnassignedWorkPanelProps) {
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const [page, setPage] = useState(1);
  const [scheduling, setScheduling] = useState<number | null>(null);
  const take = UNASSIGNED_WORK_DEFAULT_TAKE;
  const query = useQuery({ ...unassignedWorkQuery({ search: debounced, skip: (page - 1) * take, take, technicianId }), placeholderData: keepPreviousData });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / take));
  const rows = query.data?.data ?? [];
  const listRef = useRef<HTMLDivElement>(null);

  // A new search starts on the first page; a page emptied by planning its last card falls back to the last one left.
  useEffect(() => setPage(1), [debounced, technicianId]);
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && page > pages) setPage(pages);
  }, [query.isSuccess, query.isPlaceholderData, page, pages]);

  useEffect(() => {
    if (!listRef.current) return;
    const draggable = new Draggable(listRef.current, {
      itemSelector: `.${UNASSIGNED_CARD_CLASS}`,
      minDistance: DRAG_MIN_DISTANCE_PX,
      eventData: (el) => ({ title: el.dataset.title ?? '', duration: { minutes: DEFAULT_TASK_DURATION_HOURS * 60 }, create: false }),
    });
    return () => draggable.destroy();
  }, []);

  const schedule = async (w: UnassignedWorkOrder) => {
    setScheduling(w.workOrderId);
    try {
      await onSchedule({ workOrderId: w.workOrderId, technicianId: technicianFor(w, technicianId) });
    } finally {
      setScheduling(null);
    }
  };

  const from = total === 0 ? 0 : (page - 1) * take + 1;
  const to = Math.min(total, page * take);
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Unassigned work" className="sm-unassigned" h={height}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Title order={2} size="h5">
              Unassigned work
            </Title>
            {query.isSuccess && (
              <Badge size="sm" variant="light" aria-label={`${total} unassigned`}>
                {total}
              </Badge>
            )}
          </Group>
          {query.isFetching && <Loader size="xs" role="status" aria-label="Loading unassigned work" />}
        </Group>
        <TextInput
          size="xs"
          aria-label="Search unassigned work"
          placeholder="Number, customer, address, problem"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
        />
        <Text size="xs" c="dimmed">
          Drag a card onto the calendar, or press Schedule.
        </Text>
        {/* The scrolling box the cards are dragged from; the list itself holds only cards (loading and empty states beside it). */}
        <div ref={listRef} className="sm-unassigned-list">
          {query.isPending ? (
            <Center py="xl">
              <Loader size="sm" role="status" aria-label="Loading unassigned work" />
            </Center>
          ) : rows.length === 0 ? (
            <Center py="xl" px="sm">
              <Text size="sm" c="dimmed" ta="center" role="status">
                {debounced.trim() ? `No unassigned work matches "${debounced.trim()}".` : 'All open work is on the schedule.'}
              </Text>
            </Center>
          ) : (
            <div role="list" aria-label="Unassigned work orders" aria-busy={query.isFetching}>
              {rows.map((w) => (
                <UnassignedWorkCard
                  key={w.workOrderId}
                  workOrder={w}
                  technicianId={technicianFor(w, technicianId)}
                  isScheduling={scheduling === w.workOrderId}
                  onSchedule={() => void schedule(w)}
                />
              ))}
            </div>
          )}
        </div>
        {total > take && (
          <Pagination.Root total={pages} value={page} onChange={setPage} size="sm">
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Pagination.Previous aria-label="Previous page" />
              <Text size="xs" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                {from}-{to} of {total}
              </Text>
              <Pagination.Next aria-label="Next page" />
            </Group>
          </Pagination.Root>
        )}
      </Stack>
    </Paper>
  );
}
