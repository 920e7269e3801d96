import { Group, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { formatDateTime } from '@sm/shared';
import { useState, type FormEvent } from 'react';

/**
 * The state of a connection form to an outside system (the accounting systems): the values typed, the errors found
 * on Save, and whether anything changed since the last save (Test connection uses what is stored, so it waits). Each
 * change clears its field's error and the last test's answer.
 */
export function useConnectionForm<Values extends Record<string, unknown>>(opts: { initial: () => Values; errorsOf: (values: Values) => Partial<Record<keyof Values, string>>; onChange: () => void }) {
  const [values, setValues] = useState<Values>(opts.initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [isDirty, setDirty] = useState(false);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDirty(true);
    opts.onChange();
  };

  /** The handler of the form's submit: sends the values when the form finds no error. */
  const submitWith = (send: (values: Values) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = opts.errorsOf(values);
    setErrors(found);
    if (!Object.values(found).some(Boolean)) send(values);
  };

  /** After a save: the form shows what was stored, unchanged. */
  const saved = (next: Values) => {
    setValues(next);
    setDirty(false);
  };

  return { values, errors, isDirty, set, submitWith, saved };
}

/** What a blank field says when a secret is stored. */
export const KEEP_SAVED = 'saved — leave blank to keep';

/** A password or token that is never shown again once stored: blank, saying "saved", and kept when left blank. */
export function StoredSecretInput(props: { label: string; isStored: boolean; value: string; error?: string; onChange: (value: string) => void; readOnly: boolean }) {
  return (
    <PasswordInput
      label={props.label}
      required={!props.isStored}
      placeholder={props.isStored ? KEEP_SAVED : undefined}
      description={props.isStored ? 'Saved' : 'Not saved yet'}
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      autoComplete="new-password"
      readOnly={props.readOnly}
    />
  );
}

/**
 * The head of a connection form: its title, when it was last saved and by whom (or what to enter the first time), and
 * the on/off switch saying what it means.
 */
export function ConnectionFormHead(props: {
  account: { isConfigured: boolean; updatedAt: string | null; updatedBy: string | null };
  firstTime: string;
  testId: string;
  isEnabled: boolean;
  canWrite: boolean;
  onEnabled: (isEnabled: boolean) => void;
}) {
  const { account } = props;
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={2}>
        <Title order={3} size="h4">
          Connection
        </Title>
        <Text size="sm" c="dimmed" data-testid={props.testId}>
          {account.isConfigured && account.updatedAt ? `Last saved${account.updatedBy ? ` by ${account.updatedBy}` : ''} on ${formatDateTime(account.updatedAt)}.` : props.firstTime}
        </Text>
      </Stack>
      <Switch
        label="Enabled"
        checked={props.isEnabled}
        disabled={!props.canWrite}
        onChange={(e) => props.onEnabled(e.currentTarget.checked)}
        description={props.isEnabled ? 'Submitted invoices and payments are posted' : 'Switched off: nothing is posted'}
      />
    </Group>
  );
}
