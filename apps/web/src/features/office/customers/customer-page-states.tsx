import { Button, Center, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { ApiError } from '../../../lib/api';
import { CUSTOMER_PATHS } from './customer-paths';

/** The customer id of the current page (`/customer/:customerId`), or 0 when it is not a number. */
export function useCustomerId(): number {
  const raw = useParams().customerId ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
}

/** The page's shape while a customer loads. */
export function CustomerSkeleton({ label = 'Loading customer' }: { label?: string }) {
  return (
    <Stack gap="md" maw={960} role="status" aria-busy="true" aria-label={label}>
      <Skeleton h={30} w={280} />
      <Skeleton h={14} w={200} />
      <Skeleton h={140} radius="md" />
      <Skeleton h={120} radius="md" />
    </Stack>
  );
}

/** A customer that does not exist, or that the user may not see (both answer 404). */
export function CustomerNotFound() {
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%" role="alert">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconUserQuestion size={28} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Customer not found
          </Title>
          <Text c="dimmed" size="sm">
            This customer does not exist, or it is not a customer of the work orders assigned to you.
          </Text>
          <Button component={Link} to={CUSTOMER_PATHS.lookUp} variant="light">
            Look up a customer
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The failure of a customer query: "not found" for a 404, the error panel otherwise. */
export function CustomerLoadError({ error }: { error: Error }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <CustomerNotFound />;
  return <ErrorPanel title="The customer could not be loaded" message={error.message} />;
}
