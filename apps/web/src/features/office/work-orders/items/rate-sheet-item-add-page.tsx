import { Alert, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addRateSheetStandardItemBody, canWrite, formatCurrency, lineTotal, moneyText } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSignedIn } from '../../../platform/auth/session-context';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { workOrderEditPath } from '../edit/work-order-paths';
import { numberOrUndefined, useSchemaForm } from '../../../../lib/schema-form';
import { QUANTITY_INPUT } from '../../../../components/number-inputs';
import { FormButtons } from './item-form-parts';
import { ItemPageFrame } from './item-page-frame';
import { rateSheetItemsQuery, useAddRateSheetItem } from './items-api';

function RateSheetItemForm({ workOrder }: { workOrder: WorkOrderDetails }) {
  const navigate = useNavigate();
  const { access } = useSignedIn();
  const items = useQuery(rateSheetItemsQuery(workOrder.billingCustomerId));
  const add = useAddRateSheetItem(workOrder.workOrderId);
  const { errors, clear, check } = useSchemaForm(addRateSheetStandardItemBody);
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const item = items.data?.find((i) => String(i.rateSheetStandardItemId) === itemId);
  const q = numberOrUndefined(quantity);
  const mayAdd = canWrite(access, 'Work Orders');

  if (workOrder.billingCustomerId == null) {
    return (
      <Alert color="gray" title="No rate sheet">
        This work order has no billing customer, so no rate sheet applies to it.
      </Alert>
    );
  }
  if (items.isError) return <Alert color="red" title="The rate sheet could not be loaded">{items.error.message}</Alert>;
  if (items.data?.length === 0) {
    return (
      <Alert color="gray" title="No rate sheet items">
        The billing customer's rate sheets have no standard items. Use Add Standard Item instead.
      </Alert>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ workOrderId: workOrder.workOrderId, rateSheetStandardItemId: item?.rateSheetStandardItemId, quantity: q });
    if (body) add.mutate(body, { onSuccess: () => void navigate(workOrderEditPath(workOrder.workOrderNumber)) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="Add rate sheet item">
      <Stack gap="md">
        {!mayAdd && (
          <Alert color="yellow" title="Read only">
            You may look at the rate sheet, but not add items to work orders.
          </Alert>
        )}
        <Select
          label="Rate Sheet Item"
          allowDeselect={false}
          withAsterisk
          size="md"
          placeholder={items.isPending ? 'Loading...' : 'Choose an item'}
          data={[...new Set((items.data ?? []).map((i) => i.rateSheetName))].map((group) => ({
            group,
            items: (items.data ?? []).filter((i) => i.rateSheetName === group).map((i) => ({
              value: String(i.rateSheetStandardItemId),
              label: `${i.name} · ${i.itemRateTypeName} — ${formatCurrency(i.price)}`,
            })),
          }))}
          value={itemId}
          onChange={(v) => {
            setItemId(v);
            clear('rateSheetStandardItemId');
          }}
          error={errors.rateSheetStandardItemId}
          searchable
          nothingFoundMessage="No Options"
        />
        <NumberInput
          label="Quantity"
          withAsterisk
          {...QUANTITY_INPUT}
          value={quantity}
          onChange={(v) => {
            setQuantity(v);
            clear('quantity');
          }}
          error={errors.quantity}
        />
        <Group justify="space-between" aria-live="polite">
          <Text size="sm" c="dimmed">
            {item && q !== undefined ? `${q} × ${formatCurrency(item.price)}` : 'Line total'}
          </Text>
          <Text fw={700} size="lg">
            {item && q !== undefined ? moneyText(lineTotal(q, item.price)) : '—'}
          </Text>
        </Group>
        <FormButtons workOrderNumber={workOrder.workOrderNumber} isSaving={add.isPending} isDisabled={!mayAdd} />
      </Stack>
    </Paper>
  );
}

/** `/workOrder/{workOrderNumber}/rateSheetStandardItems/add`: an item of the billing customer's rate sheet at the agreed price. */
export default function RateSheetItemAddPage() {
  return <ItemPageFrame title="Add Rate Sheet Item">{(workOrder) => <RateSheetItemForm workOrder={workOrder} />}</ItemPageFrame>;
}
