import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { applyCreditBody, compareMoney, moneyText } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { MONEY_INPUT } from '../../../components/number-inputs';
import { BILLING_KEY, fetchBillingPage, useApplyCredit, type CreditMemo } from './invoices-api';

/** The open invoices of the memo's billing customer, the ones a credit may settle. */
function useOpenInvoices(memo: CreditMemo) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'openInvoices', memo.billingCustomerId],
    queryFn: ({ signal }) =>
      fetchBillingPage(
        {
          take: 100,
          sort: [{ field: 'invoiceNumber', dir: 'desc' }],
          filter: { logic: 'and', filters: [{ field: 'billingCustomerName', operator: 'eq', value: memo.billingCustomerName }, { field: 'status', operator: 'eq', value: 'Submitted' }] },
        },
        signal,
      ).then((page) => page.data),
    staleTime: 0,
  });
}

/**
 * Apply Credits: part or all of what is left on a credit memo settles one open invoice of the same billing customer, at
 * most what is left and what the invoice has due; the server checks both again and answers its sentence otherwise.
 */
export function ApplyCreditDialog({ memo, onClose }: { memo: CreditMemo; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { errors, clear, check, fail } = useSchemaForm(applyCreditBody);
  const invoices = useOpenInvoices(memo);
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const apply = useApplyCredit();
  const chosen = invoices.data?.find((i) => String(i.invoiceId) === invoiceId);
  const choose = (id: string | null) => {
    setInvoiceId(id);
    clear('invoiceId');
    const inv = invoices.data?.find((i) => String(i.invoiceId) === id);
    if (inv) setAmount(compareMoney(inv.amountDue, memo.remaining) < 0 ? inv.amountDue : memo.remaining);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ creditMemoId: memo.creditMemoId, invoiceId: invoiceId ? Number(invoiceId) : undefined, amount: numberOrUndefined(amount) });
    if (!body) return;
    if (compareMoney(body.amount, memo.remaining) > 0) return fail('amount', `Amount must be at most what is left on the credit memo, ${moneyText(memo.remaining)}.`);
    if (chosen && compareMoney(body.amount, chosen.amountDue) > 0) return fail('amount', `Amount must be at most the amount due, ${moneyText(chosen.amountDue)}.`);
    apply.mutate(body, {
      onSuccess: (invoice) => {
        notifySuccess(`${moneyText(body.amount)} applied to invoice ${invoice.invoiceNumber}.`);
        onClose();
      },
    });
  };
  const options = (invoices.data ?? []).map((i) => ({ value: String(i.invoiceId), label: `${i.invoiceNumber} — WO ${i.workOrderNumber} — due ${moneyText(i.amountDue)}` }));
  return (
    <Modal opened onClose={onClose} title="Apply Credit" size="md" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate aria-label="Apply Credit">
        <Stack gap="sm">
          <Text size="sm">
            {memo.billingCustomerName}: <b>{moneyText(memo.remaining)}</b> left on this credit memo.
          </Text>
          <Select
            label="Invoice"
            placeholder={invoices.isPending ? 'Loading...' : 'Choose an open invoice'}
            nothingFoundMessage="No Options"
            data={options}
            value={invoiceId}
            onChange={choose}
            error={errors.invoiceId ?? (invoices.isSuccess && options.length === 0 ? 'This customer has no invoice with an amount due.' : undefined)}
            searchable
            size="md"
            withAsterisk
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
          <Group justify="flex-end" gap="sm" mt="xs" grow={isPhone}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={apply.isPending}>
              Apply Credit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
