import { Select, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isWriteOffStatus, MATERIAL_STOCK_STATUS, type InventoryItemOption } from '@sm/shared';
import { useEffect, useState } from 'react';
import type { FieldErrors } from '../../../../lib/schema-form';
import { itemOptionsQuery, materialLocationsQuery } from './material-stock-api';
import { useSearchDebounce } from '../../../../lib/debounce';

/** Where a material's part comes from: the item, the location, and what its status asks besides. */
export interface StockValues {
  itemId: number | null;
  warehouseId: number | null;
  transferToWarehouseId: number | null;
  writeOffReason: string;
}

export const EMPTY_STOCK: StockValues = { itemId: null, warehouseId: null, transferToWarehouseId: null, writeOffReason: '' };

const availableText = (i: InventoryItemOption) => (i.available == null ? '' : ` (${i.available.toLocaleString('en-US', { maximumFractionDigits: 3 })} available)`);

interface Props {
  statusId: number | null;
  values: StockValues;
  onChange: (next: Partial<StockValues>) => void;
  /** The item's number, description and cost, for the form to fill in. */
  onItem?: (item: InventoryItemOption | null) => void;
  errors: FieldErrors;
  /** The item as already chosen (a material being changed), shown before any search. */
  itemLabel?: string | null;
}

/**
 * The item picker with what is available at the chosen location, the location (the technician's own truck chosen
 * first), and the transfer-to location or the write-off reason when the status needs them.
 */
export function MaterialStockFields({ statusId, values, onChange, onItem, errors, itemLabel }: Props) {
  const locations = useQuery(materialLocationsQuery);
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const options = useQuery(itemOptionsQuery(debounced.trim(), values.warehouseId));
  const mine = locations.data?.find((l) => l.isMine);
  useEffect(() => {
    if (values.warehouseId == null && mine) onChange({ warehouseId: mine.warehouseId });
  }, [mine, values.warehouseId, onChange]);
  const itemData = (options.data ?? []).map((i) => ({ value: String(i.itemId), label: `${i.partNumber} — ${i.description}${availableText(i)}` }));
  if (values.itemId != null && !itemData.some((d) => d.value === String(values.itemId))) itemData.unshift({ value: String(values.itemId), label: itemLabel ?? `Item ${values.itemId}` });
  const locationData = (locations.data ?? []).map((l) => ({ value: String(l.warehouseId), label: `${l.name}${l.isMine ? ' (my truck)' : ''}`, disabled: !l.isAllowed && l.warehouseId !== values.warehouseId }));
  return (
    <>
      <Select
        label="Location"
        size="md"
        placeholder={locations.isPending ? 'Loading...' : 'Choose a location'}
        data={locationData}
        value={values.warehouseId == null ? null : String(values.warehouseId)}
        onChange={(v) => onChange({ warehouseId: v ? Number(v) : null })}
        error={errors.warehouseId}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Item"
        description="A stocked part: its stock follows the status"
        size="md"
        searchable
        clearable
        placeholder="Part number, description or barcode"
        data={itemData}
        value={values.itemId == null ? null : String(values.itemId)}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        onChange={(v) => {
          const id = v ? Number(v) : null;
          onChange({ itemId: id });
          onItem?.(options.data?.find((i) => i.itemId === id) ?? null);
        }}
        error={errors.itemId}
        nothingFoundMessage={options.isFetching ? 'Loading...' : 'No item matches'}
        comboboxProps={{ withinPortal: true }}
      />
      {statusId === MATERIAL_STOCK_STATUS.partTransferred && (
        <Select
          label="Transfer To"
          withAsterisk
          size="md"
          placeholder="Where the part goes"
          data={(locations.data ?? []).filter((l) => l.warehouseId !== values.warehouseId).map((l) => ({ value: String(l.warehouseId), label: l.name }))}
          value={values.transferToWarehouseId == null ? null : String(values.transferToWarehouseId)}
          onChange={(v) => onChange({ transferToWarehouseId: v ? Number(v) : null })}
          error={errors.transferToWarehouseId}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {statusId != null && isWriteOffStatus(statusId) && (
        <Textarea
          label="Write-off Reason"
          withAsterisk
          size="md"
          autosize
          value={values.writeOffReason}
          onChange={(e) => onChange({ writeOffReason: e.currentTarget.value })}
          error={errors.writeOffReason}
        />
      )}
    </>
  );
}

/** The stock part of a material's body. */
export const stockBodyOf = (v: StockValues) => ({
  itemId: v.itemId,
  warehouseId: v.itemId == null ? null : v.warehouseId,
  transferToWarehouseId: v.itemId == null ? null : v.transferToWarehouseId,
  writeOffReason: v.writeOffReason.trim() || null,
});
