import { ActionIcon, Alert, Badge, Button, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconUnlink } from '@tabler/icons-react';
import { BILLING_WRITE, satisfies, type LineKindAccount } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { AccountingFrame } from './accounting-frame';
import { lineKindAccountsQuery, useMapLineKind } from './accounting-api';
import { useChartOptions, type PickerOption } from './account-pickers';

const idText = (id: number | null) => (id === null ? null : String(id));

/** One kind of line: its account and department pickers and its own Save, so each row is saved alone. */
function LineKindRow({ row, accounts, departments, canWrite }: { row: LineKindAccount; accounts: PickerOption[]; departments: PickerOption[]; canWrite: boolean }) {
  const [glAccountId, setAccount] = useState(idText(row.glAccountId));
  const [departmentId, setDepartment] = useState(idText(row.departmentId));
  const map = useMapLineKind();
  const isChanged = glAccountId !== idText(row.glAccountId) || departmentId !== idText(row.departmentId);
  const save = () =>
    map.mutate(
      { lineKind: row.lineKind, glAccountId: glAccountId === null ? null : Number(glAccountId), departmentId: glAccountId === null || departmentId === null ? null : Number(departmentId) },
      { onSuccess: () => notifySuccess(glAccountId === null ? `${row.label} is no longer mapped.` : `${row.label} saved.`) },
    );
  const unmap = async () => {
    const ok = await confirm({
      title: 'Unmap',
      message: `Take the account away from ${row.label}? Invoices with such a line then stop with a sentence until it is mapped again.`,
      confirmLabel: 'Unmap',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    map.mutate(
      { lineKind: row.lineKind, glAccountId: null, departmentId: null },
      {
        onSuccess: () => {
          setAccount(null);
          setDepartment(null);
          notifySuccess(`${row.label} is no longer mapped.`);
        },
      },
    );
  };
  return (
    <Table.Tr data-line-kind={row.lineKind}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.label}
        </Text>
        {row.glAccountId === null && (
          <Badge variant="light" color="red" tt="none" mt={4}>
            Not mapped
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`GL account of ${row.label}`}
          data={accounts}
          value={glAccountId}
          onChange={setAccount}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': `Clear the account of ${row.label}` }}
          placeholder="No account"
          nothingFoundMessage="No account matches"
          disabled={!canWrite}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Department of ${row.label}`}
          data={departments}
          value={departmentId}
          onChange={setDepartment}
          clearable
          clearButtonProps={{ 'aria-label': `Clear the department of ${row.label}` }}
          placeholder="No department"
          disabled={!canWrite || glAccountId === null}
        />
      </Table.Td>
      {canWrite && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant={isChanged ? 'filled' : 'default'} disabled={!isChanged} loading={map.isPending} onClick={save} aria-label={`Save ${row.label}`}>
              Save
            </Button>
            {row.glAccountId !== null && (
              <Tooltip label="Unmap">
                <ActionIcon variant="subtle" color="red" aria-label={`Unmap ${row.label}`} onClick={() => void unmap()}>
                  <IconUnlink size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * `/administration/intacct/lineKindAccounts`: each kind of invoice line (labor by kind, materials, items, trip charges,
 * freight, tax, fees), credit memos and payments received, with the GL account (and department) it posts to, saved per
 * row. A kind left unmapped stops a posting that has such a line, with a sentence naming it.
 */
export default function LineKindsPage() {
  const { access } = useSignedIn();
  const canWrite = satisfies(access, BILLING_WRITE);
  const rows = useQuery(lineKindAccountsQuery);
  const chart = useChartOptions([...(rows.data ?? []).map((r) => r.glAccountId), ...(rows.data ?? []).map((r) => r.departmentId)]);
  const gaps = rows.data?.filter((r) => r.glAccountId === null).length ?? 0;
  return (
    <AccountingFrame title="Line Accounts" description="The GL account each kind of line is posted to in Intacct. A line of a kind without one stops its invoice's posting.">
      {gaps > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={20} />} role="status" data-testid="mapping-gaps">
          {gaps === 1 ? '1 kind of line has no account yet.' : `${gaps} kinds of line have no account yet.`}
          {chart.accounts.length === 0 && !chart.isLoading && ' Refresh the chart of accounts from Intacct first.'}
        </Alert>
      )}
      {rows.isError ? (
        <LoadFailed title="The line accounts could not be loaded" error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped withTableBorder aria-label="Line accounts" aria-busy={rows.isFetching} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">Kind of line</Table.Th>
                <Table.Th>GL Account</Table.Th>
                <Table.Th w="26%">Department</Table.Th>
                {canWrite && <Table.Th w={110}>Save</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.isPending ? (
                <LoadingRows columns={canWrite ? 4 : 3} />
              ) : (
                rows.data.map((row) => (
                  <LineKindRow key={row.lineKind} row={row} accounts={chart.accounts} departments={chart.departments} canWrite={canWrite} />
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </AccountingFrame>
  );
}
