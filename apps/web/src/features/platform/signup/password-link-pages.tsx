import { Alert, Button, Skeleton, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordSet } from '@sm/shared';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { PasswordForm } from './password-form';
import { PublicFrame } from './public-frame';
import { choosePassword, invitationOf } from './signup-api';

/** Said once a password is set through a link: whom to sign in as. */
function PasswordSetPanel({ done }: { done: PasswordSet }) {
  return (
    <>
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" title="Password saved">
        Sign in to {done.companyName} as {done.userName} with your new password.
      </Alert>
      <Button component={Link} to="/login" fullWidth>
        Go to Sign In
      </Button>
    </>
  );
}

/** `/users/acceptInvitation/{token}` (no sign-in): an invited user is greeted and chooses a first password, once. */
export function AcceptInvitationPage() {
  usePageTitle('Accept Invitation');
  const { token = '' } = useParams();
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: ({ signal }) => invitationOf(token, signal), retry: false, meta: { silent: true } });
  const accept = useMutation({ mutationFn: (password: string) => choosePassword('acceptInvitation', token, password), meta: { silent: true } });
  return (
    <PublicFrame title="Welcome" subtitle={invitation.data ? `${invitation.data.name}, choose the password you will sign in to ${invitation.data.companyName} with.` : undefined} signInLink={false}>
      {accept.isSuccess ? (
        <PasswordSetPanel done={accept.data} />
      ) : invitation.isPending ? (
        <Skeleton height={200} aria-label="Loading the invitation" />
      ) : invitation.isError ? (
        <Alert color="red" role="alert" title="This invitation cannot be used">
          {invitation.error.message}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Your user name is <strong>{invitation.data.userName}</strong>.
          </Text>
          <PasswordForm submitLabel="Save Password" busy={accept.isPending} serverError={accept.error?.message ?? null} onSubmit={(password) => accept.mutate(password)} />
        </>
      )}
    </PublicFrame>
  );
}

/** `/users/resetPassword/{token}` (no sign-in): a new password through the link the forgot-password page sent, once. */
export function ResetPasswordPage() {
  usePageTitle('Choose a New Password');
  const { token = '' } = useParams();
  const reset = useMutation({ mutationFn: (password: string) => choosePassword('resetPassword', token, password), meta: { silent: true } });
  return (
    <PublicFrame title="Choose a new password" signInLink={!reset.isSuccess}>
      {reset.isSuccess ? (
        <PasswordSetPanel done={reset.data} />
      ) : (
        <PasswordForm submitLabel="Save Password" busy={reset.isPending} serverError={reset.error?.message ?? null} onSubmit={(password) => reset.mutate(password)} />
      )}
    </PublicFrame>
  );
}
