import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { estimateBody, estimateStatusBody, type EstimateView } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { EstimateFields, headerBody, type HeaderValues } from './estimate-fields';
import { useEstimateChange } from './estimates-api';

/** Asks why the customer declined, then records it; the reason stays on the estimate. */
export function DeclineDialog({ estimate, onClose }: { estimate: EstimateView; onClose: () => void }) {
  const change = useEstimateChange(estimate.customerEstimateId);
  const { errors, clear, check } = useSchemaForm(estimateStatusBody);
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ status: 'Declined', declineReason: reason });
    if (!body) return;
    change.mutate({ kind: 'status', body }, { onSuccess: () => (notifySuccess(`Estimate ${estimate.estimateNumber} declined.`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Decline Estimate" size={500} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Record that {estimate.customerName} declined estimate {estimate.estimateNumber}? It can no longer change afterwards.
          </Text>
          <Textarea
            label="Decline Reason"
            value={reason}
            onChange={(e) => (setReason(e.currentTarget.value), clear('declineReason'))}
            error={errors.declineReason}
            maxLength={500}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={change.isPending}>
              Decline
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Changes the customer, title, description and valid-until date of an estimate that may still change. */
export function HeaderDialog({ estimate, onClose }: { estimate: EstimateView; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const change = useEstimateChange(estimate.customerEstimateId);
  const form = useSchemaForm(estimateBody);
  const [values, setValues] = useState<HeaderValues>({
    customerId: estimate.customerId,
    title: estimate.title,
    description: estimate.description ?? '',
    validUntil: estimate.validUntil ?? '',
  });
  const set = <K extends keyof HeaderValues>(field: K, value: HeaderValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(headerBody(values));
    if (body) change.mutate({ kind: 'header', header: body }, { onSuccess: () => (notifySuccess(`Estimate ${estimate.estimateNumber} saved.`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title={`Edit Estimate ${estimate.estimateNumber}`} size="lg" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EstimateFields values={values} set={set} errors={form.errors} knownCustomer={{ customerId: estimate.customerId, name: estimate.customerName }} />
          <Group justify="flex-end" gap="sm" grow={isPhone}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
