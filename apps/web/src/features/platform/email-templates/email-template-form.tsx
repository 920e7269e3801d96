import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EMAIL_TEMPLATE_PURPOSE_LABELS, EMAIL_TEMPLATE_PURPOSES, emailTemplateBody, required, type EmailTemplate, type EmailTemplateInput, type EmailTemplatePurpose } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { RichTextField } from '../../../components/rich-text/rich-text-editor';

type Values = Required<EmailTemplateInput>;
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { name: '', purpose: 'general', subject: '', bodyHtml: '', isActive: true };
const valuesOf = (t: EmailTemplate | null): Values =>
  t ? { name: t.name, purpose: t.purpose, subject: t.subject, bodyHtml: t.bodyHtml, isActive: t.isActive } : EMPTY;

/** Whether rich text says anything: some text, or a picture. */
export const hasMessage = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '' || html.includes('<img');

interface EmailTemplateFormProps {
  template: EmailTemplate | null;
  isSaving: boolean;
  onSave: (body: EmailTemplateInput) => void;
  onCancel: () => void;
}

/**
 * A template's fields: name, purpose (which e-mail form offers it first), subject, the message in the rich text
 * editor, and whether forms offer it. Checked with the shared schema before it is sent; the server has the last word.
 */
export function EmailTemplateForm({ template, isSaving, onSave, onCancel }: EmailTemplateFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(template));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailTemplateBody.safeParse(values);
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
    if (!found.bodyHtml && !hasMessage(values.bodyHtml)) found.bodyHtml = required('Message');
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(values);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" description="How the e-mail forms list it" withAsterisk value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
          <Select
            label="Purpose"
            description="Which e-mail form offers it first"
            allowDeselect={false}
            data={EMAIL_TEMPLATE_PURPOSES.map((p) => ({ value: p, label: EMAIL_TEMPLATE_PURPOSE_LABELS[p] }))}
            value={values.purpose}
            onChange={(p) => p && set('purpose', p as EmailTemplatePurpose)}
            error={errors.purpose}
          />
        </SimpleGrid>
        <TextInput label="Subject" withAsterisk value={values.subject} onChange={(e) => set('subject', e.currentTarget.value)} error={errors.subject} />
        <RichTextField label="Message" value={values.bodyHtml} onChange={(html) => set('bodyHtml', html)} error={errors.bodyHtml} minHeight={200} />
        <Checkbox
          label="Active"
          description="Only active templates are offered by the e-mail forms."
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {template ? 'Save Template' : 'Create Template'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
