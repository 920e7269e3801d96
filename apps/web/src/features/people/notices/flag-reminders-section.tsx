import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBellPlus, IconTrash } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFlagReminderBody, type CreateFlagReminderBody, formatDateTime, satisfies, type WorkOrderFlagReminder } from '@sm/shared';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { confirm } from '../../../components/confirm';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderFlagsQuery } from '../../field/clock/clock-api';
import { useIsPhone } from '../../field/clock/clock-modal';
import type { WorkOrderDetails } from '../../office/work-orders/edit/work-order-api';
import { useSchemaForm } from '../../../lib/schema-form';
import { WRITE_UPS_WRITE } from '../write-ups/write-ups-access';

const WriteUpDialog = lazy(() => import('../write-ups/write-up-dialog').then((m) => ({ default: m.WriteUpDialog })));

const remindersQuery = (workOrderId: number) =>
  queryOptions({
    queryKey: ['flagReminders', 'workOrder', workOrderId],
    queryFn: ({ signal }) => apiGet<WorkOrderFlagReminder[]>(`FlagReminder/workOrder/${workOrderId}`, { signal }),
    staleTime: 0,
  });

const STATUS_COLOUR = { Waiting: 'blue', Sent: 'teal', Cancelled: 'gray' } as const;
/** The local date and time an hour from now, as a datetime-local field writes it. */
const inAnHour = () => {
  const d = new Date(Date.now() + 3600_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function AddReminderDialog({ workOrderId, onClose }: { workOrderId: number; onClose: () => void }) {
  const client = useQueryClient();
  const isPhone = useIsPhone();
  const flags = useQuery(workOrderFlagsQuery);
  const { errors, clear, check } = useSchemaForm(createFlagReminderBody);
  const [flagId, setFlagId] = useState<string | null>(null);
  const [when, setWhen] = useState(inAnHour);
  const [description, setDescription] = useState('');
  const save = useMutation({
    mutationFn: (body: CreateFlagReminderBody) => apiPost<WorkOrderFlagReminder[]>('FlagReminder/create', body),
    onSuccess: (list) => {
      client.setQueryData(remindersQuery(workOrderId).queryKey, list);
      notifySuccess('Reminder set: the technicians will be notified at that time.');
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const instant = when ? new Date(when) : null;
    const body = check({
      workOrderId,
      flagId: flagId ? Number(flagId) : undefined,
      flagReminderTime: instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : undefined,
      reminderDescription: description,
    });
    if (body) save.mutate(body);
  };
  return (
    <Modal opened onClose={onClose} title="Add Flag Reminder" size="md" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Flag"
            withAsterisk
            data={(flags.data ?? []).map((f) => ({ value: String(f.workOrderFlagId), label: f.workOrderFlagName }))}
            value={flagId}
            onChange={(v) => (setFlagId(v), clear('flagId'))}
            error={errors.flagId}
            nothingFoundMessage={flags.isPending ? 'Loading...' : 'No Options'}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <TextInput type="datetime-local" label="Reminder Time" withAsterisk value={when} onChange={(e) => (setWhen(e.currentTarget.value), clear('flagReminderTime'))} error={errors.flagReminderTime} />
          <Textarea label="Reminder Description" withAsterisk autosize maxLength={500} value={description} onChange={(e) => (setDescription(e.currentTarget.value), clear('reminderDescription'))} error={errors.reminderDescription} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Set Reminder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Who was reminded, and what each answered. */
const answersOf = (r: WorkOrderFlagReminder) =>
  r.notices.length === 0
    ? r.status === 'Sent' ? 'No technician was assigned.' : ''
    : r.notices.map((n) => `${n.userName}: ${n.acknowledgedAt ? 'acknowledged' : 'not yet acknowledged'}${n.helpRequestedAt ? `, asked for help${n.helpMessage ? ` ("${n.helpMessage}")` : ''}` : ''}`).join('; ');

/**
 * The work order's flag reminders (spec platform 3.8): each flag, its time and description, whether it was sent and
 * what each technician answered. Writers of work orders add one, and take back one that has not been sent; managers
 * write up a person about the work order from here.
 */
export function FlagRemindersSection({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const mayWrite = satisfies(access, { kind: 'area', area: 'Work Orders', level: 'write' });
  const mayWriteUp = satisfies(access, WRITE_UPS_WRITE);
  const [isWritingUp, setWritingUp] = useState(false);
  const client = useQueryClient();
  const reminders = useQuery(remindersQuery(workOrder.workOrderId));
  const [isAdding, setAdding] = useState(false);
  const cancel = useMutation({
    mutationFn: (id: number) => apiDelete<WorkOrderFlagReminder[]>(`FlagReminder/${id}`),
    onSuccess: (list) => client.setQueryData(remindersQuery(workOrder.workOrderId).queryKey, list),
  });
  const list = reminders.data ?? [];
  if (!mayWrite && list.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="flag-reminders-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="flag-reminders-title">
            Flag Reminders
          </Title>
          <Group gap="xs">
            {mayWriteUp && (
              <Button size="xs" variant="default" leftSection={<IconAlertTriangle size={14} />} onClick={() => setWritingUp(true)}>
                Write Up
              </Button>
            )}
            {mayWrite && (
              <Button size="xs" variant="light" leftSection={<IconBellPlus size={14} />} onClick={() => setAdding(true)}>
                Add Reminder
              </Button>
            )}
          </Group>
        </Group>
        {reminders.isError && (
          <Alert color="red" role="alert">
            {reminders.error.message}
          </Alert>
        )}
        {reminders.isPending ? (
          <Text size="sm" c="dimmed">Loading reminders...</Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No reminders. Add one to have the technicians notified of a flag at a set time.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6} aria-label="Flag reminders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Flag</Table.Th>
                  <Table.Th>Reminder</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Answers</Table.Th>
                  {mayWrite && <Table.Th w={48} aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((r) => (
                  <Table.Tr key={r.flagReminderId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.flagReminderTime)}</Table.Td>
                    <Table.Td>{r.workOrderFlagName}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.reminderDescription}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOUR[r.status]} variant="light" tt="none">
                        {r.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{answersOf(r)}</Text>
                    </Table.Td>
                    {mayWrite && (
                      <Table.Td>
                        {r.status === 'Waiting' && (
                          <Tooltip label="Take back this reminder">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Take back the reminder of ${formatDateTime(r.flagReminderTime)}`}
                              loading={cancel.isPending && cancel.variables === r.flagReminderId}
                              onClick={async () => {
                                if (await confirm({ title: 'Take Back Reminder', message: 'Take back this reminder? The technicians will not be notified.', confirmLabel: 'Take Back', cancelLabel: 'Keep' })) cancel.mutate(r.flagReminderId);
                              }}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {isAdding && <AddReminderDialog workOrderId={workOrder.workOrderId} onClose={() => setAdding(false)} />}
      {isWritingUp && (
        <Suspense fallback={null}>
          <WriteUpDialog origin={{ workOrderId: workOrder.workOrderId, workOrderNumber: workOrder.workOrderNumber }} onClose={() => setWritingUp(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
