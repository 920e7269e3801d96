import { Alert, Anchor, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { resolveLandingIn, useAreas } from '../../../areas/areas-context';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../lib/api';
import { setToken } from '../../../lib/token-store';
import { signupStateQuery } from '../signup/signup-api';
import { readIntendedUrl } from './intended-url';
import { signIn } from './session-api';
import { useSession } from './session-context';

/**
 * Why the sign-in was refused: the answer's sentence, also for a 403 (an address not confirmed yet says which link to
 * open), which elsewhere means a missing permission and reads as the generic sentence.
 */
function signInRefusal(error: Error): string {
  if (error instanceof ApiError && error.status === 403) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return error.message;
}

/**
 * The sign-in page: user name and password; errors (wrong credentials, too many attempts) show in the form.
 * Once the session has loaded, the user lands where `resolveLandingIn` says (spec platform 2.4). It links the sign-up
 * page when public sign-up is open, and sends to the one-time setup while a server with sign-up closed has no company.
 */
export function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const session = useSession();
  const areas = useAreas();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const signup = useQuery(signupStateQuery);

  const login = useMutation({
    mutationFn: signIn,
    meta: { silent: true },
    onSuccess: ({ accessToken }) => setToken(accessToken),
    onError: (error) => setFormError(signInRefusal(error)),
  });

  useEffect(() => {
    if (session.status === 'signedIn' && session.access) {
      void navigate(resolveLandingIn(areas, session.access, readIntendedUrl()), { replace: true });
    }
  }, [session.status, session.access, navigate, areas]);

  // The form's rules, and the schema library with them, load once the page has shown, while the user types: they
  // never delay the page, and are there when the form is sent (which waits for them if sent sooner).
  useEffect(() => {
    const soon = window.setTimeout(() => {
      import('./login-rules').catch(() => undefined);
    }, 0);
    return () => window.clearTimeout(soon);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
  if (signup.data?.needsSetup && !signup.data.publicSignup) return <Navigate to="/setup" replace />;

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
          <Anchor component={Link} to="/forgotPassword" size="sm" ta="center">
            Forgot your password?
          </Anchor>
          {signup.data?.publicSignup && (
            <Text size="sm" ta="center">
              New here?{' '}
              <Anchor component={Link} to="/register">
                Create a company account
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
