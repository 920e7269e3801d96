import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { ESTIMATE_DESCRIPTION_MAX, ESTIMATE_TITLE_MAX, type EstimateBody } from '@sm/shared';
import { CustomerPicker } from '../../office/customers/customer-picker';
import type { FieldErrors } from '../../../lib/schema-form';

/** The header of an estimate as the form holds it while it is typed. */
export interface HeaderValues {
  customerId: number | null;
  title: string;
  description: string;
  /** YYYY-MM-DD, or empty for none. */
  validUntil: string;
}

export const EMPTY_HEADER: HeaderValues = { customerId: null, title: '', description: '', validUntil: '' };

/** What the form sends, before the shared schema checks it (and the server again): no customer yet is "not given". */
export const headerBody = (v: HeaderValues): Omit<EstimateBody, 'customerId'> & { customerId: number | undefined } => ({
  customerId: v.customerId ?? undefined,
  title: v.title,
  description: v.description.trim() || null,
  validUntil: v.validUntil || null,
});

interface Props {
  values: HeaderValues;
  set: <K extends keyof HeaderValues>(field: K, value: HeaderValues[K]) => void;
  errors: FieldErrors;
  /** The chosen customer's name, so the picker shows it before its list arrives. */
  knownCustomer: { customerId: number; name: string } | null;
}

/** The customer (found by name, address or phone), title, description and valid-until date of an estimate. */
export function EstimateFields({ values, set, errors, knownCustomer }: Props) {
  return (
    <Stack gap="sm">
      <CustomerPicker label="Customer" required value={values.customerId} onChange={(id) => set('customerId', id)} known={knownCustomer} error={errors.customerId} />
      <TextInput
        label="Title"
        description="What the estimate offers, as the customer will read it."
        value={values.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={errors.title}
        maxLength={ESTIMATE_TITLE_MAX}
        withAsterisk
      />
      <Textarea
        label="Description"
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
        maxLength={ESTIMATE_DESCRIPTION_MAX}
        autosize
        maxRows={8}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Valid Until" type="date" value={values.validUntil} onChange={(e) => set('validUntil', e.currentTarget.value)} error={errors.validUntil} />
      </SimpleGrid>
    </Stack>
  );
}
