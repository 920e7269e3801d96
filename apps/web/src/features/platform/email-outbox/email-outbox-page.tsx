import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMailCog, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EMAIL_OUTBOX_STATUS_LABELS, EMAIL_OUTBOX_STATUSES, type EmailOutboxRow, formatDateTime, satisfies } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../auth/session-context';
import { ADMINISTRATION_PATH } from '../administration/administration-paths';
import { EMAIL_OUTBOX_KEY, fetchOutboxPage, outboxGridKey, outboxSettingsQuery } from './email-outbox-api';
import { OutboxMessageDrawer } from './outbox-message-drawer';
import { OutboxStatusBadge } from './outbox-status-badge';
import { SendTestEmailDialog } from './send-test-email-dialog';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'createdAt', dir: 'desc' }];

const COLUMNS: GridColumn<EmailOutboxRow>[] = [
  {
    field: 'status',
    title: 'Status',
    width: 140,
    sortable: true,
    filter: 'select',
    filterOptions: EMAIL_OUTBOX_STATUSES.map((s) => ({ value: s, label: EMAIL_OUTBOX_STATUS_LABELS[s] })),
    render: (row) => <OutboxStatusBadge status={row.status} />,
  },
  { field: 'createdAt', title: 'Created', width: 190, sortable: true, filter: 'date', render: (row) => formatDateTime(row.createdAt) },
  { field: 'to', title: 'To', width: 230, sortable: true, filter: 'text', render: (row) => row.to.join(', ') },
  { field: 'subject', title: 'Subject', width: 280, sortable: true, filter: 'text', render: (row) => <Text size="sm" fw={500} span>{row.subject}</Text> },
  { field: 'attempts', title: 'Attempts', width: 120, sortable: true, filter: 'number' },
  {
    field: 'lastError',
    title: 'Last error',
    width: 300,
    filter: 'text',
    render: (row) => (row.lastError ? <Text size="sm" c={row.status === 'failed' ? 'red.8' : 'dimmed'} span>{row.lastError}</Text> : null),
  },
];

/**
 * `/administration/emailOutbox`: every message the company's actions sent or are sending, with its status and the
 * mail server's words when it failed; a message opens beside the grid, failed and uncertain ones can be sent again,
 * and "Send test e-mail" checks the way to the recipients. Says so when no mail server is configured.
 */
export default function EmailOutboxPage() {
  usePageTitle('E-mail Outbox');
  const { user, access } = useSignedIn();
  const canWrite = satisfies(access, { kind: 'area', area: 'Email Settings', level: 'write' });
  const settings = useQuery(outboxSettingsQuery);
  const client = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const [isTesting, setIsTesting] = useState(false);
  const isSmtpConfigured = settings.data?.isSmtpConfigured ?? true;

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">E-mail Outbox</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>E-mail Outbox</Title>
          <Text size="sm" c="dimmed">
            Every e-mail your company sends: quotes, invoices and notices, with what became of each.
            {settings.data && ` They are sent from ${settings.data.fromName} <${settings.data.from}>.`}
          </Text>
        </Stack>
        {canWrite && (
          <Button leftSection={<IconSend size={16} />} onClick={() => setIsTesting(true)} disabled={settings.isPending}>
            Send test e-mail
          </Button>
        )}
      </Group>
      {settings.data && !settings.data.isSmtpConfigured && (
        <Alert color="yellow" icon={<IconMailCog />} title="No mail server is configured" role="status">
          <Text size="sm">
            SMTP_URL is not set on the server, so e-mails are kept here as queued and not sent. Once a mail server is configured, the queued
            messages go out.
          </Text>
        </Alert>
      )}
      <DataGrid
        gridKey="emailOutbox"
        userId={user.userId}
        label="E-mail outbox"
        columns={COLUMNS}
        queryKey={outboxGridKey}
        fetchPage={fetchOutboxPage}
        rowKey={(row) => row.emailOutboxId}
        defaultSort={DEFAULT_SORT}
        onRowClick={(row) => setOpenId(row.emailOutboxId)}
        toolbar={
          <Tooltip label="Refresh">
            <ActionIcon variant="default" size="md" aria-label="Refresh the outbox" onClick={() => void client.invalidateQueries({ queryKey: [EMAIL_OUTBOX_KEY] })}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <OutboxMessageDrawer emailOutboxId={openId} canWrite={canWrite} onClose={() => setOpenId(null)} />
      {isTesting && (
        <SendTestEmailDialog
          defaultTo={user.email ?? ''}
          isSmtpConfigured={isSmtpConfigured}
          onClose={() => setIsTesting(false)}
          onSent={(message) => {
            setIsTesting(false);
            setOpenId(message.emailOutboxId);
          }}
        />
      )}
    </Stack>
  );
}
