import { ActionIcon, Alert, Button, Grid, Stack, Text, Title, Tooltip, Group } from '@mantine/core';
import { IconCalendarOff, IconRefresh, IconTool } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { MapPanel, SIDE_BY_SIDE } from '../map/map-panel';
import type { MapPoint } from '../map/map-points';
import { workOrderQuery } from '../../office/work-orders/edit/work-order-api';
import { deviceDay, myRouteQuery, type ScheduleItem } from './boards-api';
import { RouteItemCard } from './route-item-card';

/** The job sites of the day's work orders, from each work order's customer (the same query the work order page uses). */
function useJobSites(items: ScheduleItem[]): MapPoint[] {
  const numbers = [...new Set(items.map((i) => i.workOrderNumber).filter((n): n is string => n !== null))];
  const details = useQueries({ queries: numbers.map((n) => ({ ...workOrderQuery(n), staleTime: 5 * 60_000 })) });
  const points = new Map<number, MapPoint>();
  for (const d of details) {
    const c = d.data?.customer;
    if (!c || c.latitude === null || c.longitude === null) continue;
    const known = points.get(c.customerId);
    const detail = known ? `${known.detail}, ${d.data!.workOrderNumber}` : `${c.address}, ${c.city} · ${d.data!.workOrderNumber}`;
    points.set(c.customerId, { key: `c${c.customerId}`, kind: 'jobSite', latitude: c.latitude, longitude: c.longitude, label: c.name, detail });
  }
  return [...points.values()];
}

function InProgress({ item }: { item: ScheduleItem }) {
  return (
    <Alert color="teal" variant="light" icon={<IconTool />} data-testid="route-in-progress">
      <Text size="sm">
        <Text span fw={600} inherit>
          {item.anyEnrouteLaborMine ? 'On the way to' : 'In progress:'} {item.workOrderNumber}
        </Text>
        {item.workOrderCustomer ? ` · ${item.workOrderCustomer}` : ''}
      </Text>
    </Alert>
  );
}

/**
 * My Route (spec platform 2.1, /techScheduledRoute): the signed-in technician's schedule for today on this device,
 * in time order, with Start and Stop on their work orders (spec platform 4.3) and a map of the job sites below.
 */
export default function TechRoutePage() {
  usePageTitle('My Route');
  const { user } = useSignedIn();
  const [day] = useState(() => deviceDay());
  const route = useQuery(myRouteQuery(user.userId, day));
  const items = useMemo(() => route.data ?? [], [route.data]);
  const sites = useJobSites(items);
  const running = items.find((i) => i.isOpenLaborMine);
  const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(day.start));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2}>My Route</Title>
          <Text size="sm" c="dimmed">
            Today, {today}
          </Text>
        </Stack>
        <Tooltip label="Refresh">
          <ActionIcon variant="subtle" size="xl" aria-label="Refresh my route" onClick={() => void route.refetch()} loading={route.isFetching}>
            <IconRefresh size={22} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {route.isPending && <PageLoader label="Loading your route" />}
      {route.isError && (
        <Alert color="red" title="Your route could not be loaded" role="alert">
          <Button size="xs" variant="light" color="red" onClick={() => void route.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {route.data && running && <InProgress item={running} />}
      {route.data && (
        <Grid gap="md" type="container" breakpoints={SIDE_BY_SIDE}>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {items.length === 0 ? (
              <Stack align="center" gap={4} py="xl" c="dimmed" data-testid="route-empty">
                <IconCalendarOff size={32} aria-hidden />
                <Text fw={500}>Nothing scheduled today</Text>
                <Text size="sm">New visits show here as soon as they are planned.</Text>
              </Stack>
            ) : (
              <Stack component="ol" gap="sm" p={0} m={0} aria-label="Today's schedule">
                {items.map((item) => (
                  <RouteItemCard key={`${item.id}-${item.start}`} item={item} />
                ))}
              </Stack>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <MapPanel points={sites} h={{ base: 280, sm: 400 }} emptyText="No job sites to show today." />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
