import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { resolveLandingIn, useAreas } from '../../../areas/areas-context';
import { usePageTitle } from '../../../components/use-page-title';
import { GENERIC_ERROR_MESSAGE } from '../../../lib/api';
import { setToken } from '../../../lib/token-store';
import { readIntendedUrl } from './intended-url';
import { signIn } from './session-api';
import { useSession } from './session-context';

/**
 * The sign-in page: user name and password; errors (wrong credentials, too many attempts) show in the form.
 * Once the session has loaded, the user lands where `resolveLandingIn` says (spec platform 2.4).
 */
export function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const session = useSession();
  const areas = useAreas();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: signIn,
    meta: { silent: true },
    onSuccess: ({ accessToken }) => setToken(accessToken),
    onError: (error) => setFormError(error.message),
  });

  useEffect(() => {
    if (session.status === 'signedIn' && session.access) {
      void navigate(resolveLandingIn(areas, session.access, readIntendedUrl()), { replace: true });
    }
  }, [session.status, session.access, navigate, areas]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form's rules load when it is sent: the sign-in page downloads no schema library.
    import('./login-rules').then(
      ({ loginBody }) => {
        const parsed = loginBody.safeParse({ userName, password });
        if (!parsed.success) {
          setFormError(parsed.error.issues[0]?.message ?? 'Please check the form.');
          return;
        }
        setFormError(null);
        login.mutate(parsed.data);
      },
      () => setFormError(GENERIC_ERROR_MESSAGE),
    );
  };

  const busy = login.isPending || (login.isSuccess && session.status === 'loading');

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper component="form" onSubmit={submit} noValidate withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <Stack gap="md">
          <Box>
            <Title order={1} size="h2" c="brand.7">
              Service Managed
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to continue
            </Text>
          </Box>
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
              {formError}
            </Alert>
          )}
          <TextInput
            label="User Name"
            name="userName"
            autoComplete="username"
            required
            autoFocus
            value={userName}
            onChange={(e) => setUserName(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Sign In
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
