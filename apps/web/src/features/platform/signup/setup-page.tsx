import { Skeleton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { setToken } from '../../../lib/token-store';
import { CompanyForm } from './company-form';
import { PublicFrame } from './public-frame';
import { setupFirstCompany, signupStateQuery } from './signup-api';

/**
 * `/setup`: the one-time setup of a server started on an empty database with public sign-up closed. The sign-in page
 * sends here while no company exists; once the first company is made its Super Admin is signed in, and the page sends
 * everyone to the sign-in page from then on.
 */
export default function SetupPage() {
  usePageTitle('Set Up Service Managed');
  const client = useQueryClient();
  const navigate = useNavigate();
  const state = useQuery(signupStateQuery);
  const setup = useMutation({
    mutationFn: setupFirstCompany,
    meta: { silent: true },
    onSuccess: ({ accessToken }) => {
      setToken(accessToken);
      client.setQueryData(signupStateQuery.queryKey, (old) => (old ? { ...old, needsSetup: false } : old));
      void navigate('/', { replace: true });
    },
  });

  if (state.data && (!state.data.needsSetup || state.data.publicSignup) && !setup.isSuccess) return <Navigate to="/login" replace />;
  return (
    <PublicFrame title="Set up your company" subtitle="This server has no company yet. Enter yours and its first administrator; you are signed in when it is done." width={640} signInLink={false}>
      {state.isPending ? (
        <Skeleton height={480} aria-label="Loading the setup form" />
      ) : (
        <CompanyForm submitLabel="Set Up Company" busy={setup.isPending || setup.isSuccess} serverError={setup.error?.message ?? state.error?.message ?? null} onSubmit={(body) => setup.mutate(body)} />
      )}
    </PublicFrame>
  );
}
