import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors } from '../../../lib/schema-form';
import { ReferenceRowSelect } from '../../platform/administration/reference-row-select';

/** What the item form holds while it is typed. */
export interface ItemValues {
  partNumber: string;
  description: string;
  unit: string;
  unitCost: number | string;
  unitPrice: number | string;
  barcode: string;
  partClass: string;
  preferredVendorId: number | null;
}

export const EMPTY_ITEM: ItemValues = { partNumber: '', description: '', unit: 'Each', unitCost: '', unitPrice: '', barcode: '', partClass: '', preferredVendorId: null };

const numberOrNull = (v: number | string) => (v === '' ? null : typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : v);

/** The form's values as the body the shared schema reads (empty numbers left out, so the schema names them). */
export function itemBodyOf(v: ItemValues) {
  return {
    partNumber: v.partNumber,
    description: v.description,
    unit: v.unit,
    unitCost: numberOrNull(v.unitCost) ?? undefined,
    unitPrice: numberOrNull(v.unitPrice),
    barcode: v.barcode.trim() || null,
    partClass: v.partClass.trim() || null,
    preferredVendorId: v.preferredVendorId,
  };
}

/** An item's fields: part number, description, unit, cost, price, barcode, part class and preferred vendor. */
export function ItemFields({ values, errors, onChange, canChangeClass, readOnly = false }: {
  values: ItemValues;
  errors: FieldErrors;
  onChange: <K extends keyof ItemValues>(field: K, value: ItemValues[K]) => void;
  canChangeClass: boolean;
  readOnly?: boolean;
}) {
  const text = (field: 'partNumber' | 'description' | 'unit' | 'barcode' | 'partClass', label: string, required = false) => (
    <TextInput label={label} withAsterisk={required} value={values[field]} error={errors[field]} readOnly={readOnly} onChange={(e) => onChange(field, e.currentTarget.value)} />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {text('partNumber', 'Part Number', true)}
      {text('unit', 'Unit', true)}
      <div style={{ gridColumn: '1 / -1' }}>{text('description', 'Description', true)}</div>
      <NumberInput label="Unit Cost" withAsterisk prefix="$" decimalScale={2} fixedDecimalScale min={0} value={values.unitCost} error={errors.unitCost} readOnly={readOnly} onChange={(v) => onChange('unitCost', v)} />
      <NumberInput label="Unit Price" prefix="$" decimalScale={2} fixedDecimalScale min={0} value={values.unitPrice} error={errors.unitPrice} readOnly={readOnly} onChange={(v) => onChange('unitPrice', v)} />
      {text('barcode', 'Barcode')}
      <TextInput
        label="Part Class"
        value={values.partClass}
        error={errors.partClass}
        readOnly={readOnly || !canChangeClass}
        description={canChangeClass ? undefined : 'Changing it needs the Change Part Class permission.'}
        onChange={(e) => onChange('partClass', e.currentTarget.value)}
      />
      <ReferenceRowSelect list="vendors" label="Preferred Vendor" placeholder="None" clearable readOnly={readOnly} value={values.preferredVendorId} error={errors.preferredVendorId} onChange={(id) => onChange('preferredVendorId', id)} />
    </SimpleGrid>
  );
}
