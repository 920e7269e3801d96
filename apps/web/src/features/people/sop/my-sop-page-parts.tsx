import { Alert, EmptyState, Group, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SopPageHeading } from './sop-page-header';

/**
 * The frame of a page of the caller's own SOP notices, made to be read on a phone: its title and what it is for, an
 * action beside them, then the list, a spinner while it is read, its failure, or what shows when nothing waits.
 */
export function MyNoticesPage(props: {
  title: string;
  description: string;
  action?: ReactNode;
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  empty: { icon: ReactNode; title: string; description: string };
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { title, description, action, isPending, error, isEmpty, empty, children, footer } = props;
  return (
    <Stack gap="md" maw={760}>
      <SopPageHeading title={title} description={description}>
        {action}
      </SopPageHeading>
      {isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label={`Loading ${title.toLowerCase()}`} />
        </Group>
      ) : error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : isEmpty ? (
        <EmptyState icon={empty.icon} withIndicatorBackground title={empty.title} description={empty.description} py="xl" />
      ) : (
        children
      )}
      {footer}
    </Stack>
  );
}
