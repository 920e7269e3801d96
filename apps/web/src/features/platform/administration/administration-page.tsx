import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { referenceListAccess, satisfies, type ReferenceListDefinition } from '@sm/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../auth/session-context';
import { readableLists, readableSettings, REFERENCE_LIST_ICONS } from './administration-index';

/** The cards of some lists, each saying whether the user may change it. */
function ListCards({ lists, label }: { lists: ReferenceListDefinition[]; label: string }) {
  const { access } = useSignedIn();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="nav" aria-label={label}>
      {lists.map((d) => {
        const Icon = REFERENCE_LIST_ICONS[d.key];
        const canWrite = !d.isReadOnly && satisfies(access, referenceListAccess(d, 'write'));
        return (
          <Card key={d.key} component={Link} to={d.path} withBorder padding="lg" radius="md" shadow="xs">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size="lg" variant="light">
                <Icon size={20} />
              </ThemeIcon>
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{d.title}</Text>
                  {!canWrite && (
                    <Badge size="xs" variant="light" color="gray">
                      Read only
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {d.description}
                </Text>
              </Stack>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** The administration index: a card for each list the user may open, saying whether they may change it; the lists of a group (Job Settings) under its heading. */
export default function AdministrationPage() {
  usePageTitle('Administration');
  const { access } = useSignedIn();
  const lists = readableLists(access);
  const settings = readableSettings(access);
  const groups = [...new Set(lists.flatMap((d) => (d.group ? [d.group] : [])))];
  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={2}>
        <Title order={2}>Administration</Title>
        <Text size="sm" c="dimmed">
          The lists your company's work orders, customers and people are described with.
        </Text>
      </Stack>
      {lists.length === 0 ? (
        settings.length === 0 && <Text c="dimmed">You may not open any of the administration lists. Ask an administrator if you need one.</Text>
      ) : (
        <>
          {lists.some((d) => !d.group) && <ListCards lists={lists.filter((d) => !d.group)} label="Administration lists" />}
          {groups.map((group) => (
            <Stack key={group} gap="md">
              <Title order={3} size="h4" mt="xs">
                {group}
              </Title>
              <ListCards lists={lists.filter((d) => d.group === group)} label={group} />
            </Stack>
          ))}
        </>
      )}
      {settings.length > 0 && (
        <>
          <Title order={3} size="h4" mt="xs">
            Settings
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="nav" aria-label="Administration settings">
            {settings.map((a) => (
              <Card key={a.path} component={Link} to={a.path} withBorder padding="lg" radius="md" shadow="xs">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon size="lg" variant="light">
                    <a.icon size={20} />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Text fw={600}>{a.label}</Text>
                    <Text size="sm" c="dimmed">
                      {a.description}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
