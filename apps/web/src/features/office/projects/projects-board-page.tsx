import { Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PROJECTS_WRITE_ACCESS, satisfies, type Project } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { BoardHeader } from '../role-boards/board-header';
import { BoardLanes, optionsOf } from '../role-boards/board-lanes';
import { projectPath } from './project-paths';
import { dateText, ProgressLine } from './project-progress';
import { ProjectDialog } from './project-dialog';
import { projectBoardQuery, type ProjectBoardFilters } from './projects-api';

function ProjectCard({ project }: { project: Project }) {
  const dates = [dateText(project.startDate), dateText(project.targetDate)].filter(Boolean).join(' → ');
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Project ${project.projectNumber}`} data-testid="project-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={projectPath(project.projectId)} fw={700} size="sm" lineClamp={1}>
            {project.projectNumber} · {project.name}
          </Anchor>
          {project.projectType && (
            <Badge variant="light" color="gray" tt="none">
              {project.projectType}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={500} lineClamp={1}>
          {project.customerName}
        </Text>
        <Text size="xs" c="dimmed">
          {project.projectManagerName ?? 'No project manager'}
          {dates ? ` · ${dates}` : ''}
        </Text>
        <ProgressLine progress={project.progress} />
      </Stack>
    </Paper>
  );
}

/**
 * `/management/projects` (spec platform 2.1, the project manager's landing): the company's projects a column per job
 * status, each card to its project, filtered by project manager, status and customer, live.
 */
export default function ProjectsBoardPage() {
  usePageTitle('Projects');
  const { access } = useSignedIn();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ProjectBoardFilters>({ projectManagerId: null, jobStatusId: null, customerId: null });
  const [isAdding, setAdding] = useState(false);
  const query = useQuery(projectBoardQuery(filters));
  const answer = query.data;
  const total = answer?.columns.reduce((sum, c) => sum + c.count, 0);
  const pick = (key: keyof ProjectBoardFilters) => (value: string | null) => setFilters((f) => ({ ...f, [key]: value ? Number(value) : null }));
  const value = (v: number | null) => (v === null ? null : String(v));
  const lanes = (answer?.columns ?? []).map((c) => ({ ...c, key: String(c.jobStatusId) }));
  const mayWrite = satisfies(access, PROJECTS_WRITE_ACCESS);
  return (
    <Stack gap="md">
      <BoardHeader title="Projects" subtitle={`Jobs done over many visits, by job status${total !== undefined ? ` · ${total} project${total === 1 ? '' : 's'}` : ''}`} onRefresh={() => void query.refetch()} isFetching={query.isFetching} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: '1 1 30rem' }} maw={900}>
          <Select label="Project manager" placeholder="Every manager" data={optionsOf(answer?.projectManagers ?? [])} value={value(filters.projectManagerId)} onChange={pick('projectManagerId')} searchable clearable />
          <Select label="Job status" placeholder="Every status" data={optionsOf((answer?.columns ?? []).map((c) => ({ id: c.jobStatusId, name: c.title })))} value={value(filters.jobStatusId)} onChange={pick('jobStatusId')} clearable />
          <Select label="Customer" placeholder="Every customer" data={optionsOf(answer?.customers ?? [])} value={value(filters.customerId)} onChange={pick('customerId')} searchable clearable />
        </SimpleGrid>
        {mayWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} ml="auto">
            New project
          </Button>
        )}
      </Group>
      {query.isPending && <PageLoader label="Loading the projects" />}
      {query.isError && !answer && <LoadFailed title="The projects could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {answer && lanes.length === 0 && (
        <Text c="dimmed">Your company has no job statuses yet: add them under Administration, Job Settings, Job Statuses.</Text>
      )}
      {answer && (
        <BoardLanes lanes={lanes} noun="project" wideColumns={5}>
          {(lane) => (
            <Stack gap="xs">
              {lane.projects.length === 0 && (
                <Text size="sm" c="dimmed">
                  No project here.
                </Text>
              )}
              {lane.projects.map((p) => (
                <ProjectCard key={p.projectId} project={p} />
              ))}
            </Stack>
          )}
        </BoardLanes>
      )}
      {isAdding && <ProjectDialog project={null} onClose={() => setAdding(false)} onSaved={(p) => void navigate(projectPath(p.projectId))} />}
    </Stack>
  );
}
