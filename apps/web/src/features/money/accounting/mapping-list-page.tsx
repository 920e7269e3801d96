import { Badge, Button, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { INTACCT_PATHS, satisfies, type AdditionalLineItem, type ItemGlGroup, type PermissionArea } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ActionsHeader, EditDeleteActions } from '../../../components/edit-delete-actions';
import { EmptyPanel, LoadFailed, LoadingRows } from '../../../components/table-states';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { AccountingFrame } from './accounting-frame';
import { mappingQuery, useMappingRowMutations, type MappingPath } from './accounting-api';
import { chartRowLabel, useChartOptions } from './account-pickers';
import { MappingRowDialog, type MappingRowValues } from './mapping-row-dialog';

type Row = ItemGlGroup | AdditionalLineItem;

const LISTS: Record<MappingPath, { title: string; singular: string; description: string; area: PermissionArea; hasDepartment: boolean }> = {
  itemGLGroup: {
    title: 'Item GL Groups',
    singular: 'Item GL Group',
    description: "Names your company's items are grouped under, each with the income account its sales post to.",
    area: 'Item GL Group',
    hasDepartment: false,
  },
  additionalLineItem: {
    title: 'Additional Line Items',
    singular: 'Additional Line Item',
    description: 'Lines an invoice may carry beyond the work order’s, each with its GL account and department.',
    area: 'Additional Line Items',
    hasDepartment: true,
  },
};

const idOf = (row: Row) => ('itemGlGroupId' in row ? row.itemGlGroupId : row.additionalLineItemId);
const valuesOf = (row: Row): MappingRowValues => ({
  name: row.name,
  glAccountId: row.glAccountId,
  departmentId: 'departmentId' in row ? row.departmentId : null,
  isActive: 'isActive' in row ? row.isActive : true,
});

/**
 * `/administration/intacct/itemGLGroup` and `/administration/intacct/additionalLineItem`: the rows with the account
 * (and department) each posts to; those who may change the list add, edit and delete rows, a delete asked first.
 */
export default function MappingListPage() {
  const path: MappingPath = useLocation().pathname.toLowerCase() === INTACCT_PATHS.additionalLineItem.toLowerCase() ? 'additionalLineItem' : 'itemGLGroup';
  return <MappingList key={path} path={path} />;
}

function MappingList({ path }: { path: MappingPath }) {
  const list = LISTS[path];
  const { access } = useSignedIn();
  const canWrite = satisfies(access, { kind: 'area', area: list.area, level: 'write' });
  const rows = useQuery(mappingQuery(path));
  const { save, remove } = useMappingRowMutations(path);
  const chart = useChartOptions();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);

  const onSave = (values: MappingRowValues & { glAccountId: number }) => {
    const id = editing === 'new' || editing === null ? null : idOf(editing);
    const body = list.hasDepartment ? values : { name: values.name, glAccountId: values.glAccountId };
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          notifySuccess(`${list.singular} ${values.name} ${id === null ? 'added' : 'saved'}.`);
          setEditing(null);
        },
      },
    );
  };

  const askDelete = async (row: Row) => {
    const ok = await confirm({ title: `Delete ${list.singular}`, message: `Delete the ${list.singular.toLowerCase()} ${row.name}? This cannot be undone.`, confirmLabel: 'Delete', cancelLabel: 'Cancel', danger: true });
    if (!ok) return;
    remove.mutate(idOf(row), { onSuccess: (answer) => notifySuccess(answer.message) });
  };

  const accountText = (row: Row) => {
    const account = chart.accountsById.get(row.glAccountId);
    return account ? chartRowLabel(account.accountNo, account.title) : row.accountNo;
  };
  const departmentText = (row: Row) => {
    if (!('departmentId' in row) || row.departmentId === null) return '';
    const department = chart.departmentsById.get(row.departmentId);
    return department ? chartRowLabel(department.departmentNo, department.title) : `#${row.departmentId}`;
  };
  const columns = 2 + (list.hasDepartment ? 2 : 0) + (canWrite ? 1 : 0);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add {list.singular}
    </Button>
  );

  return (
    <AccountingFrame title={list.title} description={list.description} actions={canWrite && addButton}>
      {!canWrite && (
        <Text size="sm" c="dimmed">
          You may read this list; changing it needs the {list.area} write permission.
        </Text>
      )}
      {rows.isError ? (
        <LoadFailed title={`The ${list.title.toLowerCase()} could not be loaded`} error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.data?.length === 0 ? (
        <EmptyPanel title={`No ${list.title.toLowerCase()} yet`} hint={canWrite ? `Add the first ${list.singular.toLowerCase()} with its GL account.` : 'None has been added.'} />
      ) : (
        <Table.ScrollContainer minWidth={list.hasDepartment ? 640 : 420} type="native" pos="relative">
          <Table striped highlightOnHover withTableBorder aria-label={list.title} aria-busy={rows.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>GL Account</Table.Th>
                {list.hasDepartment && <Table.Th>Department</Table.Th>}
                {list.hasDepartment && <Table.Th w={110}>Status</Table.Th>}
                {canWrite && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.isPending ? (
                <LoadingRows columns={columns} />
              ) : (
                rows.data.map((row) => (
                  <Table.Tr key={idOf(row)} data-row={row.name}>
                    <Table.Td fw={500}>{row.name}</Table.Td>
                    <Table.Td>{accountText(row)}</Table.Td>
                    {list.hasDepartment && <Table.Td>{departmentText(row)}</Table.Td>}
                    {list.hasDepartment && (
                      <Table.Td>
                        <Badge variant="light" color={valuesOf(row).isActive ? 'teal' : 'gray'} tt="none">
                          {valuesOf(row).isActive ? 'Active' : 'Inactive'}
                        </Badge>
                      </Table.Td>
                    )}
                    {canWrite && (
                      <Table.Td>
                        <EditDeleteActions name={row.name} onEdit={() => setEditing(row)} onDelete={() => void askDelete(row)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <MappingRowDialog
          singular={list.singular}
          hasDepartment={list.hasDepartment}
          row={editing === 'new' ? null : valuesOf(editing)}
          isSaving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={onSave}
        />
      )}
    </AccountingFrame>
  );
}
