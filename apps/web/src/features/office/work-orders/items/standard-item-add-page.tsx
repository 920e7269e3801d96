import { Alert, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addStandardItemBody, canWrite, formatCurrency, lineTotal, moneyText, required } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSignedIn } from '../../../platform/auth/session-context';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { workOrderEditPath } from '../edit/work-order-paths';
import { numberOrUndefined, useSchemaForm } from '../../../../lib/schema-form';
import { MONEY_INPUT, QUANTITY_INPUT } from '../../../../components/number-inputs';
import { FormButtons } from './item-form-parts';
import { ItemPageFrame } from './item-page-frame';
import { standardItemCatalogueQuery, useAddStandardItem } from './items-api';

function StandardItemForm({ workOrder }: { workOrder: WorkOrderDetails }) {
  const navigate = useNavigate();
  const { access } = useSignedIn();
  const catalogue = useQuery(standardItemCatalogueQuery);
  const add = useAddStandardItem(workOrder.workOrderId);
  const { errors, clear, check, fail } = useSchemaForm(addStandardItemBody);
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [toll, setToll] = useState<number | string>('');
  const item = catalogue.data?.find((i) => String(i.standardItemId) === itemId);
  const isToll = item?.isPriceTyped ?? false;
  const unitPrice = isToll ? numberOrUndefined(toll) : item?.price;
  const q = numberOrUndefined(quantity);
  const mayAdd = canWrite(access, 'Work Orders');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tollAmount = numberOrUndefined(toll);
    if (isToll && tollAmount === undefined) return fail('unitPrice', required('Toll amount'));
    const body = check({ workOrderId: workOrder.workOrderId, standardItemId: item?.standardItemId, quantity: q, unitPrice: isToll ? tollAmount : null });
    if (body) add.mutate(body, { onSuccess: () => void navigate(workOrderEditPath(workOrder.workOrderNumber)) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="Add standard item">
      <Stack gap="md">
        {!mayAdd && (
          <Alert color="yellow" title="Read only">
            You may look at the catalogue, but not add items to work orders.
          </Alert>
        )}
        <Select
          label="Standard Item"
          allowDeselect={false}
          withAsterisk
          size="md"
          placeholder={catalogue.isPending ? 'Loading...' : 'Choose an item'}
          data={(catalogue.data ?? []).map((i) => ({
            value: String(i.standardItemId),
            label: i.isPriceTyped ? `${i.name} (amount typed)` : `${i.name} — ${formatCurrency(i.price)}`,
          }))}
          value={itemId}
          onChange={(v) => {
            setItemId(v);
            clear('standardItemId');
            clear('unitPrice');
          }}
          error={errors.standardItemId}
          searchable
          nothingFoundMessage="No Options"
        />
        {item?.description && (
          <Text size="sm" c="dimmed" mt={-8}>
            {item.description}
          </Text>
        )}
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
        {isToll && (
          <NumberInput
            label="Toll amount"
            withAsterisk
            {...MONEY_INPUT}
            value={toll}
            onChange={(v) => {
              setToll(v);
              clear('unitPrice');
            }}
            error={errors.unitPrice}
            description="What the toll cost, as on the receipt"
          />
        )}
        <Group justify="space-between" aria-live="polite">
          <Text size="sm" c="dimmed">
            {unitPrice !== undefined && q !== undefined ? `${q} × ${formatCurrency(unitPrice)}` : 'Line total'}
          </Text>
          <Text fw={700} size="lg" data-testid="standard-item-line-total">
            {unitPrice !== undefined && q !== undefined ? moneyText(lineTotal(q, unitPrice)) : '—'}
          </Text>
        </Group>
        <FormButtons workOrderNumber={workOrder.workOrderNumber} isSaving={add.isPending} isDisabled={!mayAdd} />
      </Stack>
    </Paper>
  );
}

/** `/workOrder/{workOrderNumber}/standardItems/add`: an item of the catalogue at its price; the Toll at the typed amount. */
export default function StandardItemAddPage() {
  return <ItemPageFrame title="Add Standard Item">{(workOrder) => <StandardItemForm workOrder={workOrder} />}</ItemPageFrame>;
}
