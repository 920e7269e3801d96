import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { createVendorCreditBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useCreateVendorCredit, useCreditVendors } from './vendor-credits-api';
import { MoneyInput } from '../../../components/number-inputs';

interface Line {
  key: number;
  partNumber: string;
  description: string;
  quantity: number | string;
  unitCost: number | string;
}

let nextKey = 1;
const newLine = (): Line => ({ key: nextKey++, partNumber: '', description: '', quantity: 1, unitCost: '' });

/** "New vendor credit": the vendor, a note, and lines of parts or free text with their cost. */
export default function NewVendorCreditForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const isPhone = useIsPhone();
  const vendors = useCreditVendors(true);
  const create = useCreateVendorCredit();
  const { errors, clear, check } = useSchemaForm(createVendorCreditBody);
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const setLine = (key: number, change: Partial<Line>) => {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
    clear('lines');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      vendorId: vendorId ? Number(vendorId) : undefined,
      notes: notes.trim() || null,
      lines: lines.map((l) => ({ partNumber: l.partNumber.trim() || null, description: l.description.trim() || null, quantity: numberOrUndefined(l.quantity), unitCost: numberOrUndefined(l.unitCost) })),
    });
    if (body) create.mutate(body, { onSuccess: (credit) => onCreated(credit.vendorCreditId) });
  };
  return (
    <Modal opened onClose={onClose} title="New vendor credit" size="xl" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate aria-label="New vendor credit">
        <Stack gap="md">
        <Select
          label="Vendor"
          withAsterisk
          searchable
          placeholder={vendors.isPending ? 'Loading...' : 'Choose a vendor'}
          data={(vendors.data ?? []).map((v) => ({ value: String(v.vendorId), label: v.name }))}
          value={vendorId}
          onChange={(v) => {
            setVendorId(v);
            clear('vendorId');
          }}
          error={errors.vendorId}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea label="Notes" autosize value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={errors.notes} />
        <Text fw={600}>Lines</Text>
        {lines.map((l, i) => (
          <Group key={l.key} gap="xs" align="flex-end" wrap={isPhone ? 'wrap' : 'nowrap'} role="group" aria-label={`Line ${i + 1}`}>
            <TextInput label="Part Number" value={l.partNumber} onChange={(e) => setLine(l.key, { partNumber: e.currentTarget.value })} style={{ flex: '1 1 120px' }} />
            <TextInput label="Description" withAsterisk value={l.description} onChange={(e) => setLine(l.key, { description: e.currentTarget.value })} style={{ flex: '2 1 200px' }} />
            <NumberInput label="Quantity" withAsterisk decimalScale={3} min={0} allowNegative={false} hideControls value={l.quantity} onChange={(v) => setLine(l.key, { quantity: v })} style={{ flex: '0 1 90px' }} />
            <MoneyInput
              label="Unit Cost"
              withAsterisk
              value={l.unitCost}
              onChange={(v) => setLine(l.key, { unitCost: v })}
              style={{ flex: '0 1 110px' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={4}
              aria-label={`Remove line ${i + 1}`}
              disabled={lines.length === 1}
              onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {errors.lines && (
          <Text c="red" size="sm">
            {errors.lines}
          </Text>
        )}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setLines((all) => [...all, newLine()])} w="fit-content">
          Add line
        </Button>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Open credit
          </Button>
        </Group>
        </Stack>
      </form>
    </Modal>
  );
}
