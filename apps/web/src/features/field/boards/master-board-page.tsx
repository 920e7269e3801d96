import { ActionIcon, Alert, Button, Grid, Group, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { userStatusesQuery } from '../user-status/user-status-api';
import { MapPanel, SIDE_BY_SIDE } from '../map/map-panel';
import type { MapPoint } from '../map/map-points';
import { teamLeaderBoardQuery, type TeamLeaderBoard } from './boards-api';
import { longDay, timeOf } from './board-format';
import { LiveIndicator, OfflineBanner } from './live-indicator';
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

function Filters({ board, date, onDate, search, onSearch, statusId, onStatus }: {
  board: TeamLeaderBoard | undefined;
  date: string | null;
  onDate: (value: string | null) => void;
  search: string;
  onSearch: (value: string) => void;
  statusId: string | null;
  onStatus: (value: string | null) => void;
}) {
  const statuses = useQuery(userStatusesQuery);
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
      <Select
        label="Work status"
        placeholder="Any status"
        clearable
        data={(statuses.data ?? []).map((s) => ({ value: String(s.userStatusId), label: s.userStatus }))}
        value={statusId}
        onChange={onStatus}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 180 }}
        comboboxProps={{ withinPortal: true }}
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
  const [statusId, setStatusId] = useState<string | null>(null);
  const [debouncedSearch] = useDebouncedValue(search, AUTOCOMPLETE_DEBOUNCE_MS);
  const hub = useTeamLeaderHub();
  const board = useQuery(teamLeaderBoardQuery({ date, search: debouncedSearch, userStatusId: statusId ? Number(statusId) : null }));
  const points = useMemo(() => (board.data ? pointsOf(board.data) : []), [board.data]);
  const isFiltered = debouncedSearch.trim() !== '' || statusId !== null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Master Board</Title>
          <Text size="sm" c="dimmed">
            {board.data ? `${longDay(board.data.date)} · ${board.data.technicians.length} technician${board.data.technicians.length === 1 ? '' : 's'}` : 'Your technicians today'}
          </Text>
          {board.data && board.data.timeZone !== DEVICE_TIME_ZONE && (
            <Text size="xs" c="dimmed">
              Times are in {board.data.timeZone.replace(/_/g, ' ')}, the company&apos;s time zone.
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <LiveIndicator state={hub.state} />
          <Tooltip label="Refresh">
            <ActionIcon variant="subtle" size="lg" aria-label="Refresh board" onClick={() => void board.refetch()} loading={board.isFetching}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {hub.state === 'offline' && <OfflineBanner onReconnect={hub.reconnectNow} />}
      <Filters board={board.data} date={date} onDate={setDate} search={search} onSearch={setSearch} statusId={statusId} onStatus={setStatusId} />

      {board.isPending && <PageLoader label="Loading the board" />}
      {board.isError && !board.data && (
        <Alert color="red" title="The board could not be loaded" role="alert">
          <Button size="xs" variant="light" color="red" onClick={() => void board.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {board.data && (
        <Grid gap="md" type="container" breakpoints={SIDE_BY_SIDE}>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {board.data.technicians.length === 0 ? (
              <Stack align="center" gap={4} py="xl" c="dimmed" data-testid="no-technicians">
                <IconUsersGroup size={32} aria-hidden />
                <Text fw={500}>No technicians</Text>
                <Text size="sm">{isFiltered ? 'Nobody matches these filters.' : 'Your company has no active technicians yet.'}</Text>
              </Stack>
            ) : (
              <SimpleGrid type="container" cols={{ base: 1, '40rem': 2 }} spacing="md" verticalSpacing="md">
                {board.data.technicians.map((t) => (
                  <TechnicianCard key={t.userId} technician={t} timeZone={board.data.timeZone} />
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
