import { addressLineOf, type CustomerAddress, type CustomerLookupRow } from '@sm/shared';
import { AsyncSearchSelect } from '../../field/scheduling/async-search-select';
import { customerLookupQuery } from './customers-api';

type Place = Partial<CustomerAddress>;
type Known = Pick<CustomerLookupRow, 'customerId' | 'name'> & Place;

interface CustomerPickerProps {
  label: string;
  placeholder?: string;
  value: number | null;
  onChange: (customerId: number | null) => void;
  /** Only customers that bill themselves (the billing customer of a location). */
  billingOnly?: boolean;
  /** A customer not to offer (the one being edited, or the one kept in a merge). */
  excludeCustomerId?: number | null;
  known?: Known | null;
  required?: boolean;
  error?: string;
}

/** One line under a customer's name: its address and phone. */
export function customerDetailLine(c: Place): string | undefined {
  return [addressLineOf(c), c.phone].filter(Boolean).join(' · ') || undefined;
}

/**
 * A customer autocomplete on `Customer/lookup` (name, address or phone), asked 400 ms after the last key, "Loading..."
 * while it asks and "No Options" when nothing matches (spec platform 5.5).
 */
export function CustomerPicker(props: CustomerPickerProps) {
  const { value, billingOnly, excludeCustomerId } = props;
  return (
    <AsyncSearchSelect
      label={props.label}
      placeholder={props.placeholder ?? 'Search by name, address or phone'}
      required={props.required}
      value={value}
      onChange={props.onChange}
      queryOf={(search) => customerLookupQuery({ search, customerId: value ?? undefined, billingOnly, excludeCustomerId: excludeCustomerId ?? undefined })}
      idOf={(c: Known) => c.customerId}
      labelOf={(c) => c.name}
      detailOf={customerDetailLine}
      detailLines={2}
      known={props.known ?? null}
      error={props.error}
    />
  );
}
