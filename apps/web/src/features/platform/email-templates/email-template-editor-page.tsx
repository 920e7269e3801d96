import { Alert, Anchor, Breadcrumbs, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateInput } from '@sm/shared';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { emailTemplateQuery, useEmailTemplateMutations } from './email-templates-api';
import { EMAIL_TEMPLATE_PATHS } from './email-templates-paths';
import { EmailTemplateForm } from './email-template-form';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="md" maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to={EMAIL_TEMPLATE_PATHS.grid} size="sm">
          E-mail Templates
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        {children}
      </Paper>
    </Stack>
  );
}

/** The form, saving through the API and going back to the grid once saved. */
function Editor({ template }: { template: EmailTemplate | null }) {
  const navigate = useNavigate();
  const { create, update } = useEmailTemplateMutations();
  const save = (body: EmailTemplateInput) => {
    const done = (saved: EmailTemplate) => {
      notifySuccess(`Template ${saved.name} ${template ? 'saved' : 'created'}.`);
      void navigate(EMAIL_TEMPLATE_PATHS.grid);
    };
    if (template) update.mutate({ emailTemplateId: template.emailTemplateId, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };
  return <EmailTemplateForm template={template} isSaving={create.isPending || update.isPending} onSave={save} onCancel={() => void navigate(EMAIL_TEMPLATE_PATHS.grid)} />;
}

function EditTemplate({ emailTemplateId }: { emailTemplateId: number }) {
  const template = useQuery(emailTemplateQuery(emailTemplateId));
  if (template.isPending) return <PageLoader label="Loading the template" />;
  if (template.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="The template could not be loaded" role="alert">
        <Stack gap="xs">
          <Text size="sm">{template.error.message}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconReload size={14} />} onClick={() => void template.refetch()} w="fit-content">
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Editor key={template.data.updatedAt} template={template.data} />;
}

/** `/emailTemplate/create` and `/emailTemplate/{id}/edit`: a template's name, purpose, subject and message. */
export default function EmailTemplateEditorPage() {
  const { emailTemplateId } = useParams();
  const id = Number(emailTemplateId);
  if (emailTemplateId === undefined) {
    return (
      <Frame title="New E-mail Template">
        <Editor template={null} />
      </Frame>
    );
  }
  return (
    <Frame title="Edit E-mail Template">
      {Number.isInteger(id) && id > 0 ? <EditTemplate emailTemplateId={id} /> : <Text c="red">This address names no template.</Text>}
    </Frame>
  );
}
