import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { customerCreditBody, moneyText } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { confirm } from '../../../components/confirm';
import { MONEY_INPUT } from '../../../components/number-inputs';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { useSetCustomerCredit, type AgingRow } from './collections-api';

/** The sentence that tells what a save did to the customer's work orders. */
function savedSentence(name: string, held: number, released: number, isOnHold: boolean) {
  const orders = (n: number) => `${n} work order${n === 1 ? '' : 's'}`;
  if (held > 0) return `${name} is on credit hold: ${orders(held)} moved to Credit Hold.`;
  if (released > 0) return `${name} is off credit hold: ${orders(released)} returned to their status.`;
  return isOnHold ? `${name} is on credit hold.` : `Credit of ${name} saved.`;
}

/**
 * Credit limit and hold of one customer ("Access Customer Credit Limit & OnHold"). Putting a customer on hold asks
 * first: its open work orders then wait in Credit Hold until the hold is taken off.
 */
export function CreditDialog({ customer, onClose }: { customer: AgingRow; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { errors, clear, check } = useSchemaForm(customerCreditBody);
  const [limit, setLimit] = useState<number | string>(customer.creditLimit ?? '');
  const [isOnHold, setOnHold] = useState(customer.isOnCreditHold);
  const save = useSetCustomerCredit(customer.customerId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const body = check({ creditLimit: limit === '' ? null : numberOrUndefined(limit), isOnCreditHold: isOnHold });
    if (!body) return;
    if (body.isOnCreditHold && !customer.isOnCreditHold) {
      const sure = await confirm({
        title: 'Put on credit hold?',
        message: `${customer.customerName} owes ${moneyText(customer.balance)}. Its open work orders move to Credit Hold until the hold is taken off.`,
        confirmLabel: 'Put on hold',
        cancelLabel: 'Cancel',
        danger: true,
      });
      if (!sure) return;
    }
    save.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(savedSentence(customer.customerName, answer.workOrdersHeld, answer.workOrdersReleased, answer.isOnCreditHold));
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Credit — ${customer.customerName}`} size="md" fullScreen={isPhone}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Credit limit and hold">
        <Stack gap="sm">
          <Text size="sm">
            Owes <b>{moneyText(customer.balance)}</b>
            {customer.oldestPastDueDays > 0 ? `, oldest invoice ${customer.oldestPastDueDays} days past due.` : ', nothing past due.'}
          </Text>
          <NumberInput
            {...MONEY_INPUT}
            label="Credit Limit"
            description="Leave empty for no limit"
            value={limit}
            onChange={(n) => {
              setLimit(n);
              clear('creditLimit');
            }}
            error={errors.creditLimit}
            data-autofocus
          />
          <Switch
            label="On credit hold"
            description="Its open work orders wait in Credit Hold, and new ones start there."
            checked={isOnHold}
            onChange={(e) => setOnHold(e.currentTarget.checked)}
            size="md"
          />
          {save.isError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs" grow={isPhone}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
