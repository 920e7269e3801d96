import { Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListCheck } from '@tabler/icons-react';
import { AGING_BUCKET_LABELS, COLLECTION_ACTIONS, COLLECTION_OUTCOMES, COLLECTION_WRITE, formatDate, moneyText, satisfies, type CollectionTask } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyPanel, ListFooter, LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { collectionTasksQuery, useRunCollectionTasks } from './collection-tasks-api';
import { TaskResultDialog } from './task-result-dialog';

const PAGE_SIZE = 50;
type State = 'open' | 'done' | 'all';

const actionLabel = (a: CollectionTask['action']) => COLLECTION_ACTIONS.find((x) => x.value === a)?.label ?? a;
const outcomeLabel = (o: CollectionTask['outcome']) => COLLECTION_OUTCOMES.find((x) => x.value === o)?.label ?? '';

/** What a task's result says, or when it is due. */
function StatusText({ task, today }: { task: CollectionTask; today: string }) {
  if (task.isDone) {
    const promise = task.outcome === 'promiseToPay' && task.promiseAmount !== null ? `: ${moneyText(task.promiseAmount)} by ${formatDate(task.promiseDate!)}` : '';
    return (
      <Text size="sm">
        {outcomeLabel(task.outcome)}
        {promise}
        <Text span size="xs" c="dimmed" display="block">
          {task.doneByName ?? ''} {task.doneAt ? formatDate(task.doneAt.slice(0, 10)) : ''}
        </Text>
      </Text>
    );
  }
  const late = task.dueDate < today;
  return (
    <Badge color={late ? 'red' : 'blue'} variant={late ? 'filled' : 'light'}>
      {late ? 'Overdue' : 'Open'}
    </Badge>
  );
}

function ResultButton({ task, onResult }: { task: CollectionTask; onResult?: (t: CollectionTask) => void }) {
  if (task.isDone || !onResult) return null;
  return (
    <Button size="xs" variant="light" onClick={() => onResult(task)} aria-label={`Record result: ${task.name} for ${task.customerName}`}>
      Record result
    </Button>
  );
}

interface ListProps {
  tasks: CollectionTask[] | undefined;
  today: string;
  onResult?: (t: CollectionTask) => void;
}

function TaskTable({ tasks, today, onResult }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Collection tasks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Due</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Task</Table.Th>
            <Table.Th ta="right">Owed</Table.Th>
            <Table.Th>Assigned To</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!tasks ? (
            <LoadingRows columns={7} />
          ) : (
            tasks.map((t) => (
              <Table.Tr key={t.taskId} data-testid="collection-task">
                <Table.Td>{formatDate(t.dueDate)}</Table.Td>
                <Table.Td>{t.customerName}</Table.Td>
                <Table.Td>
                  {t.name}
                  <Text span size="xs" c="dimmed" display="block">
                    {actionLabel(t.action)} · {AGING_BUCKET_LABELS[t.bucket]} past due
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{moneyText(t.balance)}</Table.Td>
                <Table.Td>{t.assignedUserName ?? <Text span size="sm" c="dimmed">Anyone</Text>}</Table.Td>
                <Table.Td>
                  <StatusText task={t} today={today} />
                </Table.Td>
                <Table.Td ta="right">
                  <ResultButton task={t} onResult={onResult} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TaskCards({ tasks, today, onResult }: ListProps) {
  if (!tasks) return <Skeleton height={160} aria-busy="true" aria-label="Loading the tasks" />;
  return (
    <Stack gap="xs">
      {tasks.map((t) => (
        <Card key={t.taskId} withBorder padding="sm" data-testid="collection-task">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text fw={600}>{t.customerName}</Text>
              <Text size="sm">
                {actionLabel(t.action)}: {t.name}
              </Text>
              <Text size="xs" c="dimmed">
                Due {formatDate(t.dueDate)} · {AGING_BUCKET_LABELS[t.bucket]} · owed {moneyText(t.balance)} · {t.assignedUserName ?? 'Anyone'}
              </Text>
            </div>
            <StatusText task={t} today={today} />
          </Group>
          {!t.isDone && onResult && (
            <Group mt="xs" grow>
              <ResultButton task={t} onResult={onResult} />
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * `/collection/tasks` (spec platform 2.1): the calls, e-mails and letters the collection templates gave the office,
 * the caller's own first when "Mine only" is on; Record result marks one done with its outcome. The tasks are made
 * every night; "Make today's tasks" makes them now.
 */
export default function CollectionTasksPage() {
  usePageTitle('Collection Tasks');
  const { access } = useSignedIn();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const mayWork = satisfies(access, COLLECTION_WRITE);
  const [state, setState] = useState<State>('open');
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const [recording, setRecording] = useState<CollectionTask | null>(null);
  const tasks = useQuery(collectionTasksQuery({ state, mine: mine ? 'true' : undefined, take: String(PAGE_SIZE), skip: String((page - 1) * PAGE_SIZE) }));
  const run = useRunCollectionTasks();
  const today = tasks.data?.asOf ?? '';
  const makeNow = () =>
    run.mutate(undefined, { onSuccess: (a) => notifySuccess(a.tasksCreated === 0 ? 'Every task due was already made.' : `${a.tasksCreated} task${a.tasksCreated === 1 ? '' : 's'} made.`) });
  const list = { tasks: tasks.data?.data, today, onResult: mayWork ? setRecording : undefined };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>Collection Tasks</Title>
          <Text size="sm" c="dimmed">
            Calls, e-mails and letters owed to customers with invoices past due, made every night from the collection task templates.
          </Text>
        </Stack>
        {mayWork && (
          <Button leftSection={<IconListCheck size={16} />} variant="light" loading={run.isPending} onClick={makeNow}>
            Make today&apos;s tasks
          </Button>
        )}
      </Group>
      <Group gap="md" align="center" wrap="wrap">
        <SegmentedControl
          aria-label="Which tasks"
          value={state}
          onChange={(v) => {
            setState(v as State);
            setPage(1);
          }}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'done', label: 'Done' },
            { value: 'all', label: 'All' },
          ]}
        />
        <Switch
          label="Mine only"
          checked={mine}
          onChange={(e) => {
            setMine(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {tasks.isError ? (
        <LoadFailed title="The collection tasks could not be read" error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : tasks.data && tasks.data.total === 0 ? (
        <div data-testid="tasks-empty">
          <EmptyPanel
            title={state === 'done' ? 'No task is done yet.' : mine ? 'No task is given to you.' : 'No collection task is open.'}
            hint="Tasks are made from the collection task templates for customers whose oldest invoice is past due."
          />
        </div>
      ) : (
        <Stack gap="xs" aria-busy={tasks.isFetching}>
          {isPhone ? <TaskCards {...list} /> : <TaskTable {...list} />}
          <ListFooter total={tasks.data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} noun={(n) => (n === 1 ? 'task' : 'tasks')} />
        </Stack>
      )}
      {recording && <TaskResultDialog task={recording} onClose={() => setRecording(null)} />}
    </Stack>
  );
}
