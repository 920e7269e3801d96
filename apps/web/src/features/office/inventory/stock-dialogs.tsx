import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { adjustStockBody, countStockBody, stockLevelSettingsBody, transferStockBody, type InventoryItem, type StockLevel } from '@sm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useAdjustStock, useCountStock, useSetLevel, useTransferStock } from './inventory-api';
import { LocationSelect } from './location-select';

export type StockAction = { kind: 'adjust' | 'count' | 'transfer'; warehouseId: number | null } | { kind: 'level'; level: StockLevel };

const numeric = (v: number | string) => (v === '' ? undefined : Number(v));

function DialogForm({ title, opened, onClose, onSubmit, isSaving, submitLabel, children }: {
  title: string; opened: boolean; onClose: () => void; onSubmit: (e: FormEvent) => void; isSaving: boolean; submitLabel: string; children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={isSaving}>{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Adds or takes stock at a location with the reason; taking asks first. */
function AdjustDialog({ item, warehouseId, onClose }: { item: InventoryItem; warehouseId: number | null; onClose: () => void }) {
  const [place, setPlace] = useState<number | null>(warehouseId);
  const [quantity, setQuantity] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const { errors, check } = useSchemaForm(adjustStockBody);
  const adjust = useAdjustStock();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = check({ itemId: item.itemId, warehouseId: place ?? undefined, quantity: numeric(quantity), reason });
    if (!body) return;
    if (body.quantity < 0 && !(await confirm({ title: 'Take stock?', message: `Take ${-body.quantity} ${item.unit} of ${item.partNumber} out of stock?`, danger: true }))) return;
    adjust.mutate(body, { onSuccess: () => (notifySuccess(`${item.partNumber} adjusted.`), onClose()) });
  };
  return (
    <DialogForm title="Adjust stock" opened onClose={onClose} onSubmit={(e) => void submit(e)} isSaving={adjust.isPending} submitLabel="Adjust">
      <LocationSelect label="Location" withAsterisk value={place} onChange={setPlace} error={errors.warehouseId} />
      <NumberInput label="Quantity" description="Positive adds stock, negative takes it." withAsterisk decimalScale={3} allowNegative clampBehavior="none" value={quantity} onChange={setQuantity} error={errors.quantity} />
      <TextInput label="Reason" withAsterisk value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
    </DialogForm>
  );
}

/** Records what a count found; the difference from on hand goes to the ledger. */
function CountDialog({ item, warehouseId, onClose }: { item: InventoryItem; warehouseId: number | null; onClose: () => void }) {
  const [place, setPlace] = useState<number | null>(warehouseId);
  const [counted, setCounted] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const { errors, check } = useSchemaForm(countStockBody);
  const count = useCountStock();
  const onHand = item.levels.find((l) => l.warehouseId === place)?.onHand ?? 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ itemId: item.itemId, warehouseId: place ?? undefined, countedQuantity: numeric(counted), reason: reason.trim() || null });
    if (body) count.mutate(body, { onSuccess: () => (notifySuccess(`${item.partNumber} counted.`), onClose()) });
  };
  return (
    <DialogForm title="Count stock" opened onClose={onClose} onSubmit={submit} isSaving={count.isPending} submitLabel="Save count">
      <LocationSelect label="Location" withAsterisk value={place} onChange={setPlace} error={errors.warehouseId} />
      {place != null && <Text size="sm" c="dimmed">The ledger says {onHand} on hand here.</Text>}
      <NumberInput label="Counted Quantity" withAsterisk decimalScale={3} min={0} allowNegative={false} value={counted} onChange={setCounted} error={errors.countedQuantity} />
      <TextInput label="Reason" placeholder="Count" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
    </DialogForm>
  );
}

/** Moves stock from one location to another. */
function TransferDialog({ item, warehouseId, onClose }: { item: InventoryItem; warehouseId: number | null; onClose: () => void }) {
  const [from, setFrom] = useState<number | null>(warehouseId);
  const [to, setTo] = useState<number | null>(null);
  const [quantity, setQuantity] = useState<number | string>('');
  const { errors, check } = useSchemaForm(transferStockBody);
  const transfer = useTransferStock();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ itemId: item.itemId, fromWarehouseId: from ?? undefined, toWarehouseId: to ?? undefined, quantity: numeric(quantity) });
    if (body) transfer.mutate(body, { onSuccess: () => (notifySuccess(`${item.partNumber} transferred.`), onClose()) });
  };
  return (
    <DialogForm title="Transfer stock" opened onClose={onClose} onSubmit={submit} isSaving={transfer.isPending} submitLabel="Transfer">
      <LocationSelect label="From" withAsterisk value={from} onChange={setFrom} error={errors.fromWarehouseId} />
      <LocationSelect label="To" withAsterisk value={to} onChange={setTo} exclude={from} error={errors.toWarehouseId} />
      <NumberInput label="Quantity" withAsterisk decimalScale={3} min={0} allowNegative={false} value={quantity} onChange={setQuantity} error={errors.quantity} />
    </DialogForm>
  );
}

/** Minimum, maximum and bin of the item at one location. */
function LevelDialog({ item, level, onClose }: { item: InventoryItem; level: StockLevel; onClose: () => void }) {
  const [min, setMin] = useState<number | string>(level.minQuantity ?? '');
  const [max, setMax] = useState<number | string>(level.maxQuantity ?? '');
  const [bin, setBin] = useState(level.binLocation ?? '');
  const { errors, check } = useSchemaForm(stockLevelSettingsBody);
  const save = useSetLevel();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ itemId: item.itemId, warehouseId: level.warehouseId, minQuantity: numeric(min) ?? null, maxQuantity: numeric(max) ?? null, binLocation: bin.trim() || null });
    if (body) save.mutate(body, { onSuccess: () => (notifySuccess(`Minimum and maximum saved for ${level.warehouseName}.`), onClose()) });
  };
  return (
    <DialogForm title={`Min / max at ${level.warehouseName}`} opened onClose={onClose} onSubmit={submit} isSaving={save.isPending} submitLabel="Save">
      <NumberInput label="Minimum" decimalScale={3} min={0} allowNegative={false} value={min} onChange={setMin} error={errors.minQuantity} />
      <NumberInput label="Maximum" decimalScale={3} min={0} allowNegative={false} value={max} onChange={setMax} error={errors.maxQuantity} />
      <TextInput label="Bin" value={bin} onChange={(e) => setBin(e.currentTarget.value)} error={errors.binLocation} />
    </DialogForm>
  );
}

/** The dialog of one stock action on an item. */
export function StockActionDialog({ item, action, onClose }: { item: InventoryItem; action: StockAction; onClose: () => void }) {
  switch (action.kind) {
    case 'adjust':
      return <AdjustDialog item={item} warehouseId={action.warehouseId} onClose={onClose} />;
    case 'count':
      return <CountDialog item={item} warehouseId={action.warehouseId} onClose={onClose} />;
    case 'transfer':
      return <TransferDialog item={item} warehouseId={action.warehouseId} onClose={onClose} />;
    case 'level':
      return <LevelDialog item={item} level={action.level} onClose={onClose} />;
  }
}
