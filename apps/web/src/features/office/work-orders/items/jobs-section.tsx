import { Checkbox, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canWrite, type WorkOrderJob } from '@sm/shared';
import { useSignedIn } from '../../../platform/auth/session-context';
import { AddLink, DeleteButton, ItemSection } from './item-section';
import { itemPath } from './items-paths';
import { jobsQuery, useDeleteJob, useSetJobCompleted } from './items-api';
import { useTicks } from './use-ticks';

interface Props {
  workOrderId: number;
  workOrderNumber: string;
  isSurvey: boolean;
}

/** The jobs, or the survey jobs, of the work order: tick one done; Delete asks first. Both lists share one request. */
export function JobsSection({ workOrderId, workOrderNumber, isSurvey }: Props) {
  const { access } = useSignedIn();
  const query = useQuery({ ...jobsQuery(workOrderId), select: (jobs: WorkOrderJob[]) => jobs.filter((j) => j.isSurvey === isSurvey) });
  const setCompleted = useSetJobCompleted(workOrderId);
  const remove = useDeleteJob(workOrderId);
  const mayWrite = canWrite(access, 'Work Orders');
  const noun = isSurvey ? 'survey job' : 'job';
  const ticks = useTicks((id, isCompleted, done) => setCompleted.mutate({ id, isCompleted }, { onSettled: done }));
  return (
    <ItemSection
      title={isSurvey ? 'Survey Jobs' : 'Jobs'}
      query={query}
      actions={mayWrite && <AddLink to={itemPath(workOrderNumber, isSurvey ? 'surveyJob' : 'job')} label={isSurvey ? 'Add Survey Job' : 'Add Job'} />}
      isEmpty={(jobs) => jobs.length === 0}
      emptyText={isSurvey ? 'No survey jobs yet.' : 'No jobs yet.'}
    >
      {(jobs) => (
        <Stack gap={4}>
          {jobs.map((j) => (
            <Group key={j.workOrderJobId} justify="space-between" wrap="nowrap" gap="xs" data-testid={isSurvey ? 'survey-job-row' : 'job-row'}>
              <Checkbox
                size="md"
                py={6}
                checked={ticks.shown(j.workOrderJobId, j.isCompleted)}
                disabled={!mayWrite || ticks.isTicking(j.workOrderJobId)}
                onChange={(e) => ticks.tick(j.workOrderJobId, e.currentTarget.checked)}
                label={j.title}
                description={j.description ?? undefined}
                styles={{ label: { overflowWrap: 'anywhere', textDecoration: ticks.shown(j.workOrderJobId, j.isCompleted) ? 'line-through' : undefined } }}
              />
              {mayWrite && <DeleteButton what={`${noun} "${j.title}"`} isPending={remove.isPending} onConfirmed={() => remove.mutate(j.workOrderJobId)} />}
            </Group>
          ))}
        </Stack>
      )}
    </ItemSection>
  );
}
