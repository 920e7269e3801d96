import { Center, Group, LoadingOverlay, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { TECHNICIAN_WORK_ORDERS_DEFAULT_TAKE } from '@sm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchMyWorkOrders } from '../../office/work-orders/work-orders-api';
import { ClockModal, useIsPhone } from './clock-modal';
import { PickerCards, PickerTable } from './work-order-picker-rows';

/** Spec clock 9: the picker pages 3, 10, 20 or 30 work orders at a time; 3 by default. */
export const PICKER_PAGE_SIZES = [3, 10, 20, 30] as const;

interface SelectWorkOrderDialogProps {
  opened: boolean;
  onClose: () => void;
  currentWorkOrderId: number;
  /** The work order whose Start is being sent, if any. */
  startingId: number | null;
  onStart: (workOrderId: number, workOrderNumber: string) => void;
}

/** The technician's work orders, one picker page at a time, newest first. */
function usePickerPage(enabled: boolean, take: number, page: number) {
  const skip = (page - 1) * take;
  return useQuery({
    queryKey: ['workOrder', 'picker', { take, skip }],
    queryFn: ({ signal }) => fetchMyWorkOrders({ take, skip, sort: [{ field: 'workOrderNumber', dir: 'desc' }] }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function PickerPager({ total, take, page, onPage, onTake }: { total: number; take: number; page: number; onPage: (p: number) => void; onTake: (t: number) => void }) {
  const from = total === 0 ? 0 : (page - 1) * take + 1;
  const to = Math.min(total, page * take);
  return (
    <Group justify="space-between" gap="sm">
      <Pagination total={Math.max(1, Math.ceil(total / take))} value={page} onChange={onPage} size="sm" siblings={1} boundaries={1} aria-label="Pagination" />
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Page size"
          data={PICKER_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
          value={String(take)}
          onChange={(v) => v && onTake(Number(v))}
          allowDeselect={false}
          size="xs"
          w={100}
        />
        <Text size="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {from} - {to} of {total}
        </Text>
      </Group>
    </Group>
  );
}

/**
 * The Select New Work Order dialog (spec clock 2.3) of Finish and Start New: the technician's work orders with a
 * Start on each but the current one. A table on a desktop, cards on a phone.
 */
export function SelectWorkOrderDialog({ opened, onClose, currentWorkOrderId, startingId, onStart }: SelectWorkOrderDialogProps) {
  const isPhone = useIsPhone();
  const [take, setTake] = useState<number>(TECHNICIAN_WORK_ORDERS_DEFAULT_TAKE);
  const [page, setPage] = useState(1);
  const query = usePickerPage(opened, take, page);
  const rows = query.data?.data ?? [];
  const Rows = isPhone ? PickerCards : PickerTable;

  return (
    <ClockModal opened={opened} onClose={onClose} title="Select New Work Order" size={960}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Choose the work order you are going to next. You will be clocked in on it as En Route.
        </Text>
        <Paper pos="relative" mih={120} aria-busy={query.isFetching}>
          <LoadingOverlay visible={query.isFetching} zIndex={3} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
          {query.isSuccess && rows.length === 0 ? (
            <Center mih={120}>
              <Text c="dimmed">No work orders to start.</Text>
            </Center>
          ) : (
            <Rows rows={rows} currentWorkOrderId={currentWorkOrderId} startingId={startingId} onStart={onStart} />
          )}
        </Paper>
        <PickerPager
          total={query.data?.total ?? 0}
          take={take}
          page={page}
          onPage={setPage}
          onTake={(t) => {
            setTake(t);
            setPage(1);
          }}
        />
      </Stack>
    </ClockModal>
  );
}
