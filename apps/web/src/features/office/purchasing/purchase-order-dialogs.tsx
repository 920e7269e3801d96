import { Button, Group, NumberInput, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import type { PurchaseOrder, PurchaseOrderLine } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined } from '../../../lib/schema-form';
import { FormModal, PartName } from './purchase-order-status';
import { useBackOrder, useClosePurchaseOrder, usePurchaseOrderChoices, useReceivePurchaseOrder } from './purchase-orders-api';

function ReceiveForm({ po, onClose }: { po: PurchaseOrder; onClose: () => void }) {
  const choices = usePurchaseOrderChoices();
  const receive = useReceivePurchaseOrder(po.purchaseOrderId);
  const open = po.lines.filter((l) => l.outstanding > 0);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number | string>>(Object.fromEntries(open.map((l) => [l.lineId, l.outstanding])));
  const [problem, setProblem] = useState<string | null>(null);
  const locations = (choices.data?.locations ?? []).map((w) => ({ value: String(w.id), label: w.isTruck ? `${w.name} (truck)` : w.name }));
  const submit = () => {
    if (!warehouseId) return setProblem('Location field is required!');
    const lines = open.map((l) => ({ lineId: l.lineId, quantity: numberOrUndefined(quantities[l.lineId] ?? '') ?? 0 }));
    if (lines.every((l) => l.quantity === 0)) return setProblem('Enter the quantity received of at least one line.');
    setProblem(null);
    receive.mutate(
      { warehouseId: Number(warehouseId), lines },
      { onSuccess: (saved) => (notifySuccess(`Received on purchase order ${saved.number}.`), onClose()) },
    );
  };
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack gap="sm">
        <Select label="Location" withAsterisk placeholder="Warehouse or truck" searchable data={locations} value={warehouseId} onChange={setWarehouseId} error={problem === 'Location field is required!' ? problem : undefined} />
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Quantities received">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th ta="right">Outstanding</Table.Th>
                <Table.Th>Received now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {open.map((l) => (
                <Table.Tr key={l.lineId}>
                  <Table.Td>
                    <PartName line={l} />
                  </Table.Td>
                  <Table.Td ta="right">{l.outstanding}</Table.Td>
                  <Table.Td miw={110}>
                    <NumberInput
                      aria-label={`Received now of ${l.description}`}
                      min={0}
                      max={l.outstanding}
                      decimalScale={3}
                      value={quantities[l.lineId] ?? ''}
                      onChange={(v) => setQuantities({ ...quantities, [l.lineId]: v })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {problem && problem !== 'Location field is required!' && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={receive.isPending}>
            Receive
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Receive: a warehouse or truck, and what arrived of each line (its outstanding quantity at first). */
export function ReceiveDialog({ po, opened, onClose }: { po: PurchaseOrder; opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Receive purchase order ${po.number}`} size="lg">
      {() => <ReceiveForm po={po} onClose={onClose} />}
    </FormModal>
  );
}

function BackOrderForm({ po, line, onClose }: { po: PurchaseOrder; line: PurchaseOrderLine; onClose: () => void }) {
  const backOrder = useBackOrder(po.purchaseOrderId);
  const [quantity, setQuantity] = useState<number | string>(line.backOrdered || line.outstanding);
  const [expectedOn, setExpectedOn] = useState(line.backOrderExpectedOn ?? '');
  const save = (q: number) =>
    backOrder.mutate(
      { lineId: line.lineId, body: { quantity: q, expectedOn: expectedOn || null } },
      { onSuccess: () => (notifySuccess(q === 0 ? 'The back order is cleared.' : 'The line is marked back ordered.'), onClose()) },
    );
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), save(numberOrUndefined(quantity) ?? 0))}>
      <Stack gap="sm">
        <Text size="sm">
          {line.description}: {line.outstanding} outstanding.
        </Text>
        <NumberInput label="Back ordered quantity" min={0} max={line.outstanding} decimalScale={3} value={quantity} onChange={setQuantity} />
        <TextInput type="date" label="Expected Date" value={expectedOn} onChange={(e) => setExpectedOn(e.currentTarget.value)} />
        <Group justify="space-between">
          {line.backOrdered > 0 ? (
            <Button variant="subtle" color="red" onClick={() => save(0)} loading={backOrder.isPending}>
              Clear back order
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={backOrder.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Back order: how much of a line's outstanding quantity the vendor has on back order, and when it is expected. */
export function BackOrderDialog({ po, line, onClose }: { po: PurchaseOrder; line: PurchaseOrderLine | null; onClose: () => void }) {
  return (
    <FormModal opened={line !== null} onClose={onClose} title={`Back order line ${line?.lineNumber ?? ''}`}>
      {() => line && <BackOrderForm po={po} line={line} onClose={onClose} />}
    </FormModal>
  );
}

function CloseForm({ po, onClose }: { po: PurchaseOrder; onClose: () => void }) {
  const close = useClosePurchaseOrder(po.purchaseOrderId);
  const isShort = po.lines.some((l) => l.outstanding > 0);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (isShort && !reason.trim()) return setProblem('Reason field is required!');
    close.mutate(reason.trim() || null, { onSuccess: (saved) => (notifySuccess(`Purchase order ${saved.number} is closed.`), onClose()) });
  };
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack gap="sm">
        <Text size="sm">
          {isShort ? 'Parts are still outstanding: closing it short means they are no longer expected. Say why.' : 'Everything is received. Close the purchase order?'}
        </Text>
        {isShort && <Textarea label="Reason" withAsterisk autosize maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={problem} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            No
          </Button>
          <Button type="submit" color={isShort ? 'red' : undefined} loading={close.isPending}>
            {isShort ? 'Close short' : 'Close'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Close: a received order at once; one with parts outstanding short, with a reason. */
export function CloseDialog({ po, opened, onClose }: { po: PurchaseOrder; opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Close purchase order ${po.number}`}>
      {() => <CloseForm po={po} onClose={onClose} />}
    </FormModal>
  );
}
