import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { addInventoryItemBody, hasFunctionality } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSignedIn } from '../../platform/auth/session-context';
import { useAddItem } from './inventory-api';
import { EMPTY_ITEM, ItemFields, itemBodyOf, type ItemValues } from './item-fields';
import { LocationSelect } from './location-select';

interface Opening {
  key: number;
  warehouseId: number | null;
  quantity: number | string;
}

/** Adds an item with what is on hand at each location (each a count in the ledger). */
export function AddItemDialog({ opened, onClose, onAdded }: { opened: boolean; onClose: () => void; onAdded: (itemId: number) => void }) {
  const { access } = useSignedIn();
  const [values, setValues] = useState<ItemValues>(EMPTY_ITEM);
  const [stock, setStock] = useState<Opening[]>([{ key: 1, warehouseId: null, quantity: '' }]);
  const { errors, clear, check } = useSchemaForm(addInventoryItemBody);
  const add = useAddItem();
  const mayAddWithoutLocation = hasFunctionality(access, 'Inventory', 'Add Inventory Without Location');
  const close = () => {
    setValues(EMPTY_ITEM);
    setStock([{ key: 1, warehouseId: null, quantity: '' }]);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const openingStock = stock
      .filter((s) => s.warehouseId != null || s.quantity !== '')
      .map((s) => ({ warehouseId: s.warehouseId ?? undefined, quantity: s.quantity === '' ? undefined : Number(s.quantity) }));
    const body = check({ ...itemBodyOf(values), openingStock });
    if (!body) return;
    add.mutate(body, { onSuccess: ({ itemId }) => (notifySuccess(`${body.partNumber} added.`), close(), onAdded(itemId)) });
  };
  const setRow = (key: number, patch: Partial<Opening>) => setStock((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <Modal opened={opened} onClose={close} title="Add item" size="lg" centered>
      <form onSubmit={submit} noValidate aria-label="Add item">
        <Stack gap="sm">
          <ItemFields values={values} errors={errors} canChangeClass onChange={(f, v) => (setValues((s) => ({ ...s, [f]: v })), clear(f))} />
          <Stack gap={4}>
            <Text fw={600} size="sm">Opening stock</Text>
            <Text size="xs" c="dimmed">
              {mayAddWithoutLocation ? 'Where the item is kept and how many are there now; it may be added without a location.' : 'Where the item is kept and how many are there now: at least one location.'}
            </Text>
            {errors.openingStock && <Text size="xs" c="red">{errors.openingStock}</Text>}
            {stock.map((s, i) => (
              <Group key={s.key} gap="xs" align="flex-end" wrap="nowrap">
                <LocationSelect label={`Location ${i + 1}`} value={s.warehouseId} onChange={(id) => setRow(s.key, { warehouseId: id })} style={{ flex: 2 }} />
                <NumberInput label={`Quantity ${i + 1}`} decimalScale={3} min={0} allowNegative={false} value={s.quantity} onChange={(v) => setRow(s.key, { quantity: v })} style={{ flex: 1 }} />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove location ${i + 1}`} onClick={() => setStock((rows) => rows.filter((r) => r.key !== s.key))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button variant="subtle" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => setStock((rows) => [...rows, { key: Math.max(0, ...rows.map((r) => r.key)) + 1, warehouseId: null, quantity: '' }])}>
              Add a location
            </Button>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={add.isPending}>Add item</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
