import { Alert, Anchor, Badge, Breadcrumbs, Button, Card, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, satisfies, TIMESHEET_APPROVE, type RequestConflict } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EmptyPanel, LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { apiPost } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { useIsPhone } from '../../field/clock/clock-modal';
import { conflictsQuery, TIMESHEETS_PATH, type ConflictState } from './clock-conflicts-notice';
import { PAYROLL_KEY } from './payroll-api';

type State = ConflictState;

const ACTIONS: Record<string, string> = {
  clockInWorkOrder: 'Start',
  clockOutWorkOrder: 'Stop',
  clockOutAndStartWorkOrder: 'Stop and start the next',
  updatestatus: 'Work status',
  add: 'Add material',
  upload: 'Upload a file',
  signature: 'Signature',
};

/** What the technician did, in words: the action the path names, on the work order the request names. */
export function conflictAction(c: Pick<RequestConflict, 'path' | 'workOrderNumber'>): string {
  const segments = c.path.split('?')[0]!.split('/').filter(Boolean);
  const known = [...segments].reverse().find((s) => s in ACTIONS) ?? segments.at(-1) ?? c.path;
  return `${ACTIONS[known] ?? known}${c.workOrderNumber ? ` on work order ${c.workOrderNumber}` : ''}`;
}

/**
 * `/payroll/clockConflicts`: clock actions a technician did without signal that the server refused when they arrived
 * (another labor open, a locked pay period, the work order changed meanwhile). Payroll applies one as the technician,
 * at a corrected time if need be, or dismisses it with a note.
 */
export default function ClockConflictsPage() {
  usePageTitle('Clock Conflicts');
  const { access } = useSignedIn();
  const mayResolve = satisfies(access, TIMESHEET_APPROVE);
  const [state, setState] = useState<State>('open');
  const conflicts = useQuery(conflictsQuery(state));
  const [resolving, setResolving] = useState<{ conflict: RequestConflict; action: 'apply' | 'dismiss' } | null>(null);
  const isPhone = useIsPhone();
  const list = conflicts.data ?? [];
  return (
    <Stack gap="md" maw={1100}>
      <Breadcrumbs>
        <Anchor component={Link} to={TIMESHEETS_PATH} size="sm">
          Timesheets
        </Anchor>
        <Text size="sm">Clock Conflicts</Text>
      </Breadcrumbs>
      <Stack gap={2}>
        <Title order={2}>Clock Conflicts</Title>
        <Text size="sm" c="dimmed">
          What technicians did without signal that could not be recorded as sent. Apply it as the technician (at a corrected time if need be) or dismiss it.
        </Text>
      </Stack>
      <SegmentedControl
        value={state}
        onChange={(v) => setState(v as State)}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'applied', label: 'Applied' },
          { value: 'dismissed', label: 'Dismissed' },
        ]}
        w="fit-content"
        aria-label="Conflicts to show"
      />
      {conflicts.isError ? (
        <LoadFailed title="The conflicts could not be loaded" error={conflicts.error} onRetry={() => void conflicts.refetch()} />
      ) : !conflicts.isPending && list.length === 0 ? (
        <EmptyPanel title={state === 'open' ? 'No open conflicts' : `No ${state} conflicts`} hint="Clock actions sent late that the server could not record show here." />
      ) : isPhone ? (
        <Stack gap="sm">
          {list.map((c) => (
            <Card key={c.conflictId} withBorder data-testid="clock-conflict">
              <ConflictFacts conflict={c} />
              {mayResolve && c.state === 'open' && <ResolveButtons conflict={c} onResolve={setResolving} />}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped verticalSpacing="sm" aria-label="Clock conflicts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Technician</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Done on the phone</Table.Th>
                <Table.Th>Why it was refused</Table.Th>
                <Table.Th>{state === 'open' ? 'Resolve' : 'Resolution'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflicts.isPending ? (
                <LoadingRows columns={5} />
              ) : (
                list.map((c) => (
                  <Table.Tr key={c.conflictId} data-testid="clock-conflict">
                    <Table.Td>{c.userName}</Table.Td>
                    <Table.Td>{conflictAction(c)}</Table.Td>
                    <Table.Td>
                      {c.deviceTime ? formatDateTime(c.deviceTime) : '—'}
                      <Text size="xs" c="dimmed">
                        received {formatDateTime(c.receivedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.message}</Table.Td>
                    <Table.Td>
                      {c.state === 'open' ? (
                        mayResolve ? <ResolveButtons conflict={c} onResolve={setResolving} /> : <Badge variant="light">Open</Badge>
                      ) : (
                        <Resolution conflict={c} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {resolving && <ResolveDialog {...resolving} onClose={() => setResolving(null)} />}
    </Stack>
  );
}

function ConflictFacts({ conflict: c }: { conflict: RequestConflict }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600}>{c.userName}</Text>
        <Badge variant="light" color={c.state === 'open' ? 'orange' : 'gray'}>
          {c.state}
        </Badge>
      </Group>
      <Text size="sm">{conflictAction(c)}</Text>
      <Text size="sm" c="dimmed">
        Done on the phone {c.deviceTime ? formatDateTime(c.deviceTime) : 'at an unknown time'}, received {formatDateTime(c.receivedAt)}
      </Text>
      <Alert color="orange" variant="light" p="xs">
        {c.message}
      </Alert>
      {c.state !== 'open' && <Resolution conflict={c} />}
    </Stack>
  );
}

function Resolution({ conflict: c }: { conflict: RequestConflict }) {
  return (
    <Text size="sm">
      {c.state === 'applied' ? 'Applied' : 'Dismissed'} by {c.resolvedByName ?? 'someone'}
      {c.resolvedAt ? ` ${formatDateTime(c.resolvedAt)}` : ''}
      {c.resolution ? `: ${c.resolution}` : ''}
    </Text>
  );
}

function ResolveButtons({ conflict, onResolve }: { conflict: RequestConflict; onResolve: (r: { conflict: RequestConflict; action: 'apply' | 'dismiss' }) => void }) {
  return (
    <Group gap="xs" mt={4}>
      <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => onResolve({ conflict, action: 'apply' })}>
        Apply
      </Button>
      <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={() => onResolve({ conflict, action: 'dismiss' })}>
        Dismiss
      </Button>
    </Group>
  );
}

/** The value of a datetime-local box for an instant, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function ResolveDialog({ conflict, action, onClose }: { conflict: RequestConflict; action: 'apply' | 'dismiss'; onClose: () => void }) {
  const client = useQueryClient();
  const [time, setTime] = useState(localInput(conflict.deviceTime));
  const [note, setNote] = useState('');
  const resolve = useMutation({
    mutationFn: () =>
      apiPost<{ message: string }>(`WOStartStop/conflicts/${conflict.conflictId}/resolve`, {
        action,
        ...(action === 'apply' && time ? { deviceTime: new Date(time).toISOString() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await client.invalidateQueries({ queryKey: PAYROLL_KEY });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    resolve.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={action === 'apply' ? 'Apply as the technician' : 'Dismiss the conflict'} size={500}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            {conflict.userName}: {conflictAction(conflict)}
          </Text>
          <Text size="sm" c="dimmed">
            {conflict.message}
          </Text>
          {action === 'apply' && (
            <TextInput type="datetime-local" label="As of" description="When it happened; correct it if the phone's clock was wrong." value={time} onChange={(e) => setTime(e.currentTarget.value)} />
          )}
          <Textarea label="Note" rows={4} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={resolve.isPending} color={action === 'dismiss' ? 'red' : undefined}>
              {action === 'apply' ? 'Apply' : 'Dismiss'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
