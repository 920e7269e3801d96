import { Button, Checkbox, ColorInput, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconEye, IconPhoto, IconTrash } from '@tabler/icons-react';
import { canWrite, DOCUMENT_COLUMN_LABELS, DOCUMENT_COLUMNS, DOCUMENT_LABELS, type DocumentTemplate, documentTemplateBody, type DocumentTemplateInput, formatDateTime, LOGO_MAX_BYTES } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useSignedIn } from '../../platform/auth/session-context';
import { openPdf } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { useSaveDocumentTemplate } from './documents-api';

type Values = Omit<DocumentTemplateInput, 'logo'> & { logo: string | null };
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (t: DocumentTemplate): Values => ({
  headerColour: t.headerColour,
  accentColour: t.accentColour,
  title: t.title,
  terms: t.terms,
  footer: t.footer,
  columns: { ...t.columns },
  logo: t.logo,
});

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * How the company's quotes or invoices look: the logo, two colours, the title, terms and footer, and which columns
 * of the lines show. Preview PDF shows the saved template on an example; saving first is asked for while changed.
 */
export function DocumentTemplateForm({ template }: { template: DocumentTemplate }) {
  const label = DOCUMENT_LABELS[template.kind];
  const mayEdit = canWrite(useSignedIn().access, 'Templates');
  const [values, setValues] = useState<Values>(() => valuesOf(template));
  const [errors, setErrors] = useState<Errors>({});
  const [isDirty, setDirty] = useState(false);
  const [isPreviewing, setPreviewing] = useState(false);
  const save = useSaveDocumentTemplate(template.kind);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDirty(true);
  };

  const chooseLogo = async (file: File | null) => {
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type)) return setErrors((e) => ({ ...e, logo: 'Logo must be a PNG or JPEG picture.' }));
    if (file.size > LOGO_MAX_BYTES) return setErrors((e) => ({ ...e, logo: `Logo must be at most ${LOGO_MAX_BYTES / 1024} kB.` }));
    set('logo', await readAsDataUrl(file));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The stored logo comes back as a data URL too: sent again only when it was changed.
    const body: DocumentTemplateInput = { ...values, logo: values.logo === template.logo ? undefined : values.logo };
    const parsed = documentTemplateBody.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
      return setErrors(found);
    }
    save.mutate(body, { onSuccess: (saved) => (setValues(valuesOf(saved)), setDirty(false)) });
  };

  const preview = async () => {
    setPreviewing(true);
    try {
      await openPdf(`DocumentTemplates/${template.kind}/preview`, `${template.kind}-template-preview.pdf`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The preview could not be made.');
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="form" onSubmit={submit} noValidate aria-label={`${label} template`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {template.isSaved && template.updatedAt
            ? `Last saved on ${formatDateTime(template.updatedAt)}.`
            : `Your ${label.toLowerCase()}s use the standard look until you save a template.`}
        </Text>
        <Text size="sm" fw={500} mb={-8}>
          Logo
        </Text>
        <Group align="flex-end" gap="md">
          <Paper withBorder w={200} h={80} radius="sm" p={4} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
            {values.logo ? <Image src={values.logo} alt="Company logo" fit="contain" mah={70} /> : <Text size="sm" c="dimmed">No logo</Text>}
          </Paper>
          {mayEdit && (
            <Group gap="xs">
              <FileButton onChange={(f) => void chooseLogo(f)} accept="image/png,image/jpeg">
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconPhoto size={16} />}>
                    {values.logo ? 'Change logo' : 'Choose logo'}
                  </Button>
                )}
              </FileButton>
              {values.logo && (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => set('logo', null)}>
                  Remove logo
                </Button>
              )}
            </Group>
          )}
        </Group>
        {errors.logo && (
          <Text size="sm" c="red" role="alert">
            {errors.logo}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="Title" value={values.title} error={errors.title} readOnly={!mayEdit} onChange={(e) => set('title', e.currentTarget.value)} />
          <ColorInput label="Header colour" value={values.headerColour} error={errors.headerColour} readOnly={!mayEdit} onChange={(v) => set('headerColour', v)} format="hex" eyeDropperButtonProps={{ 'aria-label': 'Pick the header colour from the screen' }} />
          <ColorInput label="Accent colour" value={values.accentColour} error={errors.accentColour} readOnly={!mayEdit} onChange={(v) => set('accentColour', v)} format="hex" eyeDropperButtonProps={{ 'aria-label': 'Pick the accent colour from the screen' }} />
        </SimpleGrid>
        <Stack gap={6}>
          <Title order={3} size="h5">
            Columns of the lines
          </Title>
          <Text size="sm" c="dimmed">
            Description and Amount always show.
          </Text>
          <Group gap="lg">
            {DOCUMENT_COLUMNS.map((c) => (
              <Checkbox
                key={c}
                label={DOCUMENT_COLUMN_LABELS[c]}
                checked={values.columns[c]}
                disabled={!mayEdit}
                onChange={(e) => set('columns', { ...values.columns, [c]: e.currentTarget.checked })}
              />
            ))}
          </Group>
        </Stack>
        <Textarea label="Terms" autosize maxRows={10} value={values.terms} error={errors.terms} readOnly={!mayEdit} onChange={(e) => set('terms', e.currentTarget.value)} />
        <TextInput label="Footer" description="Printed at the foot of every page, beside the page number." value={values.footer} error={errors.footer} readOnly={!mayEdit} onChange={(e) => set('footer', e.currentTarget.value)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => void preview()} loading={isPreviewing} disabled={isDirty} title={isDirty ? 'Save first: the preview shows the saved template' : undefined}>
            Preview PDF
          </Button>
          {mayEdit && (
            <Button type="submit" loading={save.isPending} disabled={!isDirty}>
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
