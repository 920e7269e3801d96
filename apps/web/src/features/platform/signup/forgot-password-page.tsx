import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { forgotPasswordBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { PublicFrame } from './public-frame';
import { forgotPassword } from './signup-api';

/**
 * `/forgotPassword` (no sign-in): a user name or an e-mail address; the answer is the same whether or not an account
 * matches, and a matching account is sent a link to choose a new password.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: forgotPassword, meta: { silent: true } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordBody.safeParse({ userNameOrEmail: typed });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
    setError(null);
    send.mutate(parsed.data.userNameOrEmail);
  };
  const shown = error ?? send.error?.message ?? null;
  return (
    <PublicFrame title="Forgot your password?" subtitle="We e-mail you a link to choose a new one.">
      {send.isSuccess ? (
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {send.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Send Link">
          <Stack gap="md">
            {shown && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">
                {shown}
              </Alert>
            )}
            <TextInput label="User Name or Email" withAsterisk autoFocus autoComplete="username" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} error={error ?? undefined} />
            <Text size="xs" c="dimmed">
              The link works once, within the hour. Nothing arrived? Look in the spam folder, or ask your administrator.
            </Text>
            <Button type="submit" loading={send.isPending} fullWidth>
              Send Link
            </Button>
          </Stack>
        </form>
      )}
    </PublicFrame>
  );
}
