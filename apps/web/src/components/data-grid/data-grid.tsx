import { Box, LoadingOverlay, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { GridBody } from './grid-body';
import { GridCards } from './grid-cards';
import { GridHeader } from './grid-header';
import { GridPager } from './grid-pager';
import { GridToolbar } from './grid-toolbar';
import { DEFAULT_COLUMN_WIDTH, GRID_PHONE_QUERY, type GridColumn, type GridPage, type GridState } from './grid-types';
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
  /** Accessible name of the table (of the card list on a phone). */
  label: string;
  onRowClick?: (row: Row) => void;
  /** Extra controls on the left of the toolbar. */
  toolbar?: ReactNode;
}

/**
 * The generic server-side grid (spec platform 3.3): paging, sorting and filtering through the one grid
 * request shape; column order, widths and the request are saved per user. Below Mantine's `sm` breakpoint
 * the rows become cards (technicians work on phones) with a 'Sort by' select, a filters drawer and a
 * compact pager; the request and its saved preferences are the same in both layouts.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { gridKey, userId, columns, queryKey, fetchPage, rowKey, defaultSort, label, onRowClick, toolbar } = props;
  // Read at once, not in an effect, so a phone never paints the wide table first.
  const isPhone = useMediaQuery(GRID_PHONE_QUERY, undefined, { getInitialValueInEffect: false });
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
  const rows = {
    rows: query.data?.data,
    rowKey,
    isLoading: query.isPending,
    isError: query.isError,
    onRowClick,
  };

  return (
    <Stack gap="sm">
      <GridToolbar columns={ordered} request={request} grid={grid} isPhone={isPhone}>
        {toolbar}
      </GridToolbar>
      <Box pos="relative">
        <LoadingOverlay visible={query.isFetching} zIndex={3} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        {isPhone ? (
          <GridCards columns={ordered} label={label} gridKey={gridKey} isBusy={query.isFetching} {...rows} />
        ) : (
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
              <GridBody columns={ordered} {...rows} />
            </Table>
          </Table.ScrollContainer>
        )}
      </Box>
      <GridPager
        total={total}
        take={request.take}
        skip={request.skip}
        onPage={grid.setPage}
        onPageSize={grid.setPageSize}
        compact={isPhone}
      />
    </Stack>
  );
}
