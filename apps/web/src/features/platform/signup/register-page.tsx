import { Alert, Button, Skeleton, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SIGNUP_CONFIRM_HOURS } from '@sm/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { CompanyForm } from './company-form';
import { PublicFrame } from './public-frame';
import { registerCompany, signupStateQuery } from './signup-api';

/**
 * `/register` (spec platform 2.1, no sign-in): a new company with its first Super Admin, when the server's operator
 * opened public sign-up. The address is confirmed by the e-mailed link before the first sign-in.
 */
export default function RegisterPage() {
  usePageTitle('Create a Company Account');
  const state = useQuery(signupStateQuery);
  const register = useMutation({ mutationFn: registerCompany, meta: { silent: true } });

  if (register.isSuccess) {
    return (
      <PublicFrame title="Check your e-mail" signInLink={false}>
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {register.data.message}
        </Alert>
        <Text size="sm" c="dimmed">
          The link works once, for {SIGNUP_CONFIRM_HOURS} hours. Nothing arrived? Look in the spam folder; signing in after the link expired sends a new one.
        </Text>
        <Button component={Link} to="/login" fullWidth>
          Go to Sign In
        </Button>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame title="Create a company account" subtitle="Your company, and you as its first administrator." width={640}>
      {state.isPending ? (
        <Skeleton height={480} aria-label="Loading the sign-up form" />
      ) : state.isError || !state.data.publicSignup ? (
        <Alert color="gray" role="alert" title="Sign-up is closed">
          {state.isError ? state.error.message : 'Sign-up is closed on this server. Ask its operator for an account.'}
        </Alert>
      ) : (
        <CompanyForm submitLabel="Create Account" busy={register.isPending} serverError={register.error?.message ?? null} onSubmit={(body) => register.mutate(body)} />
      )}
    </PublicFrame>
  );
}
