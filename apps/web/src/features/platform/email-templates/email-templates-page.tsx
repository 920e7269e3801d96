import { ActionIcon, Alert, Anchor, Badge, Breadcrumbs, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconEdit, IconMailForward, IconPlus, IconReload, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { canWrite, EMAIL_TEMPLATE_PURPOSE_LABELS, EMAIL_TEMPLATE_PURPOSES, type EmailTemplate, formatDateTime } from '@sm/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { ADMINISTRATION_PATH } from '../administration/administration-paths';
import { useSignedIn } from '../auth/session-context';
import { emailTemplatesQuery, useEmailTemplateMutations } from './email-templates-api';
import { EMAIL_TEMPLATE_PATHS, emailTemplateEditPath, sendEmailPath } from './email-templates-paths';

const COLUMNS = 6;

function LoadingRows() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <Table.Tr key={i}>
          {Array.from({ length: COLUMNS }, (_, j) => (
            <Table.Td key={j} visibleFrom={j === 1 || j === 2 || j === 4 ? 'sm' : undefined}>
              <Skeleton height={14} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** The row's actions: send from it to everyone who may read templates; edit and delete to those who may write them. */
function RowActions({ template, mayWrite, onDelete }: { template: EmailTemplate; mayWrite: boolean; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Send e-mail">
        <ActionIcon component={Link} to={sendEmailPath(template.emailTemplateId)} variant="subtle" aria-label={`Send e-mail from ${template.name}`}>
          <IconMailForward size={16} />
        </ActionIcon>
      </Tooltip>
      {mayWrite && (
        <>
          <Tooltip label="Edit">
            <ActionIcon component={Link} to={emailTemplateEditPath(template.emailTemplateId)} variant="subtle" aria-label={`Edit ${template.name}`}>
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${template.name}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}

/** `/emailTemplate` (templateGrid): the company's e-mail templates, to send from, write, change and delete. */
export default function EmailTemplatesPage() {
  usePageTitle('E-mail Templates');
  const mayWrite = canWrite(useSignedIn().access, 'Templates');
  const templates = useQuery(emailTemplatesQuery());
  const { remove } = useEmailTemplateMutations();
  const [filter, setFilter] = useState('');
  const [purpose, setPurpose] = useState<string | null>(null);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (templates.data ?? []).filter(
      (t) => (!purpose || t.purpose === purpose) && (!needle || t.name.toLowerCase().includes(needle) || t.subject.toLowerCase().includes(needle)),
    );
  }, [templates.data, filter, purpose]);

  const askDelete = async (t: EmailTemplate) => {
    const ok = await confirm({
      title: 'Delete e-mail template',
      message: `Delete the template ${t.name}? E-mails already sent from it keep their text. This cannot be undone.`,
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync(t.emailTemplateId);
    notifySuccess(`Template ${t.name} deleted.`);
  };

  const isFiltered = filter.trim() !== '' || purpose !== null;
  return (
    <Stack gap="md" maw={1100}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">E-mail Templates</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>E-mail Templates</Title>
          <Text size="sm" c="dimmed">
            Subjects and messages your e-mails start from. Quote and invoice e-mails offer the templates of their purpose and the general ones.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" component={Link} to={EMAIL_TEMPLATE_PATHS.sendEmail} leftSection={<IconMailForward size={16} />}>
            Send E-mail
          </Button>
          {mayWrite && (
            <Button component={Link} to={EMAIL_TEMPLATE_PATHS.create} leftSection={<IconPlus size={16} />}>
              New Template
            </Button>
          )}
        </Group>
      </Group>
      {!mayWrite && (
        <Text size="sm" c="dimmed">
          You may send from these templates; changing them needs the Templates write permission.
        </Text>
      )}
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Filter by name or subject"
          aria-label="Filter templates"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={{ base: '100%', xs: 300 }}
        />
        <Select
          aria-label="Purpose"
          placeholder="Every purpose"
          clearable
          clearButtonProps={{ 'aria-label': 'Show every purpose' }}
          data={EMAIL_TEMPLATE_PURPOSES.map((p) => ({ value: p, label: EMAIL_TEMPLATE_PURPOSE_LABELS[p] }))}
          value={purpose}
          onChange={setPurpose}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      {templates.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="The e-mail templates could not be loaded" role="alert">
          <Stack gap="xs">
            <Text size="sm">{templates.error.message}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconReload size={14} />} onClick={() => void templates.refetch()} w="fit-content">
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Table striped highlightOnHover withTableBorder aria-label="E-mail templates" aria-busy={templates.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={110} visibleFrom="sm">
                Purpose
              </Table.Th>
              <Table.Th visibleFrom="sm">Subject</Table.Th>
              <Table.Th w={96}>Active</Table.Th>
              <Table.Th w={190} visibleFrom="sm">
                Updated
              </Table.Th>
              <Table.Th w={mayWrite ? 112 : 48}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.isPending ? (
              <LoadingRows />
            ) : shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Stack align="center" gap="xs" py="lg">
                    <Text c="dimmed">{isFiltered ? 'No templates match the filter.' : 'No e-mail templates yet.'}</Text>
                    {mayWrite && !isFiltered && (
                      <Button size="xs" variant="light" component={Link} to={EMAIL_TEMPLATE_PATHS.create}>
                        Write the first template
                      </Button>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((t) => (
                <Table.Tr key={t.emailTemplateId} data-row={t.name}>
                  <Table.Td fw={500}>
                    {t.name}
                    <Text size="xs" c="dimmed" hiddenFrom="sm" lineClamp={2}>
                      {EMAIL_TEMPLATE_PURPOSE_LABELS[t.purpose]} · {t.subject}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{EMAIL_TEMPLATE_PURPOSE_LABELS[t.purpose]}</Table.Td>
                  <Table.Td visibleFrom="sm">{t.subject}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={t.isActive ? 'teal' : 'gray'} tt="none">
                      {t.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{formatDateTime(t.updatedAt)}</Text>
                    {t.updatedByName && (
                      <Text size="xs" c="dimmed">
                        {t.updatedByName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RowActions template={t} mayWrite={mayWrite} onDelete={() => void askDelete(t)} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
      {templates.data && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {shown.length === templates.data.length ? `${templates.data.length} ${templates.data.length === 1 ? 'template' : 'templates'}` : `${shown.length} of ${templates.data.length} shown`}
        </Text>
      )}
    </Stack>
  );
}
