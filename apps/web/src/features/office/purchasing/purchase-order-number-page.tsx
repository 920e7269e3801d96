import { Alert, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MANAGE_PO_NUMBERS, purchaseOrderNumberBody, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { AdministrationCrumbs, SettingForm } from '../../platform/administration/setting-form';
import { useSignedIn } from '../../platform/auth/session-context';
import { purchaseOrderSettingsQuery, useSetPurchaseOrderNumber } from './purchasing-api';

function PurchaseOrderNumberForm({ current, mayEdit }: { current: number; mayEdit: boolean }) {
  const { errors, clear, check } = useSchemaForm(purchaseOrderNumberBody);
  const [value, setValue] = useState<number | string>(current);
  const save = useSetPurchaseOrderNumber();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ nextPurchaseOrderNumber: numberOrUndefined(value) });
    if (body) save.mutate(body.nextPurchaseOrderNumber, { onSuccess: (s) => notifySuccess(`The next purchase order will be number ${s.nextPurchaseOrderNumber}.`) });
  };
  return (
    <SettingForm title="Manage PO Numbers" description="The number the next purchase order gets; numbers count up from it." onSubmit={submit} isSaving={save.isPending} mayEdit={mayEdit}>
      <NumberInput
        label="Next PO Number" value={value} onChange={(n) => { setValue(n); clear('nextPurchaseOrderNumber'); }} error={errors.nextPurchaseOrderNumber}
        allowDecimal={false} allowNegative={false} hideControls inputMode="numeric" size="md" maw={260} withAsterisk readOnly={!mayEdit}
      />
      {!mayEdit && <Text size="sm" c="dimmed">Changing it needs the Manage PO Numbers permission.</Text>}
    </SettingForm>
  );
}

/** `/administration/account-settings/purchaseOrdersNumber`: the next purchase order number ("Manage PO Numbers"). */
export default function PurchaseOrderNumberPage() {
  usePageTitle('Purchase Order Numbers');
  const { access } = useSignedIn();
  const settings = useQuery(purchaseOrderSettingsQuery);
  return (
    <Stack gap="md" maw={720}>
      <AdministrationCrumbs title="Purchase Order Numbers" />
      <Title order={2}>Purchase Order Numbers</Title>
      {settings.isPending ? (
        <Skeleton height={150} role="status" aria-busy="true" aria-label="Loading the purchase order numbering" />
      ) : settings.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">{settings.error.message}</Alert>
      ) : (
        <PurchaseOrderNumberForm current={settings.data.nextPurchaseOrderNumber} mayEdit={satisfies(access, MANAGE_PO_NUMBERS)} />
      )}
    </Stack>
  );
}
