import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../../../components/error-panel';
import { usePageTitle } from '../../../../components/use-page-title';
import { ApiError } from '../../../../lib/api';
import { workOrderQuery, type WorkOrderDetails } from '../edit/work-order-api';
import { WorkOrderNotFound } from '../edit/work-order-page-states';
import { workOrderEditPath } from '../edit/work-order-paths';

interface ItemPageFrameProps {
  title: string;
  /** The page's content for the loaded work order. */
  children: (workOrder: WorkOrderDetails) => ReactNode;
  /** Wider pages (the task list) may use more room on a desktop. */
  maxWidth?: number;
}

/** The work order number of the current sub-path page (`/workOrder/:workOrderNumber/...`). */
export function useWorkOrderNumber(): string {
  return useParams().workOrderNumber ?? '';
}

/**
 * The frame of every page that adds to a work order: it loads the work order named in the path (404 shows "Work
 * order not found"), titles the page, and links back to the work order. Built for a phone first: one column, full
 * width, big targets.
 */
export function ItemPageFrame({ title, children, maxWidth = 560 }: ItemPageFrameProps) {
  const workOrderNumber = useWorkOrderNumber();
  usePageTitle(`${title} - Work Order ${workOrderNumber}`);
  const query = useQuery(workOrderQuery(workOrderNumber));
  const back = (
    <Anchor component={Link} to={workOrderEditPath(workOrderNumber)} size="sm" py={6} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden />
      Work Order {workOrderNumber}
    </Anchor>
  );
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <WorkOrderNotFound workOrderNumber={workOrderNumber} />;
    return <ErrorPanel title="The work order could not be loaded" message={query.error.message} />;
  }
  return (
    <Stack gap="md" maw={maxWidth} w="100%">
      <Stack gap={2}>
        <Group>{back}</Group>
        <Title order={2} size="h3">
          {title}
        </Title>
        {query.data ? (
          <Text size="sm" c="dimmed">
            {query.data.customer.name} · {query.data.problem}
          </Text>
        ) : (
          <Skeleton h={14} w={220} mt={4} />
        )}
      </Stack>
      {query.isPending ? (
        <Paper withBorder radius="md" p="md" role="status" aria-busy="true" aria-label="Loading">
          <Stack gap="sm">
            <Skeleton h={42} />
            <Skeleton h={42} />
            <Skeleton h={42} w="60%" />
          </Stack>
        </Paper>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
