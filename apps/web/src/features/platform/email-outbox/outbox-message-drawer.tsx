import { Alert, Box, Button, Drawer, Group, List, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconPaperclip, IconReload, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type EmailOutboxDetail, formatDateTime, RESENDABLE_EMAIL_STATUSES } from '@sm/shared';
import dayjs from 'dayjs';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../field/clock/clock-modal';
import { outboxMessageQuery, useResendMessage } from './email-outbox-api';
import { OutboxStatusBadge } from './outbox-status-badge';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : null);

/** Bytes as a person reads them. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The message's HTML as a document of its own: it was sanitised when it was queued, and it is shown in a sandboxed
 * frame (no scripts, no access to this page) that loads nothing from elsewhere, so opening it tells no sender anything.
 */
function documentOf(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:14px;line-height:1.5;color:#212529;margin:12px;word-wrap:break-word}img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #dee2e6;padding:4px 8px}</style></head><body>${html}</body></html>`;
}

/** Why the message is where it is, in the server's words, when it has any. */
function ErrorNotice({ message }: { message: EmailOutboxDetail }) {
  if (!message.lastError) return null;
  const [color, title] =
    message.status === 'failed'
      ? ['red', 'The message could not be sent']
      : message.status === 'uncertain'
        ? ['orange', 'Delivery is uncertain']
        : message.status === 'sent'
          ? ['yellow', 'Some recipients were refused']
          : ['yellow', `The last attempt failed; it is tried again ${message.nextAttemptAt ? `at ${dayjs(message.nextAttemptAt).format('h:mm A')}` : 'soon'}`];
  return (
    <Alert color={color} icon={<IconAlertTriangle />} title={title}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {message.lastError}
      </Text>
    </Alert>
  );
}

function Facts({ message }: { message: EmailOutboxDetail }) {
  const rows: [string, string | null][] = [
    ['From', `${message.fromName} <${message.fromAddress}>`],
    ['To', message.to.join(', ')],
    ['Cc', message.cc.length > 0 ? message.cc.join(', ') : null],
    ['Created', `${when(message.createdAt)}${message.createdByName ? ` by ${message.createdByName}` : ''}`],
    ['Sent', when(message.sentAt)],
    ['Next attempt', message.status === 'queued' ? when(message.nextAttemptAt) : null],
    ['Attempts', String(message.attempts)],
    ['Message-ID', message.messageId],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed" fz="sm">
      <Table.Tbody>
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={120}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

function MessageBody({ message, canWrite, onClose }: { message: EmailOutboxDetail; canWrite: boolean; onClose: () => void }) {
  const resend = useResendMessage();
  const canResend = canWrite && RESENDABLE_EMAIL_STATUSES.includes(message.status);
  const askResend = async () => {
    const sentence =
      message.status === 'uncertain'
        ? `The message to ${message.to.join(', ')} may already have been delivered. Send it again anyway?`
        : `Send the message to ${message.to.join(', ')} again?`;
    if (!(await confirm({ title: 'Resend e-mail', message: sentence, confirmLabel: 'Resend', cancelLabel: 'Cancel' }))) return;
    resend.mutate(message.emailOutboxId, {
      onSuccess: () => {
        notifySuccess('The message is queued to be sent again.');
        onClose();
      },
    });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <OutboxStatusBadge status={message.status} />
        {canResend && (
          <Button leftSection={<IconSend size={16} />} onClick={() => void askResend()} loading={resend.isPending}>
            Resend
          </Button>
        )}
      </Group>
      <ErrorNotice message={message} />
      <Facts message={message} />
      <Stack gap={6}>
        <Title order={4}>Message</Title>
        <Box
          component="iframe"
          title={`Message: ${message.subject}`}
          sandbox=""
          srcDoc={documentOf(message.html)}
          style={{ width: '100%', height: 260, resize: 'vertical', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)', background: 'white' }}
        />
      </Stack>
      <Stack gap={6}>
        <Title order={4}>Attachments</Title>
        {message.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No attachments.
          </Text>
        ) : (
          <List spacing={6} size="sm" aria-label="Attachments" icon={<ThemeIcon size={20} variant="light" radius="xl"><IconPaperclip size={12} /></ThemeIcon>}>
            {message.attachments.map((a, i) => (
              <List.Item key={i}>
                <Text span size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {a.fileName}
                </Text>{' '}
                <Text span size="sm" c="dimmed">
                  ({a.contentType}, {sizeText(a.size)})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}

/** One message of the outbox beside the grid (the whole screen on a phone): its state, facts, body and files. */
export function OutboxMessageDrawer({ emailOutboxId, canWrite, onClose }: { emailOutboxId: number | null; canWrite: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const message = useQuery({ ...outboxMessageQuery(emailOutboxId ?? 0), enabled: emailOutboxId !== null });
  return (
    <Drawer
      opened={emailOutboxId !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 640}
      title={<Text fw={600} size="lg" lineClamp={2}>{message.data?.subject ?? 'E-mail'}</Text>}
    >
      {message.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the message">
          <Skeleton height={24} width={100} />
          <Skeleton height={180} />
          <Skeleton height={240} />
        </Stack>
      ) : message.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="The message could not be loaded" role="alert">
          <Stack gap="xs">
            <Text size="sm">{message.error.message}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconReload size={14} />} onClick={() => void message.refetch()} w="fit-content">
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <MessageBody message={message.data} canWrite={canWrite} onClose={onClose} />
      )}
    </Drawer>
  );
}
