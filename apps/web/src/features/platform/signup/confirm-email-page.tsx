import { Alert, Button, Skeleton } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { PublicFrame } from './public-frame';
import { confirmEmail } from './signup-api';

/**
 * `/register/confirm/{token}` (no sign-in): the link e-mailed at sign-up. Opening it confirms the address, once; the
 * answer is kept for the page's life, so a second render never sends it twice.
 */
export default function ConfirmEmailPage() {
  usePageTitle('Confirm Your E-mail');
  const { token = '' } = useParams();
  const confirmed = useQuery({ queryKey: ['confirmEmail', token], queryFn: () => confirmEmail(token), retry: false, staleTime: Infinity, gcTime: Infinity, meta: { silent: true } });
  return (
    <PublicFrame title="Confirm your e-mail" signInLink={false}>
      {confirmed.isPending ? (
        <Skeleton height={80} aria-label="Confirming the address" />
      ) : confirmed.isError ? (
        <Alert color="red" role="alert" title="The address was not confirmed">
          {confirmed.error.message}
        </Alert>
      ) : (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" title="Address confirmed">
          {confirmed.data.companyName} is ready. Sign in as {confirmed.data.userName}.
        </Alert>
      )}
      <Button component={Link} to="/login" fullWidth variant={confirmed.isError ? 'default' : 'filled'}>
        Go to Sign In
      </Button>
    </PublicFrame>
  );
}
