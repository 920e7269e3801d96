import { Alert, NumberInput, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { BILLING_WRITE, convenienceFeeBody, invoiceNumberBody, MANAGE_INVOICE_NUMBERS, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { AdministrationCrumbs, SettingForm } from '../../platform/administration/setting-form';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { billingSettingsQuery, useSetConvenienceFee, useSetInvoiceNumber } from './invoices-api';

function InvoiceNumberForm({ current, mayEdit }: { current: number; mayEdit: boolean }) {
  const { errors, clear, check } = useSchemaForm(invoiceNumberBody);
  const [value, setValue] = useState<number | string>(current);
  const save = useSetInvoiceNumber();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ nextInvoiceNumber: numberOrUndefined(value) });
    if (body) save.mutate(body.nextInvoiceNumber, { onSuccess: (s) => notifySuccess(`The next invoice will be number ${s.nextInvoiceNumber}.`) });
  };
  return (
    <SettingForm title="Manage Invoice Numbers" description="The number the next submitted invoice gets; numbers count up from it and are never given twice." onSubmit={submit} isSaving={save.isPending} mayEdit={mayEdit}>
      <NumberInput
        label="Next Invoice Number" value={value} onChange={(n) => { setValue(n); clear('nextInvoiceNumber'); }} error={errors.nextInvoiceNumber}
        allowDecimal={false} allowNegative={false} hideControls inputMode="numeric" size="md" maw={260} withAsterisk readOnly={!mayEdit}
      />
    </SettingForm>
  );
}

function ConvenienceFeeForm({ current, mayEdit }: { current: number; mayEdit: boolean }) {
  const { errors, clear, check } = useSchemaForm(convenienceFeeBody);
  const [value, setValue] = useState<number | string>(current);
  const save = useSetConvenienceFee();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ convenienceFeePercent: numberOrUndefined(value) });
    if (body) save.mutate(body.convenienceFeePercent, { onSuccess: (s) => notifySuccess(`Card payments now carry a ${s.convenienceFeePercent}% convenience fee.`) });
  };
  return (
    <SettingForm title="Convenience Fee" description="The percent charged on top of each card payment, for invoices submitted from now on." onSubmit={submit} isSaving={save.isPending} mayEdit={mayEdit}>
      <NumberInput
        label="Convenience Fee" suffix="%" value={value} onChange={(n) => { setValue(n); clear('convenienceFeePercent'); }} error={errors.convenienceFeePercent}
        decimalScale={3} allowNegative={false} hideControls inputMode="decimal" size="md" maw={260} withAsterisk readOnly={!mayEdit}
      />
    </SettingForm>
  );
}

/** `/administration/account-settings/invoiceNumber`: the next invoice number ("Manage Invoice Numbers") and the card convenience fee. */
export default function BillingSettingsPage() {
  usePageTitle('Invoice Numbers');
  const { access } = useSignedIn();
  const settings = useQuery(billingSettingsQuery);
  return (
    <Stack gap="md" maw={720}>
      <AdministrationCrumbs title="Invoice Numbers" />
      <Title order={2}>Invoice Numbers and Convenience Fee</Title>
      {settings.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the billing settings">
          <Skeleton height={150} />
          <Skeleton height={150} />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">{settings.error.message}</Alert>
      ) : (
        <>
          <InvoiceNumberForm current={settings.data.nextInvoiceNumber} mayEdit={satisfies(access, MANAGE_INVOICE_NUMBERS)} />
          <ConvenienceFeeForm current={settings.data.convenienceFeePercent} mayEdit={satisfies(access, BILLING_WRITE)} />
        </>
      )}
    </Stack>
  );
}
