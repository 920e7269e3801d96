import { Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { BILLING_WRITE, CHART_OF_ACCOUNTS_READ, INTACCT_PATHS, intacctAccountBody, required, satisfies, type IntacctAccount, type IntacctAccountInput } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { ConnectionFormHead, StoredSecretInput, useConnectionForm } from '../../../components/connection-form';
import { ConnectionFormButtons, ConnectionTestResult } from '../../../components/connection-test';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { useSignedIn } from '../../platform/auth/session-context';
import { AccountingFrame, PageLink } from './accounting-frame';
import { intacctAccountQuery, useSaveIntacctAccount, useTestIntacctConnection } from './accounting-api';

type Values = { endpointUrl: string; senderId: string; senderPassword: string; companyId: string; userId: string; userPassword: string; isEnabled: boolean };
type Errors = Partial<Record<keyof Values, string>>;

const initialValues = (a: IntacctAccount): Values => ({
  endpointUrl: a.isConfigured ? a.endpointUrl : 'https://api.intacct.com/ia/xml/xmlgw.phtml',
  senderId: a.senderId,
  senderPassword: '',
  companyId: a.companyId,
  userId: a.userId,
  userPassword: '',
  // A company connecting for the first time means to post.
  isEnabled: a.isConfigured ? a.isEnabled : true,
});

/** Field errors from the shared schema, plus the passwords the first save needs (the server checks the same). */
function errorsOf(values: Values, account: IntacctAccount): Errors {
  const errors: Errors = {};
  const parsed = intacctAccountBody.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  }
  if (!account.hasSenderPassword && values.senderPassword.trim() === '') errors.senderPassword ??= required('Sender Password');
  if (!account.hasUserPassword && values.userPassword.trim() === '') errors.userPassword ??= required('User Password');
  return errors;
}

/**
 * The connection form: the gateway's address, the sender (the Web Services partner) and the company user the product
 * signs in as, the on/off switch, Save, and Test connection with its answer beside it. Stored passwords are never
 * shown: the fields stay blank and say "saved", and a blank field keeps the stored one.
 */
function IntacctAccountForm({ account, canWrite }: { account: IntacctAccount; canWrite: boolean }) {
  const save = useSaveIntacctAccount();
  const test = useTestIntacctConnection();
  const { values, errors, isDirty, set, submitWith, saved } = useConnectionForm<Values>({ initial: () => initialValues(account), errorsOf: (v) => errorsOf(v, account), onChange: test.reset });

  const submit = submitWith((v) => {
    const body: IntacctAccountInput = {
      endpointUrl: v.endpointUrl, senderId: v.senderId, companyId: v.companyId, userId: v.userId, isEnabled: v.isEnabled,
      ...(v.senderPassword.trim() ? { senderPassword: v.senderPassword } : {}),
      ...(v.userPassword.trim() ? { userPassword: v.userPassword } : {}),
    };
    save.mutate(body, { onSuccess: (stored) => saved(initialValues(stored)) });
  });

  const canTest = account.isConfigured && !isDirty;
  const text = (field: 'endpointUrl' | 'senderId' | 'companyId' | 'userId', label: string, extra: { description?: string; inputMode?: 'url' } = {}) => (
    <TextInput label={label} required value={values[field]} error={errors[field]} onChange={(e) => set(field, e.currentTarget.value)} autoComplete="off" readOnly={!canWrite} {...extra} />
  );
  const password = (field: 'senderPassword' | 'userPassword', label: string, isStored: boolean) => (
    <StoredSecretInput label={label} isStored={isStored} value={values[field]} error={errors[field]} onChange={(v) => set(field, v)} readOnly={!canWrite} />
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="form" onSubmit={submit} noValidate aria-label="Intacct connection">
      <Stack gap="md">
        <ConnectionFormHead
          account={account}
          firstTime="Not connected yet. Enter the Web Services sender and the company user Intacct gave your company."
          testId="intacct-saved-state"
          isEnabled={values.isEnabled}
          canWrite={canWrite}
          onEnabled={(on) => set('isEnabled', on)}
        />
        {text('endpointUrl', 'Endpoint URL', { description: "The address of Intacct's XML gateway.", inputMode: 'url' })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('senderId', 'Sender ID')}
          {password('senderPassword', 'Sender Password', account.hasSenderPassword)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {text('companyId', 'Company ID')}
          {text('userId', 'User ID')}
          {password('userPassword', 'User Password', account.hasUserPassword)}
        </SimpleGrid>
        {canWrite && <ConnectionFormButtons isSaving={save.isPending} isTesting={test.isPending} canTest={canTest} isConfigured={account.isConfigured} onTest={() => test.mutate()} />}
        <ConnectionTestResult answer={test.data} />
      </Stack>
    </Paper>
  );
}

/** `/administration/intacct/settings`: the company's Sage Intacct connection, and where the rest of accounting is set. */
export default function IntacctSettingsPage() {
  const { access } = useSignedIn();
  const canWrite = satisfies(access, BILLING_WRITE);
  const account = useQuery(intacctAccountQuery);
  return (
    <AccountingFrame
      title="Intacct Settings"
      description="Connect your company's Sage Intacct so submitted invoices, payments and credit memos are posted to its books."
    >
      {account.isPending && <PageLoader label="Loading the Intacct connection" />}
      {account.isError && <LoadFailed title="The Intacct connection could not be loaded" error={account.error} onRetry={() => void account.refetch()} />}
      {account.data && <IntacctAccountForm key={account.data.updatedAt ?? 'new'} account={account.data} canWrite={canWrite} />}
      <Text size="sm">
        Then bring in the <PageLink to={INTACCT_PATHS.chartOfAccount} isAllowed={satisfies(access, CHART_OF_ACCOUNTS_READ)}>chart of accounts</PageLink> and
        choose the <PageLink to={INTACCT_PATHS.lineKindAccounts}>account of each kind of line</PageLink>; the{' '}
        <PageLink to={INTACCT_PATHS.syncLog}>sync log</PageLink> shows what was posted.
      </Text>
    </AccountingFrame>
  );
}
