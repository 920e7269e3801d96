import { Anchor, Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { PROJECTS_WRITE_ACCESS, satisfies, type JobCard } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { BoardHeader } from '../role-boards/board-header';
import { BoardLanes, optionsOf } from '../role-boards/board-lanes';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { projectPath } from './project-paths';
import { JobTick } from './project-work-orders';
import { jobsBoardQuery, type JobsBoardFilters } from './projects-api';

function JobCardView({ card, mayWrite }: { card: JobCard; mayWrite: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Job ${card.title}`} data-testid="job-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={workOrderEditPath(card.workOrderNumber)} fw={700} size="sm">
            {card.workOrderNumber}
          </Anchor>
          {card.isSurvey && (
            <Badge size="sm" variant="light" color="grape" tt="none">
              Survey
            </Badge>
          )}
        </Group>
        <JobTick job={card} mayWrite={mayWrite} />
        {card.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {card.description}
          </Text>
        )}
        <Text size="sm" fw={500} lineClamp={1}>
          {card.customerName}
        </Text>
        <Text size="xs">{card.technicians.length > 0 ? card.technicians.join(', ') : 'No technician'}</Text>
        {card.projectId !== null && (
          <Anchor component={Link} to={projectPath(card.projectId)} size="xs">
            Project: {card.projectName}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `/management/workOrderJobs` (spec platform 2.1): the jobs and survey jobs of the company's work orders still to do,
 * and the latest done, filtered by technician, customer and project; a job is ticked done on its card.
 */
export default function WorkOrderJobsBoardPage() {
  usePageTitle('Work Order Jobs');
  const { access } = useSignedIn();
  const mayWrite = satisfies(access, PROJECTS_WRITE_ACCESS);
  const [filters, setFilters] = useState<JobsBoardFilters>({ technicianId: null, customerId: null, projectId: null });
  const query = useQuery(jobsBoardQuery(filters));
  const answer = query.data;
  const open = answer ? answer.columns.filter((c) => c.key !== 'completed').reduce((sum, c) => sum + c.count, 0) : undefined;
  const pick = (key: keyof JobsBoardFilters) => (value: string | null) => setFilters((f) => ({ ...f, [key]: value ? Number(value) : null }));
  const value = (v: number | null) => (v === null ? null : String(v));
  return (
    <Stack gap="md">
      <BoardHeader title="Work Order Jobs" subtitle={`Jobs and survey jobs of the work orders${open !== undefined ? ` · ${open} to do` : ''}`} onRefresh={() => void query.refetch()} isFetching={query.isFetching} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" maw={900}>
        <Select label="Technician" placeholder="Every technician" data={optionsOf(answer?.technicians ?? [])} value={value(filters.technicianId)} onChange={pick('technicianId')} searchable clearable />
        <Select label="Customer" placeholder="Every customer" data={optionsOf(answer?.customers ?? [])} value={value(filters.customerId)} onChange={pick('customerId')} searchable clearable />
        <Select label="Project" placeholder="Every project" data={optionsOf(answer?.projects ?? [])} value={value(filters.projectId)} onChange={pick('projectId')} searchable clearable />
      </SimpleGrid>
      {query.isPending && <PageLoader label="Loading the jobs" />}
      {query.isError && !answer && <LoadFailed title="The jobs could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {answer && (
        <BoardLanes lanes={answer.columns} noun="job" wideColumns={3}>
          {(lane) => (
            <Stack gap="xs">
              {lane.cards.length === 0 && (
                <Text size="sm" c="dimmed">
                  {lane.key === 'completed' ? 'No job is done yet.' : 'Nothing to do here.'}
                </Text>
              )}
              {lane.cards.map((card) => (
                <JobCardView key={card.workOrderJobId} card={card} mayWrite={mayWrite} />
              ))}
              {lane.count > lane.cards.length && (
                <Text size="xs" c="dimmed">
                  {lane.count - lane.cards.length} more: narrow with the filters to see them.
                </Text>
              )}
            </Stack>
          )}
        </BoardLanes>
      )}
    </Stack>
  );
}
