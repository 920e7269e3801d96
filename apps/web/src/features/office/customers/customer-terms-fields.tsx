import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CustomerBillingChoices } from '@sm/shared';
import type { CustomerFormValues } from './customer-form';
import { customerBillingChoicesQuery } from './customers-api';

type ListField = 'termsId' | 'billingMethodId' | 'paymentMethodId';
type SetField = <K extends keyof CustomerFormValues>(field: K, value: CustomerFormValues[K]) => void;

const LISTS: { field: ListField; label: string; list: 'terms' | 'billingMethods' | 'paymentMethods' }[] = [
  { field: 'termsId', label: 'Terms', list: 'terms' },
  { field: 'billingMethodId', label: 'Billing Method', list: 'billingMethods' },
  { field: 'paymentMethodId', label: 'Payment Method', list: 'paymentMethods' },
];

/** The options of a select: the company's active rows, and the customer's own row if it was retired since. */
function optionsOf(choices: CustomerBillingChoices | undefined, list: (typeof LISTS)[number]['list'], current: string | null | undefined) {
  const rows = (choices?.[list] ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return current && !rows.some((r) => r.value === current) ? [{ value: current, label: '(retired)' }, ...rows] : rows;
}

/**
 * A customer's tax status, terms, billing and payment method (administration lists Terms, Billing Methods, Payment
 * Methods). A new customer shows the company's customer defaults and takes them unless one is changed here.
 */
export function CustomerTermsFields({ values, set }: { values: CustomerFormValues; set: SetField }) {
  const choices = useQuery(customerBillingChoicesQuery).data;
  const defaults = choices?.defaults;
  const nameOf = (list: (typeof LISTS)[number]['list'], id: number | null | undefined) => choices?.[list].find((r) => r.id === id)?.name;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {LISTS.map(({ field, label, list }) => {
          const value = values[field];
          const fallback = value === undefined ? nameOf(list, defaults?.[field]) : undefined;
          return (
            <Select
              key={field}
              label={label}
              data={optionsOf(choices, list, value)}
              value={value ?? null}
              onChange={(v) => set(field, v)}
              placeholder={value === undefined ? `Company default${fallback ? `: ${fallback}` : ''}` : 'None'}
              clearable
            />
          );
        })}
      </SimpleGrid>
      <Checkbox
        label="Tax exempt"
        checked={values.isTaxExempt ?? defaults?.isTaxExempt ?? false}
        onChange={(e) => set('isTaxExempt', e.currentTarget.checked)}
      />
    </>
  );
}
