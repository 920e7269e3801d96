import { Button, Center, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The page's shape while the work order loads. */
export function WorkOrderSkeleton() {
  return (
    <Stack gap="md" maw={1100} role="status" aria-busy="true" aria-label="Loading work order">
      <Group justify="space-between">
        <Stack gap={8}>
          <Skeleton h={30} w={260} />
          <Skeleton h={14} w={160} />
        </Stack>
        <Skeleton h={50} w={{ base: '100%', sm: 280 }} radius="sm" />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton h={130} radius="md" />
        <Skeleton h={130} radius="md" />
      </SimpleGrid>
      <Skeleton h={24} w={80} />
      <Skeleton h={90} radius="md" />
    </Stack>
  );
}

/** A work order that does not exist, or that the user may not see (both answer 404). */
export function WorkOrderNotFound({ workOrderNumber }: { workOrderNumber: string }) {
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%" role="alert">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconFileUnknown size={28} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Work order not found
          </Title>
          <Text c="dimmed" size="sm">
            Work order {workOrderNumber} does not exist, or it is not assigned to you.
          </Text>
          <Button component={Link} to="/workOrder/mine" variant="light">
            Go to My Work Orders
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
