import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { satisfies, type EmailTemplate } from '@sm/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmailSendForm, type EmailValues } from '../../../components/email/email-send-form';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../auth/session-context';
import { EMAIL_OUTBOX_PATH, EMAIL_OUTBOX_REQUIREMENT } from '../email-outbox/email-outbox-paths';
import { emailTemplatesQuery, useSendTemplateEmail } from './email-templates-api';
import { EMAIL_TEMPLATE_PATHS } from './email-templates-paths';
import { EmailTemplatePicker } from './email-template-picker';

/** What the page says once a message is queued: sent by the outbox, which administrators may open. */
function Queued({ subject, onAnother }: { subject: string; onAnother: () => void }) {
  const mayOpenOutbox = satisfies(useSignedIn().access, EMAIL_OUTBOX_REQUIREMENT);
  return (
    <Alert color="teal" icon={<IconMailCheck />} title="The e-mail is queued" role="status">
      <Stack gap="xs">
        <Text size="sm">
          &ldquo;{subject}&rdquo; is in the outbox and goes out from the company&apos;s address as soon as the mail server takes it.
        </Text>
        <Group gap="sm">
          {mayOpenOutbox && (
            <Anchor component={Link} to={EMAIL_OUTBOX_PATH} size="sm">
              Open the E-mail Outbox
            </Anchor>
          )}
          <Button size="xs" variant="light" onClick={onAnother}>
            Send another e-mail
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The form, starting from the template the address names, if any. */
function SendForm({ templates, onQueued }: { templates: readonly EmailTemplate[]; onQueued: (subject: string) => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<EmailTemplate | null>(() => templates.find((t) => String(t.emailTemplateId) === params.get('templateId')) ?? null);
  const send = useSendTemplateEmail();
  const submit = (values: EmailValues) =>
    send.mutate({ ...values, emailTemplateId: chosen?.emailTemplateId ?? null }, { onSuccess: () => onQueued(values.subject) });
  return (
    <EmailSendForm
      defaultSubject={chosen?.subject ?? ''}
      defaultMessage={chosen?.bodyHtml ?? ''}
      templatePicker={(fill) =>
        templates.length > 0 && (
          <EmailTemplatePicker
            templates={templates}
            value={chosen?.emailTemplateId ?? null}
            onChange={(t) => {
              setChosen(t);
              fill({ subject: t?.subject ?? '', message: t?.bodyHtml ?? '' });
            }}
          />
        )
      }
      isSending={send.isPending}
      onSend={submit}
      onCancel={() => void navigate(EMAIL_TEMPLATE_PATHS.grid)}
    />
  );
}

/** `/emailTemplate/sendEmail`: an e-mail from a template or written freely, queued in the outbox (spec 2.6, 3.5, 5.1). */
export default function SendEmailPage() {
  usePageTitle('Send E-mail');
  const templates = useQuery(emailTemplatesQuery());
  const [queuedSubject, setQueuedSubject] = useState<string | null>(null);
  return (
    <Stack gap="md" maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to={EMAIL_TEMPLATE_PATHS.grid} size="sm">
          E-mail Templates
        </Anchor>
        <Text size="sm">Send E-mail</Text>
      </Breadcrumbs>
      <Stack gap={2}>
        <Title order={2}>Send E-mail</Title>
        <Text size="sm" c="dimmed">
          Start from a template or write the message yourself.
        </Text>
      </Stack>
      {queuedSubject !== null ? (
        <Queued subject={queuedSubject} onAnother={() => setQueuedSubject(null)} />
      ) : (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          {templates.isPending ? (
            <PageLoader label="Loading the templates" />
          ) : (
            <Stack gap="md">
              {templates.isError && (
                <Text size="sm" c="red" role="alert">
                  The templates could not be loaded; you may still write the message yourself.
                </Text>
              )}
              <SendForm templates={templates.data ?? []} onQueued={setQueuedSubject} />
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
