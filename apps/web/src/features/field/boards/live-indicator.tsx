import { ActionIcon, Alert, Badge, Box, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import type { HubState } from '../../../lib/hub-connection';

const LOOK: Record<HubState, { label: string; color: string; hint: string }> = {
  online: { label: 'Live', color: 'teal', hint: 'Changes appear as they happen.' },
  connecting: { label: 'Connecting…', color: 'gray', hint: 'Connecting for live updates.' },
  offline: { label: 'Offline', color: 'red', hint: 'Live updates are paused.' },
};

/** A small badge saying whether the board follows changes live. */
export function LiveIndicator({ state }: { state: HubState }) {
  const look = LOOK[state];
  return (
    <Badge
      variant="light"
      color={look.color}
      size="lg"
      tt="none"
      title={look.hint}
      data-testid="live-indicator"
      data-state={state}
      leftSection={<Box w={8} h={8} bg={`${look.color}.6`} style={{ borderRadius: '50%' }} aria-hidden />}
    >
      {look.label}
    </Badge>
  );
}

/** Shown while the hub is offline: the board no longer changes by itself until it reconnects. */
export function OfflineBanner({ onReconnect }: { onReconnect: () => void }) {
  return (
    <Alert color="orange" icon={<IconPlugConnectedX />} role="alert" py="xs">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500}>
          Offline — updates paused
        </Text>
        <Button size="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReconnect}>
          Reconnect
        </Button>
      </Group>
    </Alert>
  );
}

/** A live board's corner: whether it follows changes live, and a button to read it again now. */
export function LiveControls({ state, onRefresh, isFetching }: { state: HubState; onRefresh: () => void; isFetching: boolean }) {
  return (
    <Group gap="xs">
      <LiveIndicator state={state} />
      <Tooltip label="Refresh">
        <ActionIcon variant="subtle" size="lg" aria-label="Refresh board" onClick={onRefresh} loading={isFetching}>
          <IconRefresh size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
