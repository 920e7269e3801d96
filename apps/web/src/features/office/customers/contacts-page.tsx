import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { satisfies, type ContactGridRow } from '@sm/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { toastError } from '../../../lib/query-client';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { ContactDialog, newContactDraft, type ContactDraft } from './contact-dialog';
import { customerPath } from './customer-paths';
import { ImportButton } from '../../platform/imports/import-dialog';
import { contactsGridKey, downloadContactsCsv, fetchContacts, useDeleteContact } from './customers-api';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'name', dir: 'asc' }];

/** `/contacts`: the company's contacts; add, edit and delete (after a confirmation); Export CSV for those allowed. */
export default function ContactsPage() {
  usePageTitle('Contacts');
  const { user, access } = useSignedIn();
  const canWrite = satisfies(access, { kind: 'area', area: 'Contacts', level: 'write' });
  const canExport = satisfies(access, { kind: 'area', area: 'Contacts', level: 'read', functionality: 'Can Export Contacts' });
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const { mutate: deleteContact } = useDeleteContact();

  const columns = useMemo<GridColumn<ContactGridRow>[]>(() => {
    const del = async (row: ContactGridRow) => {
      if (!(await confirm({ title: 'Delete Contact', message: `Delete the contact ${row.name} of ${row.customerName}?`, confirmLabel: 'Delete', cancelLabel: 'Cancel', danger: true }))) return;
      deleteContact(row.contactId, { onSuccess: () => notifySuccess('Contact deleted.') });
    };
    const list: GridColumn<ContactGridRow>[] = [
      { field: 'name', title: 'Name', width: 200, sortable: true, filter: 'text', render: (row) => <Text size="sm" fw={600} span>{row.name}</Text> },
      {
        field: 'customerName',
        title: 'Customer',
        width: 230,
        sortable: true,
        filter: 'text',
        render: (row) => (
          <Anchor component={Link} to={customerPath(row.customerId)} size="sm" onClick={(e) => e.stopPropagation()}>
            {row.customerName}
          </Anchor>
        ),
      },
      { field: 'title', title: 'Title', width: 170, sortable: true, filter: 'text' },
      { field: 'phone', title: 'Phone', width: 140, sortable: true, filter: 'text' },
      { field: 'email', title: 'Email', width: 240, sortable: true, filter: 'text' },
      {
        field: 'isPrimary',
        title: 'Primary',
        width: 110,
        sortable: true,
        filter: 'select',
        filterOptions: [
          { value: 1, label: 'Yes' },
          { value: 0, label: 'No' },
        ],
        render: (row) => (row.isPrimary ? <Badge size="sm" variant="light" tt="none">Primary</Badge> : <Text size="sm" c="dimmed" span>No</Text>),
      },
    ];
    if (canWrite) {
      list.push({
        field: 'contactId',
        title: 'Actions',
        width: 110,
        render: (row) => (
          <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${row.name}`} onClick={() => setDraft(row)}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.name}`} onClick={() => del(row)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      });
    }
    return list;
  }, [canWrite, deleteContact]);

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadContactsCsv('');
    } catch (error) {
      toastError(error);
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Contacts</Title>
          <Text size="sm" c="dimmed">
            The people to call at your customers.
          </Text>
        </Stack>
        <Group gap="sm">
          {canExport && (
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCsv} loading={isExporting}>
              Export CSV
            </Button>
          )}
          {canWrite && <ImportButton kind="contacts" />}
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft(newContactDraft(null))}>
              Add Contact
            </Button>
          )}
        </Group>
      </Group>
      <DataGrid
        gridKey="contacts"
        userId={user.userId}
        label="Contacts"
        columns={columns}
        queryKey={contactsGridKey}
        fetchPage={fetchContacts}
        rowKey={(row) => row.contactId}
        defaultSort={DEFAULT_SORT}
        onRowClick={canWrite ? (row) => setDraft(row) : undefined}
      />
      {draft && <ContactDialog draft={draft} fixedCustomer={false} onClose={() => setDraft(null)} />}
    </Stack>
  );
}
