import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CARD_PAYMENT_METHOD, compareMoney, convenienceFeeOf, moneyText, PAYMENT_METHODS, processPaymentBody, sumMoney } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { MONEY_INPUT } from '../../../components/number-inputs';
import { paymentMethodChoicesQuery, useProcessPayment } from './invoices-api';

interface Props {
  invoiceId: number;
  invoiceNumber: number;
  /** What is still due, as the invoice answered it: the most a payment may be. */
  amountDue: number;
  convenienceFeePercent: number;
  onClose: () => void;
}

/**
 * Process Payment (spec platform 2.6, 5.3): the amount is required, numeric, at least 0 and at most the amount due, checked
 * with the shared schema and the shared decimal comparison before it is sent; the methods are the company's Payment
 * Methods list, and a card payment shows the convenience fee charged on top. A refusal from the server keeps the dialog open with its sentence, and nothing is changed.
 */
export function ProcessPaymentDialog({ invoiceId, invoiceNumber, amountDue, convenienceFeePercent, onClose }: Props) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { errors, clear, check, fail } = useSchemaForm(processPaymentBody);
  const [amount, setAmount] = useState<number | string>(amountDue);
  // Until the company's list arrives, the methods every company takes; Check first chosen when the list has it.
  const methods: readonly string[] = useQuery(paymentMethodChoicesQuery).data ?? PAYMENT_METHODS;
  const [picked, setMethod] = useState<string | null>(null);
  const method = picked ?? (methods.includes('Check') ? 'Check' : methods[0]);
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(() => dayjs().format('YYYY-MM-DD'));
  const pay = useProcessPayment(invoiceId);
  const typed = numberOrUndefined(amount);
  const isCard = method === CARD_PAYMENT_METHOD;
  const fee = isCard && typed !== undefined ? convenienceFeeOf(typed, convenienceFeePercent) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    pay.reset();
    const body = check({ amount: typed, paymentMethod: method, paidOn: paidOn || undefined, reference: reference.trim() || null });
    if (!body) return;
    if (compareMoney(body.amount, amountDue) > 0) return fail('amount', `Amount must be at most the amount due, ${moneyText(amountDue)}.`);
    pay.mutate(body, {
      onSuccess: (history) => {
        notifySuccess(`Payment of ${moneyText(body.amount)} recorded. Amount due: ${moneyText(history.amountDue)}.`);
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Process Payment — Invoice ${invoiceNumber}`} size="md" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate aria-label="Process Payment">
        <Stack gap="sm">
          <Text size="sm">
            Amount due: <b data-testid="payment-amount-due">{moneyText(amountDue)}</b>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
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
              data-autofocus
            />
            <Select
              label="Payment Method"
              data={[...methods]}
              value={method}
              onChange={(m) => m && setMethod(m)}
              allowDeselect={false}
              error={errors.paymentMethod}
              size="md"
              withAsterisk
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Payment Date"
              description="When the money was received"
              value={paidOn}
              onChange={(e) => {
                setPaidOn(e.currentTarget.value);
                clear('paidOn');
              }}
              error={errors.paidOn}
              size="md"
            />
            <TextInput
              label="Reference"
              description="Check number or card authorisation"
              value={reference}
              onChange={(e) => {
                setReference(e.currentTarget.value);
                clear('reference');
              }}
              error={errors.reference}
              maxLength={100}
              size="md"
            />
          </SimpleGrid>
          {isCard && (
            <Text size="sm" data-testid="convenience-fee">
              Convenience fee ({convenienceFeePercent}%): <b>{fee ? moneyText(fee) : '—'}</b>
              {fee && typed !== undefined && <> · charged to the card: <b>{moneyText(sumMoney([typed, fee]))}</b></>}
            </Text>
          )}
          {pay.isError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="payment-refused">
              {pay.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs" grow={isPhone}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pay.isPending}>
              Process Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
