import { Group, Stack, Text, Title } from '@mantine/core';
import { WORK_ORDERS_HUB_PATH } from '@sm/shared';
import { LiveControls, OfflineBanner } from '../../field/boards/live-indicator';
import { useRefreshingHub } from '../../field/boards/use-team-leader-hub';
import { ROLE_BOARD_QUERY_KEY } from './role-boards-api';

/**
 * The title of a role board with what it shows, whether it follows the work-orders hub live (it reads its queries
 * again on each work-order change), and a Refresh button; a banner while the hub is offline.
 */
export function BoardHeader({ title, subtitle, onRefresh, isFetching }: { title: string; subtitle: string; onRefresh: () => void; isFetching: boolean }) {
  const hub = useRefreshingHub(WORK_ORDERS_HUB_PATH, ROLE_BOARD_QUERY_KEY);
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        </Stack>
        <LiveControls state={hub.state} onRefresh={onRefresh} isFetching={isFetching} />
      </Group>
      {hub.state === 'offline' && <OfflineBanner onReconnect={hub.reconnectNow} />}
    </>
  );
}
