import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { BoardHeader } from './board-header';
import { BoardLanes, optionsOf } from './board-lanes';
import { RoleBoardCard } from './role-board-card';
import { roleBoardQuery, type BoardColumn, type RoleBoardFilters, type RoleBoardName, type WorkOrderBoardAnswer } from './role-boards-api';

/** Cards a column holds at first, and after "Show more" (the server's most). */
const FIRST_TAKE = 25;
const MORE_TAKE = 100;

interface RoleBoardProps {
  board: RoleBoardName;
  title: string;
  /** What the board holds, under its title. */
  description: string;
  /** Whether the cards show their work order's quote. */
  showQuote?: boolean;
}

/** The cards of a column, then how many more it holds than it shows. */
function ColumnCards({ column, showQuote, take, onMore }: { column: BoardColumn; showQuote: boolean; take: number; onMore: () => void }) {
  const more = column.count - column.cards.length;
  return (
    <Stack gap="xs">
      {column.cards.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing waits here.
        </Text>
      )}
      {column.cards.map((card) => (
        <RoleBoardCard key={card.workOrderId} card={card} showQuote={showQuote} />
      ))}
      {more > 0 && (
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="dimmed" data-testid="column-more">
            {more} more
          </Text>
          {take < MORE_TAKE ? (
            <Button size="xs" variant="subtle" onClick={onMore}>
              Show more
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Narrow with the filters to see them.
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The columns of the board, each with its cards. */
function Columns({ answer, showQuote, take, onMore }: { answer: WorkOrderBoardAnswer; showQuote: boolean; take: number; onMore: () => void }) {
  return (
    <BoardLanes lanes={answer.columns} noun="work order">
      {(column) => <ColumnCards column={column} showQuote={showQuote} take={take} onMore={onMore} />}
    </BoardLanes>
  );
}

/**
 * A role board (the data specialist's, the quote specialist's): the company's work orders a column per status, each
 * card to its work order, filtered by technician or customer, live through the work-orders hub.
 */
export function RoleBoard({ board, title, description, showQuote = false }: RoleBoardProps) {
  usePageTitle(title);
  const [filters, setFilters] = useState<RoleBoardFilters>({ technicianId: null, customerId: null, take: FIRST_TAKE });
  const query = useQuery(roleBoardQuery(board, filters));
  const answer = query.data;
  const total = answer?.columns.reduce((sum, c) => sum + c.count, 0);
  const pick = (key: 'technicianId' | 'customerId') => (value: string | null) => setFilters((f) => ({ ...f, [key]: value ? Number(value) : null }));

  return (
    <Stack gap="md">
      <BoardHeader title={title} subtitle={`${description}${total !== undefined ? ` · ${total} work order${total === 1 ? '' : 's'}` : ''}`} onRefresh={() => void query.refetch()} isFetching={query.isFetching} />
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} maw={560}>
        <Select label="Technician" placeholder="Every technician" data={optionsOf(answer?.technicians ?? [])} value={filters.technicianId === null ? null : String(filters.technicianId)} onChange={pick('technicianId')} searchable clearable />
        <Select label="Customer" placeholder="Every customer" data={optionsOf(answer?.customers ?? [])} value={filters.customerId === null ? null : String(filters.customerId)} onChange={pick('customerId')} searchable clearable />
      </Group>
      {query.isPending && <PageLoader label={`Loading the ${title.toLowerCase()}`} />}
      {query.isError && !answer && <LoadFailed title={`The ${title.toLowerCase()} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />}
      {answer && <Columns answer={answer} showQuote={showQuote} take={filters.take} onMore={() => setFilters((f) => ({ ...f, take: MORE_TAKE }))} />}
    </Stack>
  );
}
