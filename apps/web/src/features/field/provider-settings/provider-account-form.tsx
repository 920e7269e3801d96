import { Group, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { formatDateTime, PROVIDER_LABELS, PROVIDER_NEEDS_USER, type ProviderAccount, providerAccountBody, type ProviderAccountInput, required } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { ConnectionFormButtons, ConnectionTestResult } from '../../../components/connection-test';
import { useSaveProviderAccount, useTestProviderConnection } from './provider-settings-api';

type Values = { baseUrl: string; clientId: string; clientSecret: string; userName: string; password: string; isEnabled: boolean };
type Errors = Partial<Record<keyof Values, string>>;

const KEEP_SAVED = 'saved — leave blank to keep';

function initialValues(account: ProviderAccount): Values {
  return {
    baseUrl: account.baseUrl,
    clientId: account.clientId,
    clientSecret: '',
    userName: account.userName ?? '',
    password: '',
    // A company connecting for the first time means to use the connection.
    isEnabled: account.isConfigured ? account.isEnabled : true,
  };
}

/** Field errors from the shared schema, plus the secrets the first save needs (the server checks the same). */
function errorsOf(values: Values, account: ProviderAccount): Errors {
  const needsUser = PROVIDER_NEEDS_USER[account.provider];
  const errors: Errors = {};
  const parsed = providerAccountBody.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Values;
      errors[field] ??= issue.message;
    }
  }
  if (!account.hasClientSecret && values.clientSecret.trim() === '') errors.clientSecret ??= required('Client Secret');
  if (needsUser && values.userName.trim() === '') errors.userName ??= required('User Name');
  if (needsUser && !account.hasPassword && values.password.trim() === '') errors.password ??= required('Password');
  return errors;
}

/**
 * The connection form of one provider: address, client credentials (and for ServiceChannel the user it signs in),
 * the on/off switch, Save, and Test connection with its answer shown beside it. Stored secrets are never shown: the
 * fields stay blank and say so, and a blank field keeps the stored value.
 */
export function ProviderAccountForm({ account }: { account: ProviderAccount }) {
  const name = PROVIDER_LABELS[account.provider];
  const needsUser = PROVIDER_NEEDS_USER[account.provider];
  const [values, setValues] = useState<Values>(() => initialValues(account));
  const [errors, setErrors] = useState<Errors>({});
  const [isDirty, setDirty] = useState(false);
  const save = useSaveProviderAccount(account.provider);
  const test = useTestProviderConnection(account.provider);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDirty(true);
    test.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = errorsOf(values, account);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const body: ProviderAccountInput = {
      baseUrl: values.baseUrl,
      clientId: values.clientId,
      isEnabled: values.isEnabled,
      ...(values.clientSecret.trim() ? { clientSecret: values.clientSecret } : {}),
      ...(needsUser ? { userName: values.userName } : {}),
      ...(needsUser && values.password.trim() ? { password: values.password } : {}),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        setValues(initialValues(saved));
        setDirty(false);
      },
    });
  };

  const secretPlaceholder = (isStored: boolean) => (isStored ? KEEP_SAVED : undefined);
  const canTest = account.isConfigured && !isDirty;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="form" onSubmit={submit} noValidate aria-label={`${name} connection`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4">
              Connection
            </Title>
            <Text size="sm" c="dimmed">
              {account.isConfigured && account.updatedAt
                ? `Last saved${account.updatedBy ? ` by ${account.updatedBy}` : ''} on ${formatDateTime(account.updatedAt)}.`
                : `Not connected yet. Enter the account ${name} gave your company.`}
            </Text>
          </Stack>
          <Switch
            label="Enabled"
            checked={values.isEnabled}
            onChange={(e) => set('isEnabled', e.currentTarget.checked)}
            description={values.isEnabled ? `Work orders from ${name} use it` : 'Switched off'}
          />
        </Group>
        <TextInput
          label="Base URL"
          required
          placeholder="https://"
          description={`The address of the ${name} API: its sandbox address while trying things out, its production address for real work.`}
          value={values.baseUrl}
          error={errors.baseUrl}
          onChange={(e) => set('baseUrl', e.currentTarget.value)}
          autoComplete="off"
          inputMode="url"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Client ID" required value={values.clientId} error={errors.clientId} onChange={(e) => set('clientId', e.currentTarget.value)} autoComplete="off" />
          <PasswordInput
            label="Client Secret"
            required={!account.hasClientSecret}
            placeholder={secretPlaceholder(account.hasClientSecret)}
            value={values.clientSecret}
            error={errors.clientSecret}
            onChange={(e) => set('clientSecret', e.currentTarget.value)}
            autoComplete="new-password"
          />
          {needsUser && (
            <TextInput label="User Name" required value={values.userName} error={errors.userName} onChange={(e) => set('userName', e.currentTarget.value)} autoComplete="off" />
          )}
          {needsUser && (
            <PasswordInput
              label="Password"
              required={!account.hasPassword}
              placeholder={secretPlaceholder(account.hasPassword)}
              value={values.password}
              error={errors.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              autoComplete="new-password"
            />
          )}
        </SimpleGrid>
        <ConnectionFormButtons isSaving={save.isPending} isTesting={test.isPending} canTest={canTest} isConfigured={account.isConfigured} onTest={() => test.mutate()} />
        <ConnectionTestResult answer={test.data} />
      </Stack>
    </Paper>
  );
}
