import { Alert, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  BILLING_WRITE, INTACCT_PATHS, QUICKBOOKS_PATHS, quickBooksAccountBody, required, satisfies, type QuickBooksAccount, type QuickBooksAccountInput,
} from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { ConnectionFormHead, StoredSecretInput, useConnectionForm } from '../../../components/connection-form';
import { ConnectionFormButtons, ConnectionTestResult } from '../../../components/connection-test';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { useSignedIn } from '../../platform/auth/session-context';
import { AccountingFrame, PageLink } from './accounting-frame';
import { intacctAccountQuery } from './accounting-api';
import { quickBooksAccountQuery, useSaveQuickBooksAccount, useTestQuickBooksAccount } from './quickbooks-api';

type Values = { baseUrl: string; tokenUrl: string; realmId: string; clientId: string; clientSecret: string; refreshToken: string; isEnabled: boolean };
type Errors = Partial<Record<keyof Values, string>>;

const initialValues = (a: QuickBooksAccount): Values => ({
  baseUrl: a.isConfigured ? a.baseUrl : 'https://quickbooks.api.intuit.com',
  tokenUrl: a.isConfigured ? a.tokenUrl : 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
  realmId: a.realmId,
  clientId: a.clientId,
  clientSecret: '',
  refreshToken: '',
  isEnabled: a.isConfigured ? a.isEnabled : false,
});

/** Field errors from the shared schema, plus the secret and token the first save needs (the server checks the same). */
function errorsOf(values: Values, account: QuickBooksAccount): Errors {
  const errors: Errors = {};
  const parsed = quickBooksAccountBody.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  }
  if (!account.hasClientSecret && values.clientSecret.trim() === '') errors.clientSecret ??= required('Client Secret');
  if (!account.hasRefreshToken && values.refreshToken.trim() === '') errors.refreshToken ??= required('Refresh Token');
  return errors;
}

/**
 * The connection form: the API's and the token endpoint's addresses, the company (realm), the app's client id and
 * secret, the refresh token, the on/off switch, Save, and Test connection with its answer. The secret and the token
 * are never shown: the fields stay blank and say "saved", and a blank field keeps the stored one.
 */
function QuickBooksAccountForm({ account, canWrite }: { account: QuickBooksAccount; canWrite: boolean }) {
  const save = useSaveQuickBooksAccount();
  const test = useTestQuickBooksAccount();
  const { values, errors, isDirty, set, submitWith, saved } = useConnectionForm<Values>({ initial: () => initialValues(account), errorsOf: (v) => errorsOf(v, account), onChange: test.reset });

  const submit = submitWith((v) => {
    const body: QuickBooksAccountInput = {
      baseUrl: v.baseUrl, tokenUrl: v.tokenUrl, realmId: v.realmId, clientId: v.clientId, isEnabled: v.isEnabled,
      ...(v.clientSecret.trim() ? { clientSecret: v.clientSecret } : {}),
      ...(v.refreshToken.trim() ? { refreshToken: v.refreshToken } : {}),
    };
    save.mutate(body, { onSuccess: (stored) => saved(initialValues(stored)) });
  });

  const text = (field: 'baseUrl' | 'tokenUrl' | 'realmId' | 'clientId', label: string, extra: { description?: string; inputMode?: 'url' } = {}) => (
    <TextInput label={label} required value={values[field]} error={errors[field]} onChange={(e) => set(field, e.currentTarget.value)} autoComplete="off" readOnly={!canWrite} {...extra} />
  );
  const secret = (field: 'clientSecret' | 'refreshToken', label: string, isStored: boolean) => (
    <StoredSecretInput label={label} isStored={isStored} value={values[field]} error={errors[field]} onChange={(v) => set(field, v)} readOnly={!canWrite} />
  );
  const answer = test.data ? { ok: test.data.isConnected, message: test.data.message } : undefined;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="form" onSubmit={submit} noValidate aria-label="QuickBooks connection">
      <Stack gap="md">
        <ConnectionFormHead
          account={account}
          firstTime="Not connected yet. Enter the app and the company QuickBooks Online gave your company."
          testId="quickbooks-saved-state"
          isEnabled={values.isEnabled}
          canWrite={canWrite}
          onEnabled={(on) => set('isEnabled', on)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('baseUrl', 'Base URL', { description: "The address of QuickBooks Online's API.", inputMode: 'url' })}
          {text('tokenUrl', 'Token URL', { description: 'Where the refresh token is exchanged.', inputMode: 'url' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {text('realmId', 'Realm ID', { description: 'The QuickBooks company.' })}
          {text('clientId', 'Client ID')}
          {secret('clientSecret', 'Client Secret', account.hasClientSecret)}
        </SimpleGrid>
        {secret('refreshToken', 'Refresh Token', account.hasRefreshToken)}
        {canWrite && (
          <ConnectionFormButtons isSaving={save.isPending} isTesting={test.isPending} canTest={account.isConfigured && !isDirty} isConfigured={account.isConfigured} onTest={() => test.mutate()} />
        )}
        <ConnectionTestResult answer={answer} />
      </Stack>
    </Paper>
  );
}

/** Which system the company posts to: at most one is enabled, and the server refuses enabling the second. */
function PostingSystemNote({ quickBooks }: { quickBooks: QuickBooksAccount }) {
  const intacct = useQuery(intacctAccountQuery);
  const isIntacct = !!intacct.data?.isEnabled;
  const link = <PageLink to={INTACCT_PATHS.settings}>Intacct settings</PageLink>;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title="Accounting system" data-testid="posting-system">
      <Text size="sm">
        {quickBooks.isEnabled ? (
          'Your company posts invoices, payments and credit memos to QuickBooks Online.'
        ) : isIntacct ? (
          <>Your company posts to Sage Intacct. A company posts to one accounting system: switch Intacct off in {link} before enabling QuickBooks.</>
        ) : (
          <>Your company posts to no accounting system yet: enable QuickBooks here, or Intacct in {link}.</>
        )}
      </Text>
    </Alert>
  );
}

/** `/administration/quickbooks/settings`: the company's QuickBooks Online connection, and which system it posts to. */
export default function QuickBooksSettingsPage() {
  const { access } = useSignedIn();
  const canWrite = satisfies(access, BILLING_WRITE);
  const account = useQuery(quickBooksAccountQuery);
  return (
    <AccountingFrame
      title="QuickBooks Settings"
      description="Connect your company's QuickBooks Online to post invoices and payments to it and to read its customers and items."
    >
      {account.isPending && <PageLoader label="Loading the QuickBooks connection" />}
      {account.isError && <LoadFailed title="The QuickBooks connection could not be loaded" error={account.error} onRetry={() => void account.refetch()} />}
      {account.data && <PostingSystemNote quickBooks={account.data} />}
      {account.data && <QuickBooksAccountForm key={account.data.updatedAt ?? 'new'} account={account.data} canWrite={canWrite} />}
      <Text size="sm">
        Then read its customers and items into the <PageLink to={QUICKBOOKS_PATHS.importList}>QuickBooks import list</PageLink>.
      </Text>
    </AccountingFrame>
  );
}
