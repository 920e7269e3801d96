import { AsyncSearchSelect } from './async-search-select';
import { pickerWorkOrdersQuery, type SchedulerWorkOrder } from './scheduler-api';

type Known = Pick<SchedulerWorkOrder, 'workOrderId' | 'workOrderNumber' | 'customerName'> & { problem?: string };

interface WorkOrderPickerProps {
  value: number | null;
  onChange: (workOrderId: number | null) => void;
  /** The technician chosen in the form: their work orders are offered first. */
  technicianId: number | null;
  /** What the item already says about its work order, so the choice shows before the list arrives. */
  known?: Known | null;
  error?: string;
}

/**
 * The work order of a schedule item: a searchable select that asks the server for open work orders by number,
 * customer or problem (up to 20), keeping the chosen one in the list.
 */
export function WorkOrderPicker({ value, onChange, technicianId, known, error }: WorkOrderPickerProps) {
  return (
    <AsyncSearchSelect
      label="Work order"
      placeholder="Search by number, customer or problem"
      value={value}
      onChange={onChange}
      queryOf={(search) => pickerWorkOrdersQuery({ search, technicianId, workOrderId: value })}
      idOf={(w) => w.workOrderId}
      labelOf={(w) => `${w.workOrderNumber} · ${w.customerName}`}
      detailOf={(w) => w.problem}
      detailLines={1}
      known={known ?? null}
      error={error}
    />
  );
}
