import { Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addMaterialBody, lineTotal, moneyText, priceWithMarkup } from '@sm/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { workOrderEditPath } from '../edit/work-order-paths';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { materialStatusesQuery, useAddMaterial } from './items-api';
import { MONEY_INPUT, QUANTITY_INPUT } from '../../../../components/number-inputs';
import { FormButtons } from './item-form-parts';
import { numberOrUndefined, useSchemaForm } from '../../../../lib/schema-form';
import { ItemPageFrame } from './item-page-frame';
import { EMPTY_STOCK, MaterialStockFields, stockBodyOf, type StockValues } from './material-stock-fields';

interface Values {
  materialStatusId: string | null;
  partNumber: string;
  description: string;
  quantity: number | string;
  unitCost: number | string;
  markupPercent: number | string;
  unitPrice: number | string;
}

const EMPTY: Values = { materialStatusId: null, partNumber: '', description: '', quantity: 1, unitCost: '', markupPercent: 0, unitPrice: '' };

/** What the line will cost the customer, exactly as the server will compute it; null while the numbers are incomplete. */
function previewOf(v: Values): { unitPrice: string; total: string } | null {
  const quantity = numberOrUndefined(v.quantity);
  const cost = numberOrUndefined(v.unitCost);
  const typed = numberOrUndefined(v.unitPrice);
  if (quantity === undefined || (cost === undefined && typed === undefined)) return null;
  const unitPrice = typed !== undefined ? typed.toFixed(2) : priceWithMarkup(cost!, numberOrUndefined(v.markupPercent) ?? 0);
  return { unitPrice, total: lineTotal(quantity, unitPrice) };
}

function MaterialForm({ workOrder }: { workOrder: WorkOrderDetails }) {
  const navigate = useNavigate();
  const statuses = useQuery(materialStatusesQuery);
  const add = useAddMaterial(workOrder.workOrderId);
  const { errors, clear, check } = useSchemaForm(addMaterialBody);
  const [values, setValues] = useState<Values>(EMPTY);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };
  const preview = previewOf(values);
  const [stock, setStockValues] = useState<StockValues>(EMPTY_STOCK);
  const setStock = useCallback(
    (next: Partial<StockValues>) => {
      setStockValues((s) => ({ ...s, ...next }));
      for (const field of Object.keys(next)) clear(field);
    },
    [clear],
  );
  const statusId = values.materialStatusId ? Number(values.materialStatusId) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      workOrderId: workOrder.workOrderId,
      materialStatusId: values.materialStatusId ? Number(values.materialStatusId) : undefined,
      partNumber: values.partNumber.trim() || null,
      description: values.description.trim() || null,
      quantity: numberOrUndefined(values.quantity),
      unitCost: numberOrUndefined(values.unitCost),
      markupPercent: numberOrUndefined(values.markupPercent) ?? 0,
      unitPrice: numberOrUndefined(values.unitPrice) ?? null,
      ...stockBodyOf(stock),
    });
    if (body) add.mutate(body, { onSuccess: () => void navigate(workOrderEditPath(workOrder.workOrderNumber)) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="Add material">
      <Stack gap="md">
        <Select
          label="Material Status"
          allowDeselect={false}
          withAsterisk
          size="md"
          placeholder={statuses.isPending ? 'Loading...' : 'Choose a status'}
          data={(statuses.data ?? []).map((s) => ({ value: String(s.materialStatusId), label: s.materialStatus }))}
          value={values.materialStatusId}
          onChange={(v) => set('materialStatusId', v)}
          error={errors.materialStatusId}
          searchable
          nothingFoundMessage="No Options"
          comboboxProps={{ withinPortal: true }}
        />
        <MaterialStockFields
          statusId={statusId}
          values={stock}
          onChange={setStock}
          errors={errors}
          onItem={(item) =>
            item && setValues((v) => ({ ...v, partNumber: item.partNumber, description: item.description, unitCost: item.unitCost, unitPrice: item.unitPrice ?? '' }))
          }
        />
        <TextInput label="Part Number" size="md" value={values.partNumber} onChange={(e) => set('partNumber', e.currentTarget.value)} error={errors.partNumber} autoComplete="off" />
        <TextInput
          label="Description"
          withAsterisk={stock.itemId == null}
          size="md"
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          autoComplete="off"
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput label="Quantity" withAsterisk {...QUANTITY_INPUT} value={values.quantity} onChange={(v) => set('quantity', v)} error={errors.quantity} />
          <NumberInput label="Unit Cost" withAsterisk={stock.itemId == null} {...MONEY_INPUT} value={values.unitCost} onChange={(v) => set('unitCost', v)} error={errors.unitCost} />
          <NumberInput
            label="Markup %"
            {...MONEY_INPUT}
            fixedDecimalScale={false}
            prefix={undefined}
            suffix="%"
            max={1000}
            value={values.markupPercent}
            onChange={(v) => set('markupPercent', v)}
            error={errors.markupPercent}
          />
          <NumberInput
            label="Unit Price"
            {...MONEY_INPUT}
            placeholder={preview ? `$${preview.unitPrice}` : 'From markup'}
            value={values.unitPrice}
            onChange={(v) => set('unitPrice', v)}
            error={errors.unitPrice}
          />
        </SimpleGrid>
        <Group justify="space-between" aria-live="polite">
          <Text size="sm" c="dimmed">
            {preview ? `${numberOrUndefined(values.quantity)} × $${preview.unitPrice}` : 'Line total'}
          </Text>
          <Text fw={700} size="lg" data-testid="material-line-total">
            {preview ? moneyText(preview.total) : '—'}
          </Text>
        </Group>
        <FormButtons workOrderNumber={workOrder.workOrderNumber} isSaving={add.isPending} />
      </Stack>
    </Paper>
  );
}

/** `/workOrder/{workOrderNumber}/material/add`: a part used or proposed, priced from its cost and markup. */
export default function MaterialAddPage() {
  return <ItemPageFrame title="Add Material">{(workOrder) => <MaterialForm workOrder={workOrder} />}</ItemPageFrame>;
}
