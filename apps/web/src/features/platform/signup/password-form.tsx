import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { choosePasswordBody, PASSWORD_RULE } from '@sm/shared';
import { useState, type FormEvent } from 'react';

/**
 * A new password, typed twice, checked with the server's rule before it is sent (an invitation's first password, or a
 * forgotten one's replacement).
 */
export function PasswordForm({ submitLabel, busy, serverError, onSubmit }: { submitLabel: string; busy: boolean; serverError: string | null; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'confirm'; message: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = choosePasswordBody.safeParse({ password });
    if (!parsed.success) return setError({ field: 'password', message: parsed.error.issues[0]?.message ?? PASSWORD_RULE });
    if (confirm !== password) return setError({ field: 'confirm', message: 'The two passwords are not the same.' });
    setError(null);
    onSubmit(parsed.data.password);
  };
  const shown = error?.message ?? serverError;
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        {shown && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">
            {shown}
          </Alert>
        )}
        <PasswordInput
          label="New Password"
          withAsterisk
          autoFocus
          autoComplete="new-password"
          description={error?.field === 'password' ? undefined : PASSWORD_RULE}
          visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setError(null);
          }}
          error={error?.field === 'password' ? error.message : undefined}
        />
        <PasswordInput
          label="Confirm Password"
          withAsterisk
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
          value={confirm}
          onChange={(e) => {
            setConfirm(e.currentTarget.value);
            setError(null);
          }}
          error={error?.field === 'confirm' ? error.message : undefined}
        />
        <Button type="submit" loading={busy} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
