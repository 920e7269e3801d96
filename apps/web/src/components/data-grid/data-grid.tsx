import { Badge, Box, Button, Group, LoadingOverlay, Stack, Table } from '@mantine/core';
import { IconFilterOff, IconLayoutColumns } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { confirm } from '../confirm';
import { GridBody } from './grid-body';
import { GridHeader } from './grid-header';
import { GridPager } from './grid-pager';
import { DEFAULT_COLUMN_WIDTH, type GridColumn, type GridPage, type GridState } from './grid-types';
import { useGridState } from './use-grid-state';

export interface DataGridProps<Row> {
  /** Names the grid in saved preferences: `sm.grid.{gridKey}.{userId}.*`. */
  gridKey: string;
  userId: number;
  /** Declared columns; keep the array stable (module constant or useMemo). */
  columns: GridColumn<Row>[];
  /** Query key prefix of this grid's data; the request is appended. */
  queryKey: readonly unknown[];
  fetchPage: (request: GridState, signal: AbortSignal) => Promise<GridPage<Row>>;
  rowKey: (row: Row) => string | number;
  /** Keep stable, like `columns`. */
  defaultSort?: GridState['sort'];
  /** Accessible name of the table. */
  label: string;
  onRowClick?: (row: Row) => void;
  /** Extra controls on the left of the toolbar. */
  toolbar?: ReactNode;
}

/**
 * The generic server-side grid (spec platform 3.3): paging, sorting and filtering through the one grid
 * request shape; column order, widths and the request are saved per user. The table scrolls sideways on a
 * phone.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { gridKey, userId, columns, queryKey, fetchPage, rowKey, defaultSort, label, onRowClick, toolbar } = props;
  const fields = useMemo(() => columns.map((c) => c.field as string), [columns]);
  const defaults = useMemo(() => ({ sort: defaultSort }), [defaultSort]);
  const grid = useGridState(gridKey, userId, fields, defaults);
  const { request, order, widths } = grid;

  const query = useQuery({
    queryKey: [...queryKey, request],
    queryFn: ({ signal }) => fetchPage(request, signal),
    placeholderData: keepPreviousData,
  });

  const total = query.data?.total ?? 0;
  const { setPage } = grid;
  // A saved page beyond the end (fewer rows than last time) falls back to the last page.
  useEffect(() => {
    if (query.data && total > 0 && request.skip >= total) setPage(Math.ceil(total / request.take));
  }, [query.data, total, request.skip, request.take, setPage]);

  const ordered = useMemo(
    () => order.map((f) => columns.find((c) => c.field === f)).filter((c): c is GridColumn<Row> => Boolean(c)),
    [order, columns],
  );
  const widthOf = (c: GridColumn<Row>) => widths[c.field] ?? c.width ?? DEFAULT_COLUMN_WIDTH;
  const tableWidth = ordered.reduce((sum, c) => sum + widthOf(c), 0);
  const filterCount = request.filter?.filters.length ?? 0;

  const reset = async () => {
    if (await confirm({ title: 'Reset layout', message: 'Restore the default columns, widths, sorting and filters?' })) {
      grid.resetLayout();
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">{toolbar}</Group>
        <Group gap="xs">
          {filterCount > 0 && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFilterOff size={14} />}
              rightSection={<Badge size="xs" circle>{filterCount}</Badge>}
              onClick={grid.clearFilters}
            >
              Clear filters
            </Button>
          )}
          <Button size="xs" variant="default" leftSection={<IconLayoutColumns size={14} />} onClick={() => void reset()}>
            Reset layout
          </Button>
        </Group>
      </Group>
      <Box pos="relative">
        <LoadingOverlay visible={query.isFetching} zIndex={3} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        <Table.ScrollContainer minWidth={tableWidth} type="native">
          <Table
            layout="fixed"
            striped
            highlightOnHover
            withTableBorder
            withColumnBorders
            aria-label={label}
            aria-busy={query.isFetching}
            data-grid={gridKey}
            style={{ width: tableWidth, minWidth: '100%' }}
          >
            <colgroup>
              {ordered.map((c) => (
                <col key={c.field} style={{ width: widthOf(c) }} />
              ))}
            </colgroup>
            <GridHeader columns={ordered} request={request} widths={widths} grid={grid} />
            <GridBody
              columns={ordered}
              rows={query.data?.data}
              rowKey={rowKey}
              isLoading={query.isPending}
              isError={query.isError}
              onRowClick={onRowClick}
            />
          </Table>
        </Table.ScrollContainer>
      </Box>
      <GridPager total={total} take={request.take} skip={request.skip} onPage={grid.setPage} onPageSize={grid.setPageSize} />
    </Stack>
  );
}
