import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxExemptBody, type TaxExemptAnswer, type TaxExemptBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useReturnFocus } from '../../../components/use-return-focus';
import { apiGet, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { AttachmentsPanel } from '../../platform/files/attachments-panel';
import { useSchemaForm } from '../../../lib/schema-form';
import { CUSTOMERS_KEY } from './customers-api';

const taxExemptQuery = (customerId: number) =>
  queryOptions({
    queryKey: [CUSTOMERS_KEY, 'taxExempt', customerId],
    queryFn: ({ signal }) => apiGet<TaxExemptAnswer>(`Customer/${customerId}/taxExempt`, { signal }),
    staleTime: 0,
  });

function TaxExemptForm({ facts, onClose }: { facts: TaxExemptAnswer; onClose: () => void }) {
  const client = useQueryClient();
  const { errors, clear, check } = useSchemaForm(taxExemptBody);
  const [isTaxExempt, setExempt] = useState(facts.isTaxExempt);
  const [certificateNumber, setCertificate] = useState(facts.certificateNumber ?? '');
  const [expiresOn, setExpiresOn] = useState(facts.expiresOn ?? '');
  const save = useMutation({
    mutationFn: (body: TaxExemptBody) => apiPut<TaxExemptAnswer>(`Customer/${facts.customerId}/taxExempt`, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [CUSTOMERS_KEY] });
      notifySuccess('Tax exemption saved.');
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ isTaxExempt, certificateNumber: certificateNumber.trim() || null, expiresOn: expiresOn || null });
    if (body) save.mutate(body);
  };
  const isExpired = isTaxExempt && expiresOn !== '' && expiresOn < facts.today;
  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label="Tax exemption">
        <Stack gap="sm">
          <Switch
            label="Tax exempt"
            description="Invoices dated on or before the certificate's expiry date (any date when it has none) charge no tax; invoices already submitted keep theirs."
            checked={isTaxExempt}
            onChange={(e) => setExempt(e.currentTarget.checked)}
            data-autofocus
          />
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Certificate Number"
              value={certificateNumber}
              onChange={(e) => {
                setCertificate(e.currentTarget.value);
                clear('certificateNumber');
              }}
              error={errors.certificateNumber}
              maxLength={100}
              miw={200}
            />
            <TextInput
              type="date"
              label="Expires On"
              value={expiresOn}
              onChange={(e) => {
                setExpiresOn(e.currentTarget.value);
                clear('expiresOn');
              }}
              error={errors.expiresOn}
              miw={160}
            />
          </Group>
          {isExpired && (
            <Alert color="orange" icon={<IconInfoCircle size={18} />} role="status">
              This certificate has expired: invoices dated after it are taxed. Ask the customer for a new one.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <AttachmentsPanel
        folder={facts.folder}
        title="Exempt certificates"
        canChange={facts.canAddFiles}
        notice={
          facts.canAddFiles ? undefined : (
            <Text size="sm" c="dimmed">
              Only a Super Admin or a Payroll Manager may add certificate files.
            </Text>
          )
        }
      />
    </Stack>
  );
}

/**
 * The Tax Exempt dialog (spec platform 2.6, 6.2): whether the customer is exempt, its certificate's number and end,
 * and the scanned certificates. Open to Super Admin and users with write on Customers; certificate files are added
 * only by a Super Admin or a Payroll Manager.
 */
export function TaxExemptDialog({ customerId, customerName, onClose }: { customerId: number; customerName: string; onClose: () => void }) {
  useReturnFocus();
  const isPhone = useIsPhone();
  const facts = useQuery(taxExemptQuery(customerId));
  return (
    <Modal opened onClose={onClose} title={`Tax Exempt: ${customerName}`} size="lg" fullScreen={isPhone}>
      {facts.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label="Loading the tax exemption" />
        </Group>
      ) : facts.isError ? (
        <Alert color="red" role="alert">
          {facts.error.message}
        </Alert>
      ) : (
        <TaxExemptForm facts={facts.data} onClose={onClose} />
      )}
    </Modal>
  );
}
