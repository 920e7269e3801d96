import { AsyncSearchSelect } from '../scheduling/async-search-select';
import { salesCustomersQuery, type SalesCustomer } from './sales-scheduler-api';

type Known = Pick<SalesCustomer, 'customerId' | 'name'> & { city?: string };

interface CustomerSelectProps {
  value: number | null;
  onChange: (customerId: number | null) => void;
  /** The sales person chosen in the form: customers they already have tasks with are offered first. */
  salesPersonId: number | null;
  /** What the task already says about its customer, so the choice shows before the list arrives. */
  known?: Known | null;
  error?: string;
}

/**
 * The customer of a sales task: a searchable select that asks the server for the company's customers by name or
 * city (up to 20), keeping the chosen one in the list.
 */
export function CustomerSelect({ value, onChange, salesPersonId, known, error }: CustomerSelectProps) {
  return (
    <AsyncSearchSelect
      label="Customer"
      placeholder="Search by name or city"
      required
      value={value}
      onChange={onChange}
      queryOf={(search) => salesCustomersQuery({ search, customerId: value, salesPersonId })}
      idOf={(c) => c.customerId}
      labelOf={(c) => c.name}
      detailOf={(c) => c.city}
      known={known ?? null}
      error={error}
    />
  );
}
