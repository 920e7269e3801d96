import { Select, type SelectProps } from '@mantine/core';
import { useInventoryLocations } from './inventory-api';

/** Picks one of the company's warehouses or trucks by its id. */
export function LocationSelect({ value, onChange, exclude, onlyWarehouses = false, ...props }: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | null;
  onChange: (id: number | null) => void;
  exclude?: number | null;
  onlyWarehouses?: boolean;
}) {
  const locations = useInventoryLocations();
  const data = (locations.data ?? [])
    .filter((l) => l.warehouseId !== exclude && (!onlyWarehouses || !l.isTruck))
    .map((l) => ({ value: String(l.warehouseId), label: l.isTruck ? `${l.name} (truck)` : l.name }));
  return (
    <Select
      {...props}
      data={data}
      value={value == null ? null : String(value)}
      onChange={(v) => onChange(v == null ? null : Number(v))}
      searchable
      nothingFoundMessage={locations.isPending ? 'Loading...' : 'No locations'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
