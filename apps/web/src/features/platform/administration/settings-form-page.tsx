import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { satisfies, settingsFormAccess, settingsFormBodyOf, type SettingsField, type SettingsFormDefinition, type SettingsValues } from '@sm/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSignedIn } from '../auth/session-context';
import { ADMINISTRATION_PATH, settingsFormAt } from './administration-paths';
import { ReferenceRowSelect } from './reference-row-select';
import { settingsFormQuery, useSaveSettingsForm } from './settings-form-api';

type Values = Record<string, string | number | boolean | null>;

interface FieldProps {
  field: SettingsField;
  value: string | number | boolean | null;
  error?: string;
  readOnly: boolean;
  onChange: (value: string | number | boolean | null) => void;
}

function FormField(props: FieldProps) {
  const { field, value, error, readOnly, onChange } = props;
  const common = { label: field.label, description: field.help, error, withAsterisk: field.isRequired && !field.isReadOnly, readOnly: readOnly || field.isReadOnly };
  if (field.type === 'boolean') {
    return <Switch label={field.label} description={field.help} error={error} checked={value === true} disabled={readOnly} onChange={(e) => onChange(e.currentTarget.checked)} mt="xs" />;
  }
  if (field.type === 'reference') {
    return <ReferenceRowSelect {...common} list={field.list!} value={value as number | null} onChange={onChange} clearable={!field.isRequired} placeholder="None" />;
  }
  if (field.type === 'choice') {
    return <Select {...common} data={(field.choices ?? []).map((o) => ({ value: o.value, label: o.label }))} value={(value as string | null) ?? null} onChange={onChange} allowDeselect={!field.isRequired} comboboxProps={{ withinPortal: true }} />;
  }
  if (field.type === 'longText') {
    return <Textarea {...common} autosize maxRows={8} value={(value as string | null) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  const inputMode = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.type === 'zip' ? 'numeric' : undefined;
  return <TextInput {...common} type={field.type === 'email' ? 'email' : 'text'} inputMode={inputMode} value={(value as string | null) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** What the form holds, as the body the shared schema reads: the read-only fields left out. */
function bodyOf(def: SettingsFormDefinition, values: Values) {
  return Object.fromEntries(def.fields.filter((f) => !f.isReadOnly).map((f) => [f.field, values[f.field] ?? null]));
}

function SettingsForm({ def, saved, mayEdit }: { def: SettingsFormDefinition; saved: SettingsValues; mayEdit: boolean }) {
  const schema = useMemo(() => settingsFormBodyOf(def), [def]);
  const [values, setValues] = useState<Values>(saved);
  const { errors, clear, check } = useSchemaForm(schema);
  const set = (field: string, value: string | number | boolean | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };
  const save = useSaveSettingsForm(def.key);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(bodyOf(def, values));
    if (!body) return;
    save.mutate(body, {
      onSuccess: (answer) => {
        setValues(answer);
        notifySuccess(`${def.title} saved.`);
      },
    });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" onSubmit={submit} noValidate aria-label={def.title}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {def.fields.map((f) => (
            <div key={f.field} style={f.type === 'longText' ? { gridColumn: '1 / -1' } : undefined}>
              <FormField field={f} value={values[f.field] ?? null} error={errors[f.field]} readOnly={!mayEdit} onChange={(v) => set(f.field, v)} />
            </div>
          ))}
        </SimpleGrid>
        {mayEdit ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            You may read these settings; changing them needs the {def.area ?? 'Super Admin'} write permission.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function SettingsFormView({ def }: { def: SettingsFormDefinition }) {
  usePageTitle(def.title);
  const { access } = useSignedIn();
  const saved = useQuery(settingsFormQuery(def.key));
  return (
    <Stack gap="md" maw={820}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">{def.title}</Text>
      </Breadcrumbs>
      <Stack gap={2}>
        <Title order={2}>{def.title}</Title>
        <Text size="sm" c="dimmed">
          {def.description}
        </Text>
      </Stack>
      {saved.isPending ? (
        <Skeleton height={260} aria-busy="true" aria-label={`Loading the ${def.title.toLowerCase()}`} />
      ) : saved.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={`The ${def.title.toLowerCase()} could not be loaded`}>
          {saved.error.message}
          <Button size="xs" variant="light" mt="xs" display="block" onClick={() => void saved.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <SettingsForm def={def} saved={saved.data} mayEdit={satisfies(access, settingsFormAccess(def, 'write'))} />
      )}
    </Stack>
  );
}

/** One administration settings form (spec platform 2.1, account-settings), whichever it is: found by the page's address. */
export default function SettingsFormPage() {
  const { pathname } = useLocation();
  const def = settingsFormAt(pathname)!;
  return <SettingsFormView key={def.key} def={def} />;
}
