import { Anchor, Badge, Breadcrumbs, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { COLLECTION_WRITE, AGING_BUCKET_LABELS, satisfies, type CollectionTemplate, type CollectionTemplateInput } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ActionsHeader, EditDeleteActions } from '../../../components/edit-delete-actions';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { ADMINISTRATION_PATH } from '../../platform/administration/administration-paths';
import { collectionTemplatesQuery, useCollectionTemplateMutations } from './collections-api';
import { CollectionTemplateDialog } from './collection-template-dialog';

/**
 * Administration, collectionSettings/collectionTemplate (spec platform 2.1): the dunning e-mails of each aging bucket
 * that the nightly job sends with the customer's statement. Add, edit, and delete after confirmation.
 */
export default function CollectionTemplatesPage() {
  usePageTitle('Collection Templates');
  const { access } = useSignedIn();
  const canWrite = satisfies(access, COLLECTION_WRITE);
  const list = useQuery(collectionTemplatesQuery);
  const { add, update, remove } = useCollectionTemplateMutations();
  const [editing, setEditing] = useState<CollectionTemplate | 'new' | null>(null);

  const save = async (body: CollectionTemplateInput) => {
    const row = editing === 'new' ? null : editing;
    const saved = row ? await update.mutateAsync({ id: row.collectionTemplateId, body }) : await add.mutateAsync(body);
    notifySuccess(`Collection template ${saved.name} ${row ? 'saved' : 'added'}.`);
    setEditing(null);
  };
  const askDelete = async (row: CollectionTemplate) => {
    const ok = await confirm({ title: 'Delete collection template', message: `Delete the collection template ${row.name}? This cannot be undone.`, danger: true });
    if (!ok) return;
    await remove.mutateAsync(row.collectionTemplateId);
    notifySuccess(`Collection template ${row.name} deleted.`);
  };
  const columns = 4 + (canWrite ? 1 : 0);

  return (
    <Stack gap="md" maw={1000}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">Collection Templates</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Collection Templates</Title>
          <Text size="sm" c="dimmed">
            The dunning e-mail of each aging bucket: every night, a customer with a past-due balance is sent the active template of its oldest invoice&apos;s bucket, once, with its statement attached.
          </Text>
        </Stack>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add collection template
          </Button>
        )}
      </Group>
      {!canWrite && (
        <Text size="sm" c="dimmed">
          You may read these templates; changing them needs the Collection write permission.
        </Text>
      )}
      {list.isError ? (
        <LoadFailed title="The collection templates could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={560} type="native" pos="relative">
          <Table striped highlightOnHover withTableBorder aria-label="Collection templates" aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Aging bucket</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th w={100}>Status</Table.Th>
                {canWrite && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? (
                <LoadingRows columns={columns} />
              ) : list.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <Stack align="center" gap="xs" py="lg">
                      <Text c="dimmed">No collection templates yet: no dunning e-mail is sent.</Text>
                      {canWrite && (
                        <Button size="xs" variant="light" onClick={() => setEditing('new')}>
                          Add the first collection template
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ) : (
                list.data.map((row) => (
                  <Table.Tr key={row.collectionTemplateId} data-row={row.name}>
                    <Table.Td fw={500}>{row.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{AGING_BUCKET_LABELS[row.bucket]}</Table.Td>
                    <Table.Td>{row.subject}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={row.isActive ? 'teal' : 'gray'} tt="none">
                        {row.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
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
      {editing && <CollectionTemplateDialog template={editing === 'new' ? null : editing} isSaving={add.isPending || update.isPending} onClose={() => setEditing(null)} onSave={(body) => void save(body)} />}
    </Stack>
  );
}
