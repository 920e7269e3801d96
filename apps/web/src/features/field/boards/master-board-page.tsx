import { Alert, Button, Grid, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { SelectAllMultiSelect } from '../../../components/select-all-multi-select';
import { usePageTitle } from '../../../components/use-page-title';
import { useSearchDebounce } from '../../../lib/debounce';
import { userStatusesQuery } from '../user-status/user-status-api';
import { MapPanel, SIDE_BY_SIDE } from '../map/map-panel';
import type { MapPoint } from '../map/map-points';
import { teamLeaderBoardQuery, type TeamLeaderBoard } from './boards-api';
import { longDay, timeOf } from './board-format';
import { LiveControls, OfflineBanner } from './live-indicator';
import { TechnicianCard } from './technician-card';
import { useTeamLeaderHub } from './use-team-leader-hub';

/** The browser's time zone: the board says so when its times are read in another (the company's). */
const DEVICE_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The technicians' last positions and the day's job sites, as dots on the map. */
function pointsOf(board: TeamLeaderBoard): MapPoint[] {
  const technicians: MapPoint[] = board.technicians.flatMap((t) =>
    t.position
      ? [{ key: `t${t.userId}`, kind: 'technician' as const, ...t.position, label: t.name, detail: `${t.status?.userStatus ?? 'No status'} · seen at ${timeOf(t.position.at, board.timeZone)}${t.position.address ? ` · ${t.position.address}` : ''}` }]
      : [],
  );
  const sites: MapPoint[] = board.jobSites.map((s) => ({
    key: `c${s.customerId}`,
    kind: 'jobSite',
    latitude: s.latitude,
    longitude: s.longitude,
    label: s.name,
    detail: `${s.address}, ${s.city} · ${s.workOrderNumbers.join(', ')}`,
  }));
  // Technicians last, so a technician on site is drawn over the site.
  return [...sites, ...technicians];
}

/**
 * The technicians in the work statuses picked: all of them when none or every status is picked (a technician
 * without a status today shows then too), and the map's dots follow.
 */
function inStatuses(board: TeamLeaderBoard, statusIds: string[], statusCount: number): TeamLeaderBoard {
  if (statusIds.length === 0 || statusIds.length >= statusCount) return board;
  const picked = new Set(statusIds.map(Number));
  return { ...board, technicians: board.technicians.filter((t) => t.status !== null && picked.has(t.status.userStatusId)) };
}

function Filters({ board, date, onDate, search, onSearch, statusIds, onStatuses, statuses }: {
  board: TeamLeaderBoard | undefined;
  date: string | null;
  onDate: (value: string | null) => void;
  search: string;
  onSearch: (value: string) => void;
  statusIds: string[];
  onStatuses: (value: string[]) => void;
  statuses: { value: string; label: string }[];
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Group gap={6} align="flex-end" wrap="nowrap">
        <TextInput
          type="date"
          label="Day"
          value={date ?? board?.date ?? ''}
          onChange={(e) => onDate(e.currentTarget.value || null)}
          w={170}
        />
        <Button variant="default" onClick={() => onDate(null)} disabled={date === null}>
          Today
        </Button>
      </Group>
      <TextInput
        label="Technician"
        placeholder="Find by name"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
      />
      <SelectAllMultiSelect
        label="Work statuses"
        placeholder="Any status"
        data={statuses}
        value={statusIds}
        onChange={onStatuses}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
      />
    </Group>
  );
}

/**
 * The master board (spec platform 2.1, /management/masterBoard): the team leader's technicians for a day with their
 * status, current job and schedule, and a map of where they are and where they go; live through the team-leader hub.
 */
export default function MasterBoardPage() {
  usePageTitle('Master Board');
  const [date, setDate] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [statusIds, setStatusIds] = useState<string[]>([]);
  const debouncedSearch = useSearchDebounce(search);
  const hub = useTeamLeaderHub();
  const statusList = useQuery(userStatusesQuery);
  const statuses = useMemo(() => (statusList.data ?? []).map((s) => ({ value: String(s.userStatusId), label: s.userStatus })), [statusList.data]);
  const board = useQuery(teamLeaderBoardQuery({ date, search: debouncedSearch, userStatusId: null }));
  const shown = useMemo(() => (board.data ? inStatuses(board.data, statusIds, statuses.length) : undefined), [board.data, statusIds, statuses.length]);
  const points = useMemo(() => (shown ? pointsOf(shown) : []), [shown]);
  const isFiltered = debouncedSearch.trim() !== '' || (statusIds.length > 0 && statusIds.length < statuses.length);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Master Board</Title>
          <Text size="sm" c="dimmed">
            {shown ? `${longDay(shown.date)} · ${shown.technicians.length} technician${shown.technicians.length === 1 ? '' : 's'}` : 'Your technicians today'}
          </Text>
          {shown && shown.timeZone !== DEVICE_TIME_ZONE && (
            <Text size="xs" c="dimmed">
              Times are in {shown.timeZone.replace(/_/g, ' ')}, the company&apos;s time zone.
            </Text>
          )}
        </Stack>
        <LiveControls state={hub.state} onRefresh={() => void board.refetch()} isFetching={board.isFetching} />
      </Group>
      {hub.state === 'offline' && <OfflineBanner onReconnect={hub.reconnectNow} />}
      <Filters board={shown} date={date} onDate={setDate} search={search} onSearch={setSearch} statusIds={statusIds} onStatuses={setStatusIds} statuses={statuses} />

      {board.isPending && <PageLoader label="Loading the board" />}
      {board.isError && !board.data && (
        <Alert color="red" title="The board could not be loaded" role="alert">
          <Button size="xs" variant="light" color="red" onClick={() => void board.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {shown && (
        <Grid gap="md" type="container" breakpoints={SIDE_BY_SIDE}>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {shown.technicians.length === 0 ? (
              <Stack align="center" gap={4} py="xl" c="dimmed" data-testid="no-technicians">
                <IconUsersGroup size={32} aria-hidden />
                <Text fw={500}>No technicians</Text>
                <Text size="sm">{isFiltered ? 'Nobody matches these filters.' : 'Your company has no active technicians yet.'}</Text>
              </Stack>
            ) : (
              <SimpleGrid type="container" cols={{ base: 1, '40rem': 2 }} spacing="md" verticalSpacing="md">
                {shown.technicians.map((t) => (
                  <TechnicianCard key={t.userId} technician={t} timeZone={shown.timeZone} />
                ))}
              </SimpleGrid>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 56px) + var(--mantine-spacing-md))' }}>
              <MapPanel points={points} h={{ base: 300, sm: 420 }} emptyText="No positions or job sites this day." />
            </div>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
