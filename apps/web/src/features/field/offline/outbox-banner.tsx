import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { dismissOutboxEntry, flushOutbox, type OutboxEntry } from '../../../lib/offline/outbox';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { formatDateTime } from '@sm/shared';

export const waitingText = (n: number) => `${n} ${n === 1 ? 'action' : 'actions'} waiting to send`;

/**
 * Above every page while anything the technician did is still on the phone: "N actions waiting to send", the list on
 * demand, and each action the server refused with its sentence until dismissed. Nothing shows when nothing waits.
 */
export function OutboxBanner() {
  const entries = useOutbox();
  const [open, { toggle }] = useDisclosure(false);
  useRefreshWhenSent(entries.filter((e) => e.state === 'waiting').length);
  if (entries.length === 0) return null;
  const waiting = entries.filter((e) => e.state === 'waiting');
  const refused = entries.filter((e) => e.state === 'refused');
  return (
    <Stack gap="xs" mb="md">
      {waiting.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconCloudUpload />} p="xs" data-testid="outbox-waiting">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600} role="status">
              {waitingText(waiting.length)}
            </Text>
            <Group gap="xs">
              <Anchor component="button" type="button" size="sm" onClick={toggle} aria-expanded={open}>
                {open ? 'Hide' : 'Show'}
              </Anchor>
              <Button size="compact-sm" variant="light" color="orange" onClick={() => void flushOutbox()}>
                Send now
              </Button>
            </Group>
          </Group>
          {open && (
            <Stack gap={2} mt="xs">
              <Text size="xs" c="dimmed">
                Kept on this phone and sent in order when the network returns.
              </Text>
              {waiting.map((e) => (
                <EntryLine key={e.key} entry={e} />
              ))}
            </Stack>
          )}
        </Alert>
      )}
      {refused.map((e) => (
        <Alert key={e.key} color="red" variant="light" icon={<IconAlertTriangle />} p="xs" title={<RefusedTitle entry={e} />}>
          <Text size="sm">{e.refusal}</Text>
          <Group justify="space-between" mt={4} gap="xs">
            <Text size="xs" c="dimmed">
              Done on this phone {formatDateTime(e.deviceTime)}; the office sees it too.
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => e.seq !== undefined && void dismissOutboxEntry(e.seq)}>
              Dismiss
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

/** When waiting actions have been sent, the pages read what the server now holds. */
function useRefreshWhenSent(waitingCount: number) {
  const queryClient = useQueryClient();
  const before = useRef(waitingCount);
  useEffect(() => {
    if (waitingCount < before.current) void queryClient.invalidateQueries();
    before.current = waitingCount;
  }, [waitingCount, queryClient]);
}

function EntryLine({ entry }: { entry: OutboxEntry }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm">{entry.label}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(entry.deviceTime)}
      </Text>
    </Group>
  );
}

function RefusedTitle({ entry }: { entry: OutboxEntry }) {
  return (
    <Group gap="xs">
      <Text size="sm" fw={600} span>
        {entry.label}
      </Text>
      <Badge color="red" variant="light" size="sm">
        Not recorded
      </Badge>
    </Group>
  );
}
