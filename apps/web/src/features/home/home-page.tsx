import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAreas, visibleAreasOf } from '../../areas/areas-context';
import { HOME_PATH } from '../../areas/area-types';
import { usePageTitle } from '../../components/use-page-title';
import { useSignedIn } from '../auth/session-context';
import { currentUserStatusQuery } from '../user-status/user-status-api';

/** The welcome page: who you are, your current status, and cards to the areas you may open. */
export default function HomePage() {
  usePageTitle('Home');
  const { user, access } = useSignedIn();
  const status = useQuery(currentUserStatusQuery);
  const areas = visibleAreasOf(useAreas(), access).filter((area) => area.path !== HOME_PATH);
  const statusLabel = status.data?.userStatus ?? user.userStatus ?? 'Not set';

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
      {areas.length === 0 ? (
        <Text c="dimmed">There is nothing else for you to open yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {areas.map((area) => {
            const Icon = area.icon;
            return (
              <Card key={area.path} component={Link} to={area.path} withBorder padding="lg" radius="md" shadow="xs">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon size="lg" variant="light">
                    <Icon size={20} />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Text fw={600}>{area.label}</Text>
                    <Text size="sm" c="dimmed">
                      {area.description}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
