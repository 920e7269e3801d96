import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createCreditMemoBody, moneyText } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { CustomerPicker } from '../../office/customers/customer-picker';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { MONEY_INPUT } from '../../../components/number-inputs';
import { useCreateCreditMemo } from './invoices-api';

/** New Credit Memo: money owed to a billing customer, with the reason, checked with the shared schema. */
export function CreditMemoDialog({ onClose }: { onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { errors, clear, check } = useSchemaForm(createCreditMemoBody);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const create = useCreateCreditMemo();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ billingCustomerId: customerId ?? undefined, amount: numberOrUndefined(amount), reason });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (memo) => {
        notifySuccess(`Credit memo of ${moneyText(memo.amount)} for ${memo.billingCustomerName} created.`);
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title="New Credit Memo" size="md" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate aria-label="New Credit Memo">
        <Stack gap="sm">
          <CustomerPicker
            label="Billing Customer"
            billingOnly
            required
            value={customerId}
            onChange={(id) => {
              setCustomerId(id);
              clear('billingCustomerId');
            }}
            error={errors.billingCustomerId}
          />
          <NumberInput
            {...MONEY_INPUT}
            label="Amount"
            value={amount}
            onChange={(n) => {
              setAmount(n);
              clear('amount');
            }}
            error={errors.amount}
            withAsterisk
          />
          <Textarea
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              clear('reason');
            }}
            error={errors.reason}
            maxLength={500}
            size="md"
            withAsterisk
          />
          <Group justify="flex-end" gap="sm" mt="xs" grow={isPhone}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Credit Memo
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
