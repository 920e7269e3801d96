import { Anchor, Select, type SelectProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { findAreaIn, useAreas } from '../../../areas/areas-context';
import { itemRateTypesQuery, perDiemTypesQuery, rateSheetTrucksQuery, workOrderFlagsQuery, type EmployeeType } from './clock-api';
import type { RateValues } from './clock-form';
import { openPopup } from '../../../lib/popup';

/** Where administrators keep per-diem types (spec platform 2.1, account settings). */
export const PER_DIEM_TYPES_PATH = '/administration/account-settings/perDiemTypes';

interface FieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

const common: Partial<SelectProps> = { allowDeselect: false, comboboxProps: { withinPortal: true }, checkIconPosition: 'right' };

/** The Employee Type (the caller's labor item on the customer's rate sheet); required, spec clock 5. */
export function EmployeeTypeField({ items, ...field }: FieldProps & { items: EmployeeType[] }) {
  return (
    <Select
      {...common}
      {...field}
      label="Employee Type"
      placeholder="Choose your Employee Type"
      required
      data={items.map((i) => ({ value: String(i.serviceTechnicianId), label: i.employeeType }))}
    />
  );
}

/**
 * Per diem type, N/A (0) by default. The "Add per diem type" shortcut shows to administrators only, and only
 * once this app has the per-diem types page: a link to a page that does not exist would be a dead end.
 */
export function PerDiemField({ canAdd, ...field }: FieldProps & { canAdd: boolean }) {
  const list = useQuery(perDiemTypesQuery);
  const areas = useAreas();
  const showAdd = canAdd && findAreaIn(areas, PER_DIEM_TYPES_PATH) !== undefined;
  return (
    <Select
      {...common}
      {...field}
      label="Per Diem Type"
      data={(list.data ?? []).map((t) => ({ value: String(t.perDiemTypeId), label: t.perDiemTypeName }))}
      description={
        showAdd ? (
          <Anchor
            href={PER_DIEM_TYPES_PATH}
            target="_blank"
            rel="noopener"
            size="xs"
            inline
            // A popup beside the dialog, so the list is added to without leaving the clock (spec platform 2.5).
            onClick={(e) => {
              if (openPopup(PER_DIEM_TYPES_PATH)) e.preventDefault();
            }}
          >
            Add per diem type <IconExternalLink size={12} />
          </Anchor>
        ) : undefined
      }
    />
  );
}

/** Item rate type, Regular (1) by default. */
export function ItemRateTypeField(field: FieldProps) {
  const list = useQuery(itemRateTypesQuery);
  return (
    <Select
      {...common}
      {...field}
      label="Item Rate Type"
      data={(list.data ?? []).map((t) => ({ value: String(t.itemRateTypeId), label: t.itemRateTypeName }))}
    />
  );
}

/** Work order flag; none is allowed (a Finish and Start New without one asks first). */
export function WorkOrderFlagField(field: FieldProps) {
  const list = useQuery(workOrderFlagsQuery);
  return (
    <Select
      {...common}
      {...field}
      allowDeselect
      clearable
      label="Work Order Flag"
      placeholder="None"
      data={(list.data ?? []).map((f) => ({ value: String(f.workOrderFlagId), label: f.workOrderFlagName }))}
    />
  );
}

/** Truck type from the customer's rate sheet; hidden when the sheet has none. */
export function TruckTypeField({ billingCustomerId, ...field }: FieldProps & { billingCustomerId: number | null }) {
  const list = useQuery(rateSheetTrucksQuery(billingCustomerId));
  if (!list.data?.length) return null;
  return (
    <Select
      {...common}
      {...field}
      allowDeselect
      clearable
      label="Truck Type"
      placeholder="None"
      data={list.data.map((t) => ({ value: String(t.rateSheetTruckTypeId), label: t.name }))}
    />
  );
}

/** The chosen Employee Type, if any. */
export function chosenEmployeeType(items: EmployeeType[], values: Pick<RateValues, 'serviceTechnicianId'>) {
  return items.find((i) => String(i.serviceTechnicianId) === values.serviceTechnicianId) ?? null;
}
