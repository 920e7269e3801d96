import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LANDING_PATHS } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { findAreaIn, resolveLandingIn, useAreas, visibleAreasOf } from '../../../areas/areas-context';
import { AREA_DOMAINS, HOME_PATH, type AreaDefinition } from '../../../areas/area-types';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../auth/session-context';
import { currentUserStatusQuery } from '../../field/user-status/user-status-api';
import { AreaLinks, HomeBlock, MyWorkOrdersBlock, WaitingBlock } from './home-blocks';

/** The pages a day is planned and followed on, in the order a person looks for theirs. */
const BOARD_PATHS: readonly string[] = [LANDING_PATHS.dispatcherBoard, LANDING_PATHS.masterBoard, '/techScheduledRoute', LANDING_PATHS.salesScheduler];
/** How many pages the Go to list offers: the navbar holds the rest. */
const GO_TO_COUNT = 6;

/**
 * The pages the Go to list offers: the first pages of each of the user's domains in turn, their own domain first (the
 * one they land in), leaving out what the page already shows.
 */
function goToAreas(visible: readonly AreaDefinition[], landing: AreaDefinition | undefined, shown: ReadonlySet<string>): AreaDefinition[] {
  const first = landing && landing.path !== HOME_PATH ? landing.domain : undefined;
  const order = [...(first ? [first] : []), ...AREA_DOMAINS.filter((d) => d !== first)];
  const byDomain = order.map((domain) => visible.filter((a) => a.domain === domain && a.path !== HOME_PATH && !shown.has(a.path)));
  const picked: AreaDefinition[] = [];
  for (let i = 0; picked.length < GO_TO_COUNT && byDomain.some((list) => list.length > i); i += 1) {
    for (const list of byDomain) if (list[i] && picked.length < GO_TO_COUNT) picked.push(list[i]);
  }
  return picked;
}

/** The welcome page: who you are and your status, then your own work: work orders, boards, what waits, where you go. */
export default function HomePage() {
  usePageTitle('Home');
  const { user, access } = useSignedIn();
  const status = useQuery(currentUserStatusQuery);
  const all = useAreas();
  const visible = visibleAreasOf(all, access);
  const statusLabel = status.data?.userStatus ?? user.userStatus ?? 'Not set';
  const myWorkOrders = visible.find((a) => a.path === LANDING_PATHS.myWorkOrders);
  const boards = BOARD_PATHS.map((path) => visible.find((a) => a.path === path)).filter((a): a is AreaDefinition => a !== undefined);
  const shown = new Set([...boards.map((a) => a.path), ...(myWorkOrders ? [myWorkOrders.path] : [])]);
  const goTo = goToAreas(visible, findAreaIn(all, resolveLandingIn(all, access, null)), shown);

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={2}>Welcome, {user.name}</Title>
        <Text c="dimmed">{user.subscriberName}</Text>
        <Group gap="xs">
          <Text size="sm">Current status:</Text>
          <Badge variant="light" data-testid="home-status">
            {statusLabel}
          </Badge>
          {status.data?.description && (
            <Text size="sm" c="dimmed">
              {status.data.description}
            </Text>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        {myWorkOrders && <MyWorkOrdersBlock area={myWorkOrders} />}
        {boards.length > 0 && (
          <HomeBlock title={boards.length === 1 ? 'My board' : 'My boards'}>
            <AreaLinks areas={boards} label={boards.length === 1 ? 'My board' : 'My boards'} />
          </HomeBlock>
        )}
        <WaitingBlock />
        <HomeBlock title="Go to">
          {goTo.length === 0 ? (
            <Text c="dimmed" size="sm">
              There is nothing else for you to open yet.
            </Text>
          ) : (
            <AreaLinks areas={goTo} label="Go to" />
          )}
        </HomeBlock>
      </SimpleGrid>
    </Stack>
  );
}
