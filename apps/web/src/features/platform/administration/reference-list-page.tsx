import { Anchor, Badge, Breadcrumbs, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { capitalized, formatCurrency, referenceListAccess, satisfies, type ReferenceListDefinition, type ReferenceRow } from '@sm/shared';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ActionsHeader, EditDeleteActions } from '../../../components/edit-delete-actions';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../auth/session-context';
import { ImportButton } from '../imports/import-dialog';
import { ADMINISTRATION_PATH, referenceListAt } from './administration-paths';
import { choicesQuery, choiceSourceOf, referenceRowsQuery, useReferenceRowMutations } from './reference-list-api';
import { ReferenceRowDialog } from './reference-row-dialog';

/** The names of the rows a column points at, by the column's field. */
type Names = Map<string, Map<number, string>>;

/**
 * A cell's text: money as dollars, a percentage with its sign, a choice by its label, a reference by its row's name,
 * a user or an item GL group by name, a flag as Yes.
 */
function cellText(def: ReferenceListDefinition, row: ReferenceRow, field: string, names: Names): string {
  const column = def.columns.find((c) => c.field === field)!;
  const value = row[field];
  if (value == null || value === '') return '';
  if (column.type === 'flag') return value === true ? 'Yes' : '';
  if (choiceSourceOf(column.type)) return names.get(field)?.get(value as number) ?? `#${String(value)}`;
  if (column.type === 'money') return formatCurrency(value as number);
  if (column.type === 'percent') return `${String(value)}%`;
  if (column.type === 'wholeNumber') return String(value);
  if (column.type === 'lines') return (value as string[]).join(' · ');
  if (column.type === 'choice') return column.choices?.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

/** The names of the rows a list's reference columns point at (a district's region), and of the users it names. */
function useReferencedNames(def: ReferenceListDefinition): Names {
  const pointing = def.columns.filter((c) => choiceSourceOf(c.type));
  const results = useQueries({ queries: pointing.map((c) => choicesQuery(def.key, choiceSourceOf(c.type)!, c.list)) });
  const data = results.map((r) => r.data);
  // The answers' identities change only when a list is fetched again, so the maps are rebuilt only then.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => new Map(pointing.map((c, i) => [c.field, new Map((data[i] ?? []).map((r) => [r.id, r.name]))])), [def, ...data]);
}

/** One administration list (spec platform 2.1), whichever it is: its description comes from the page's address. */
export default function ReferenceListPage() {
  const { pathname } = useLocation();
  const def = referenceListAt(pathname)!;
  return <ReferenceList key={def.key} def={def} />;
}

function ReferenceList({ def }: { def: ReferenceListDefinition }) {
  usePageTitle(def.title);
  const { access } = useSignedIn();
  const canWrite = !def.isReadOnly && satisfies(access, referenceListAccess(def, 'write'));
  const rows = useQuery(referenceRowsQuery(def.key));
  const names = useReferencedNames(def);
  const { add, update, remove } = useReferenceRowMutations(def.key);
  const [editing, setEditing] = useState<ReferenceRow | 'new' | null>(null);
  const [filter, setFilter] = useState('');

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = rows.data ?? [];
    if (!needle) return all;
    return all.filter((r) => def.columns.some((c) => cellText(def, r, c.field, names).toLowerCase().includes(needle)));
  }, [rows.data, filter, def, names]);

  const save = async (body: Record<string, unknown>) => {
    const row = editing === 'new' ? null : editing;
    const saved = row ? await update.mutateAsync({ id: row.id, body }) : await add.mutateAsync(body);
    notifySuccess(`${capitalized(def.singular)} ${saved.name} ${row ? 'saved' : 'added'}.`);
    setEditing(null);
  };

  const askDelete = async (row: ReferenceRow) => {
    const ok = await confirm({ title: `Delete ${def.singular}`, message: `Delete the ${def.singular} ${row.name}? This cannot be undone.`, danger: true });
    if (!ok) return;
    await remove.mutateAsync(row.id);
    notifySuccess(`${capitalized(def.singular)} ${row.name} deleted.`);
  };

  const tableColumns = def.columns.filter((c) => !c.isFormOnly);
  const columnCount = (def.isReadOnly ? 1 : 0) + tableColumns.length + (def.canRetire ? 1 : 0) + (canWrite ? 1 : 0);
  const label = def.title;

  return (
    <Stack gap="md" maw={1000}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">{def.title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{def.title}</Title>
          <Text size="sm" c="dimmed">
            {def.description}
          </Text>
        </Stack>
        {canWrite && (
          <Group gap="sm">
            {def.key === 'standardItems' && <ImportButton kind="standardItems" />}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Add {def.singular}
            </Button>
          </Group>
        )}
      </Group>
      {def.isReadOnly ? (
        <Text size="sm" c="dimmed">
          These ids are fixed and shared by every company, so the list cannot be changed here.
        </Text>
      ) : (
        !canWrite && (
          <Text size="sm" c="dimmed">
            You may read this list; changing it needs the {def.area} write permission.
          </Text>
        )
      )}
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={`Filter ${def.title.toLowerCase()}`}
        aria-label={`Filter ${def.title.toLowerCase()}`}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={360}
      />
      {rows.isError ? (
        <LoadFailed title={`The ${def.title.toLowerCase()} could not be loaded`} error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        // Lists of one or two short columns fit a phone as they are; wider ones scroll sideways inside their frame. The
        // frame is positioned so the visually hidden header of the actions column stays inside it, not past the page.
        <Table.ScrollContainer minWidth={tableColumns.length > 1 ? 560 : 0} type="native" pos="relative">
          <Table striped highlightOnHover withTableBorder aria-label={label} aria-busy={rows.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {def.isReadOnly && <Table.Th w={80}>Id</Table.Th>}
                {tableColumns.map((c) => (
                  <Table.Th key={c.field} ta={c.type === 'money' || c.type === 'percent' || c.type === 'wholeNumber' ? 'right' : undefined}>
                    {c.label}
                  </Table.Th>
                ))}
                {def.canRetire && <Table.Th w={100}>Status</Table.Th>}
                {canWrite && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.isPending ? (
                <LoadingRows columns={columnCount} />
              ) : shown.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Stack align="center" gap="xs" py="lg">
                      <Text c="dimmed">{filter ? `No ${def.title.toLowerCase()} match "${filter}".` : `No ${def.title.toLowerCase()} yet.`}</Text>
                      {canWrite && !filter && (
                        <Button size="xs" variant="light" onClick={() => setEditing('new')}>
                          Add the first {def.singular}
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ) : (
                shown.map((row) => (
                  <Table.Tr key={row.id} data-row={row.name}>
                    {def.isReadOnly && <Table.Td>{row.id}</Table.Td>}
                    {tableColumns.map((c) => (
                      <Table.Td
                        key={c.field}
                        ta={c.type === 'money' || c.type === 'percent' || c.type === 'wholeNumber' ? 'right' : undefined}
                        fw={c.field === 'name' ? 500 : undefined}
                        // A phone number or an address reads on one line; the table scrolls sideways instead.
                        style={c.type === 'phone' || c.type === 'email' ? { whiteSpace: 'nowrap' } : undefined}
                      >
                        {cellText(def, row, c.field, names)}
                      </Table.Td>
                    ))}
                    {def.canRetire && (
                      <Table.Td>
                        <Badge variant="light" color={row.isActive ? 'teal' : 'gray'} tt="none">
                          {row.isActive ? 'Active' : 'Retired'}
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
      {rows.data && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {shown.length === rows.data.length ? `${rows.data.length} ${rows.data.length === 1 ? def.singular : def.title.toLowerCase()}` : `${shown.length} of ${rows.data.length} shown`}
        </Text>
      )}
      {editing && (
        <ReferenceRowDialog
          def={def}
          row={editing === 'new' ? null : editing}
          opened
          isSaving={add.isPending || update.isPending}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </Stack>
  );
}
