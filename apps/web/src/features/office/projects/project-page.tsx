import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { moneyText, PROJECTS_PATH, PROJECTS_WRITE_ACCESS, satisfies, type ProjectDetail } from '@sm/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { ProjectDialog } from './project-dialog';
import { CrewSection, PermitsSection, SubcontractorsSection } from './project-parts';
import { ProjectWorkOrders } from './project-work-orders';
import { dateText, ProgressLine } from './project-progress';
import { useProject } from './projects-api';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** Cost to date (labor and materials of the work orders) against the budget, and what is subcontracted. */
function CostCard({ project }: { project: ProjectDetail }) {
  const { cost } = project;
  const isOver = cost.remaining !== null && cost.remaining.startsWith('-');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="cost-title">
      <Title order={2} size="h5" id="cost-title" mb="xs">
        Cost to date
      </Title>
      <SimpleGrid cols={2} spacing="xs">
        <Fact label="Labor">{moneyText(cost.labor)}</Fact>
        <Fact label="Materials">{moneyText(cost.materials)}</Fact>
        <Fact label="Total">
          <span data-testid="cost-total">{moneyText(cost.total)}</span>
        </Fact>
        <Fact label="Budget">{project.budget === null ? 'None' : moneyText(project.budget)}</Fact>
        {cost.remaining !== null && (
          <Fact label={isOver ? 'Over budget' : 'Remaining'}>
            <Text span c={isOver ? 'red.8' : 'teal.9'} fw={600} inherit>
              {moneyText(cost.remaining.replace('-', ''))}
            </Text>
          </Fact>
        )}
        <Fact label="Subcontracted">{moneyText(cost.subcontracted)}</Fact>
      </SimpleGrid>
    </Card>
  );
}

/** `/management/projects/{projectId}`: one project with its progress, cost, work orders and their jobs, crew, permits and subcontractors. */
export default function ProjectPage() {
  const projectId = Number(useParams().projectId);
  const query = useProject(projectId);
  const project = query.data;
  usePageTitle(project ? `Project ${project.projectNumber}` : 'Project');
  const { access } = useSignedIn();
  const mayWrite = satisfies(access, PROJECTS_WRITE_ACCESS);
  const [isEditing, setEditing] = useState(false);
  if (query.isPending) return <PageLoader label="Loading the project" />;
  if (!project) return <LoadFailed title="The project could not be loaded" error={query.error ?? new Error('Not found')} onRetry={() => void query.refetch()} />;
  const dates = [dateText(project.startDate), dateText(project.targetDate)].filter(Boolean).join(' → ');
  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={PROJECTS_PATH} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} /> Projects
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} size="h2">
              {project.projectNumber} · {project.name}
            </Title>
            <Badge variant="light" tt="none" data-testid="project-status">
              {project.jobStatus}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[project.customerName, project.projectType, project.projectManagerName ? `Managed by ${project.projectManagerName}` : 'No project manager', dates].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {mayWrite && (
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            Edit project
          </Button>
        )}
      </Group>
      {project.description && <Text size="sm">{project.description}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="progress-title">
          <Title order={2} size="h5" id="progress-title" mb="xs">
            Progress
          </Title>
          <Text size="xl" fw={700} data-testid="progress-percent">
            {project.progress.percent === null ? '—' : `${project.progress.percent}%`}
          </Text>
          <ProgressLine progress={project.progress} />
        </Card>
        <CostCard project={project} />
      </SimpleGrid>
      <ProjectWorkOrders project={project} mayWrite={mayWrite} />
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <CrewSection project={project} mayWrite={mayWrite} />
        <PermitsSection project={project} mayWrite={mayWrite} />
        <SubcontractorsSection project={project} mayWrite={mayWrite} />
      </SimpleGrid>
      {isEditing && <ProjectDialog project={project} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
