import { Box, LoadingOverlay, Skeleton, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { GridBody } from './grid-body';
import { GridCards } from './grid-cards';
import { GridHeader } from './grid-header';
import { GridPager } from './grid-pager';
import { GridToolbar } from './grid-toolbar';
import { DEFAULT_COLUMN_WIDTH, GRID_PHONE_QUERY, type GridColumn, type GridPage, type GridState } from './grid-types';
import { arrangementOf, localArrangement, type GridArrangement, type GridDefaults } from './grid-layout';
import { gridPreferenceQuery } from './grid-preferences-api';
import { useGridState } from './use-grid-state';

export interface DataGridProps<Row> {
  /** Names the grid in saved layouts (letters, digits, dots, dashes): on the server, and `sm.grid.{gridKey}.{userId}.*` here. */
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
 * The generic server-side grid (spec platform 3.3): paging, sorting and filtering through the one grid request
 * shape; the person's layout (request, column order, widths, hidden columns) is kept on the server per user (spec
 * platform 1) and read before the first page is asked for, so a saved filter, sort and page size are the ones used.
 * Below Mantine's `sm` breakpoint the rows become cards (technicians work on phones) with a 'Sort by' select, a
 * filters drawer and a compact pager; the request and its saved layout are the same in both layouts.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { gridKey, userId, columns, defaultSort, label } = props;
  const saved = useQuery(gridPreferenceQuery(gridKey, userId));
  const defaults = useMemo(() => ({ sort: defaultSort }), [defaultSort]);
  // Offline (or the server failing): the browser's own copy of the layout.
  const initial = useMemo(
    () => (saved.isPending ? null : saved.isSuccess ? arrangementOf(saved.data.layout, defaults) : localArrangement(gridKey, userId, defaults)),
    [saved.isPending, saved.isSuccess, saved.data, defaults, gridKey, userId],
  );
  if (!initial) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={`${label}: loading the saved layout`}>
        <Skeleton height={30} width={160} ml="auto" />
        <Skeleton height={36} />
        {columns.length > 0 && [0, 1, 2].map((i) => <Skeleton key={i} height={28} />)}
      </Stack>
    );
  }
  return <LoadedGrid key={`${gridKey}:${userId}`} {...props} defaults={defaults} initial={initial} />;
}

function LoadedGrid<Row>(props: DataGridProps<Row> & { defaults: GridDefaults; initial: GridArrangement }) {
  const { gridKey, userId, columns, queryKey, fetchPage, rowKey, label, onRowClick, toolbar, defaults, initial } = props;
  // Read at once, not in an effect, so a phone never paints the wide table first.
  const isPhone = useMediaQuery(GRID_PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const fields = useMemo(() => columns.map((c) => c.field as string), [columns]);
  const grid = useGridState(gridKey, userId, fields, defaults, initial);
  const { request, order, widths, hidden } = grid;

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
    () => order.filter((f) => !hidden.includes(f)).map((f) => columns.find((c) => c.field === f)).filter((c): c is GridColumn<Row> => Boolean(c)),
    [order, hidden, columns],
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
      <GridToolbar columns={ordered} allColumns={columns} request={request} grid={grid} isPhone={isPhone}>
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
        isTotalCapped={query.data?.isTotalCapped === true}
        take={request.take}
        skip={request.skip}
        onPage={grid.setPage}
        onPageSize={grid.setPageSize}
        compact={isPhone}
      />
    </Stack>
  );
}
