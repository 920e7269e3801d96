import { Anchor, Badge, Breadcrumbs, Button, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FINANCIAL_PERIOD_KINDS, type FinancialPeriod, financialPeriodBody, type FinancialPeriodBody, type FinancialPeriodKind, formatDate, satisfies, TIMESHEET_LOCK } from '@sm/shared';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ActionsHeader, EditDeleteActions } from '../../../components/edit-delete-actions';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { useIsPhone } from '../../field/clock/clock-modal';
import { ADMINISTRATION_PATH } from '../../platform/administration/administration-paths';
import { useSchemaForm } from '../../../lib/schema-form';
import { PAYROLL_KEY } from './payroll-api';

const periodsQuery = (kind: FinancialPeriodKind) =>
  queryOptions({ queryKey: [...PAYROLL_KEY, 'financialPeriods', kind], queryFn: ({ signal }) => apiGet<FinancialPeriod[]>(`Payroll/financialPeriods?kind=${kind}`, { signal }), staleTime: 0 });

const day = (date: string) => `${dayjs(date).format('ddd')} ${formatDate(date)}`;

/**
 * `/administration/financialPeriods` (account settings financialPeriods): the company's pay periods and billing periods
 * of its own dates. A company whose Pay Calendar says "Financial" pays by its pay periods.
 */
export default function FinancialPeriodsPage() {
  usePageTitle('Financial Periods');
  const { access } = useSignedIn();
  const client = useQueryClient();
  const mayChange = satisfies(access, TIMESHEET_LOCK);
  const [kind, setKind] = useState<FinancialPeriodKind>('Pay');
  const periods = useQuery(periodsQuery(kind));
  const [editing, setEditing] = useState<FinancialPeriod | 'new' | null>(null);
  const remove = useMutation({ mutationFn: (id: number) => apiDelete<{ message: string }>(`Payroll/financialPeriods/${id}`), onSuccess: () => void client.invalidateQueries({ queryKey: PAYROLL_KEY }) });
  const askDelete = async (p: FinancialPeriod) => {
    if (!(await confirm({ title: 'Delete Financial Period', message: `Delete the period ${p.name}? This cannot be undone.`, danger: true }))) return;
    remove.mutate(p.financialPeriodId, { onSuccess: () => notifySuccess(`Financial period ${p.name} deleted.`) });
  };
  const columns = mayChange ? 4 : 3;
  return (
    <Stack gap="md" maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">Financial Periods</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Financial Periods</Title>
          <Text size="sm" c="dimmed">
            Periods of the company&apos;s own dates. Pay periods are used when the Pay Calendar on Timesheets says Financial; periods of one kind never share a day.
          </Text>
        </Stack>
        {mayChange && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add {kind} Period
          </Button>
        )}
      </Group>
      <SegmentedControl value={kind} onChange={(v) => setKind(v as FinancialPeriodKind)} data={FINANCIAL_PERIOD_KINDS.map((k) => ({ value: k, label: `${k} Periods` }))} w="fit-content" aria-label="Kind of period" />
      {periods.isError ? (
        <LoadFailed title="The financial periods could not be read" error={periods.error} onRetry={() => void periods.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table striped withTableBorder aria-label={`${kind} periods`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Starts</Table.Th>
                <Table.Th>Ends</Table.Th>
                {mayChange && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {periods.isPending ? (
                <LoadingRows columns={columns} />
              ) : periods.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <Text size="sm" c="dimmed">
                      No {kind.toLowerCase()} periods yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                periods.data.map((p) => (
                  <Table.Tr key={p.financialPeriodId} data-row={p.name}>
                    <Table.Td>
                      <Group gap="xs">
                        {p.name}
                        {p.isLocked && (
                          <Badge color="gray" size="xs">
                            Locked
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{day(p.startsOn)}</Table.Td>
                    <Table.Td>{day(p.endsOn)}</Table.Td>
                    {mayChange && <Table.Td>{!p.isLocked && <EditDeleteActions name={p.name} onEdit={() => setEditing(p)} onDelete={() => void askDelete(p)} />}</Table.Td>}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <PeriodDialog kind={kind} period={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function PeriodDialog({ kind, period, onClose }: { kind: FinancialPeriodKind; period: FinancialPeriod | null; onClose: () => void }) {
  const client = useQueryClient();
  const isPhone = useIsPhone();
  const { errors, clear, check } = useSchemaForm(financialPeriodBody);
  const [name, setName] = useState(period?.name ?? '');
  const [startsOn, setStartsOn] = useState(period?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(period?.endsOn ?? '');
  const save = useMutation({
    mutationFn: (body: FinancialPeriodBody) => (period ? apiPut<FinancialPeriod>(`Payroll/financialPeriods/${period.financialPeriodId}`, body) : apiPost<FinancialPeriod>('Payroll/financialPeriods', body)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: PAYROLL_KEY });
      notifySuccess(`Financial period ${saved.name} ${period ? 'saved' : 'added'}.`);
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ kind, name, startsOn: startsOn || undefined, endsOn: endsOn || undefined });
    if (body) save.mutate(body);
  };
  const title = `${period ? 'Edit' : 'Add'} ${kind} Period`;
  return (
    <Modal opened onClose={onClose} title={title} fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk maxLength={100} placeholder="P11 2026" value={name} onChange={(e) => (setName(e.currentTarget.value), clear('name'))} error={errors.name} data-autofocus />
          <Group grow>
            <TextInput type="date" label="Start" withAsterisk value={startsOn} onChange={(e) => (setStartsOn(e.currentTarget.value), clear('startsOn'))} error={errors.startsOn} />
            <TextInput type="date" label="End" withAsterisk value={endsOn} onChange={(e) => (setEndsOn(e.currentTarget.value), clear('endsOn'))} error={errors.endsOn} />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
