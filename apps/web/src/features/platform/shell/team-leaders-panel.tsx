import { Anchor, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TeamLeader } from '@sm/shared';
import { apiGet } from '../../../lib/api';

const teamLeadersQuery = {
  queryKey: ['user', 'myTeamLeaders'] as const,
  queryFn: () => apiGet<TeamLeader[]>('User/myTeamLeaders'),
  staleTime: 5 * 60_000,
};

function TeamLeaderItem({ leader }: { leader: TeamLeader }) {
  return (
    <Stack gap={2} component="li" style={{ listStyle: 'none' }}>
      <Text fw={500} size="sm">
        {leader.name}
      </Text>
      {leader.phone && (
        <Anchor href={`tel:${leader.phone}`} size="sm">
          <Group gap={4} wrap="nowrap" mih={24}>
            <IconPhone size={14} aria-hidden />
            {leader.phone}
          </Group>
        </Anchor>
      )}
      {leader.email && (
        <Anchor href={`mailto:${leader.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
          <Group gap={4} wrap="nowrap" mih={24}>
            <IconMail size={14} aria-hidden />
            {leader.email}
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}

/** The 'my team leaders' panel: who to call, with phone and e-mail links. */
export function TeamLeadersPanel() {
  const { data, isPending, isError } = useQuery(teamLeadersQuery);
  return (
    <Stack gap="sm" h="100%">
      <Title order={2} size="h5">
        My Team Leaders
      </Title>
      {isPending && <Loader size="sm" role="status" aria-label="Loading team leaders" />}
      {isError && (
        <Text size="sm" c="dimmed">
          Team leaders could not be loaded.
        </Text>
      )}
      {data && data.length === 0 && (
        <Stack align="center" gap={4} py="md" c="dimmed">
          <IconUserOff size={28} aria-hidden />
          <Text size="sm">No team leaders yet.</Text>
        </Stack>
      )}
      {data && data.length > 0 && (
        <ScrollArea flex={1} type="auto">
          <Stack component="ul" gap="md" p={0} m={0} aria-label="Team leaders">
            {data.map((leader) => (
              <TeamLeaderItem key={leader.userId} leader={leader} />
            ))}
          </Stack>
        </ScrollArea>
      )}
    </Stack>
  );
}
