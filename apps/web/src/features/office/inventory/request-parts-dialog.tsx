import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { transferRequestBody, type InventoryItemOption } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { apiGet } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useRequestTransfer } from './inventory-api';
import { LocationSelect } from './location-select';
import { useSearchDebounce } from '../../../lib/debounce';

/** Items to pick, with what is available at the chosen warehouse. */
function useItemOptions(search: string, warehouseId: number | null) {
  return useQuery({
    queryKey: ['inventory', 'options', search, warehouseId],
    queryFn: ({ signal }) => apiGet<InventoryItemOption[]>('Inventory/items/options', { signal, query: { search: search.trim() || undefined, warehouseId: warehouseId ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

const labelOf = (o: InventoryItemOption) => `${o.partNumber} · ${o.description}`;

/** Asks the office for parts from a warehouse to the technician's truck, or back from it. */
export function RequestPartsDialog({ truckId, opened, onClose }: { truckId: number; opened: boolean; onClose: () => void }) {
  const [direction, setDirection] = useState<'toTruck' | 'fromTruck'>('toTruck');
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<InventoryItemOption | null>(null);
  const itemId = chosen?.itemId ?? null;
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const debounced = useSearchDebounce(query);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [note, setNote] = useState('');
  const { errors, check } = useSchemaForm(transferRequestBody);
  const request = useRequestTransfer();
  const sourceId = direction === 'toTruck' ? warehouseId : truckId;
  const options = useItemOptions(debounced, sourceId);
  const found = options.data ?? [];
  const shown = chosen && !found.some((o) => o.itemId === chosen.itemId) ? [chosen, ...found] : found;
  // Choosing an item writes its label into the search box: that is not a new search.
  const onSearch = (text: string) => {
    setSearch(text);
    if (!chosen || text !== labelOf(chosen)) setQuery(text);
  };
  const choose = (value: string | null) => setChosen(value == null ? null : (shown.find((o) => String(o.itemId) === value) ?? null));
  const close = () => {
    setChosen(null);
    setQuantity(1);
    setNote('');
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [from, to] = direction === 'toTruck' ? [warehouseId, truckId] : [truckId, warehouseId];
    const body = check({ itemId: itemId ?? undefined, fromWarehouseId: from ?? undefined, toWarehouseId: to ?? undefined, quantity: quantity === '' ? undefined : Number(quantity), note: note.trim() || null });
    if (body) request.mutate(body, { onSuccess: (r) => (notifySuccess(`Requested ${r.quantity} × ${r.partNumber}.`), close()) });
  };
  return (
    <Modal opened={opened} onClose={close} title="Request parts" centered fullScreen={false}>
      <form onSubmit={submit} noValidate aria-label="Request parts">
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            aria-label="Direction"
            value={direction}
            onChange={(v) => setDirection(v as 'toTruck' | 'fromTruck')}
            data={[{ value: 'toTruck', label: 'To my truck' }, { value: 'fromTruck', label: 'Back to a warehouse' }]}
          />
          <LocationSelect label={direction === 'toTruck' ? 'From warehouse' : 'To warehouse'} withAsterisk onlyWarehouses value={warehouseId} onChange={setWarehouseId} error={errors.fromWarehouseId ?? errors.toWarehouseId} />
          <Select
            label="Item"
            withAsterisk
            searchable
            placeholder="Part number or description"
            searchValue={search}
            onSearchChange={onSearch}
            filter={({ options: o }) => o}
            data={shown.map((o) => ({ value: String(o.itemId), label: labelOf(o) }))}
            value={itemId == null ? null : String(itemId)}
            onChange={choose}
            nothingFoundMessage={options.isPending ? 'Loading...' : 'No item found'}
            error={errors.itemId}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput label="Quantity" withAsterisk decimalScale={3} min={0} allowNegative={false} value={quantity} onChange={setQuantity} error={errors.quantity} description={chosen?.available != null ? `${chosen.available} ${chosen.unit} available there` : undefined} />
          <Textarea label="Note" autosize value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={request.isPending}>Send request</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
