import { ActionIcon, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { lineTotal, moneyText, sumMoney, type InventoryItemOption } from '@sm/shared';
import { AsyncSearchSelect } from '../../field/scheduling/async-search-select';
import { itemOptionsQuery } from './purchase-orders-api';
import { MoneyInput } from '../../../components/number-inputs';

/** A line as the form holds it: a stocked item or free text; quantity and cost as typed. */
export interface LineDraft {
  key: string;
  lineId?: number;
  itemId: number | null;
  itemLabel?: string;
  partNumber: string;
  description: string;
  quantity: number | string;
  unitCost: number | string;
  /** What has been received of the line: its quantity may not go below it, nor the line be removed. */
  received: number;
}

let nextKey = 0;
export const emptyLine = (): LineDraft => ({ key: `new-${++nextKey}`, itemId: null, partNumber: '', description: '', quantity: 1, unitCost: '', received: 0 });

const decimalOf = (v: number | string) => (v === '' || Number.isNaN(Number(v)) ? '0' : String(v));
export const lineAmount = (l: LineDraft) => lineTotal(decimalOf(l.quantity), decimalOf(l.unitCost));
export const linesTotal = (lines: LineDraft[]) => sumMoney(lines.map(lineAmount));

type ItemKnown = Pick<InventoryItemOption, 'itemId' | 'partNumber' | 'description'>;

/** One line: the item picker (or free text), part number, description, quantity, unit cost and its amount. */
function LineRow({ line, index, onChange, onRemove, canRemove }: { line: LineDraft; index: number; onChange: (l: LineDraft) => void; onRemove: () => void; canRemove: boolean }) {
  const n = index + 1;
  const known: ItemKnown | null = line.itemId ? { itemId: line.itemId, partNumber: line.partNumber, description: line.itemLabel ?? line.description } : null;
  return (
    <Card withBorder padding="sm" role="group" aria-label={`Line ${n}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            Line {n}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" aria-label={`Line ${n} amount`}>
              {moneyText(lineAmount(line))}
            </Text>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove line ${n}`} onClick={onRemove} disabled={!canRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <AsyncSearchSelect<ItemKnown, InventoryItemOption, string[]>
          label={`Line ${n} item`}
          placeholder="A stocked part, or leave empty for free text"
          value={line.itemId}
          onChange={() => undefined}
          onPick={(item) => {
            const option = item as InventoryItemOption | null;
            if (!option) return onChange({ ...line, itemId: null, itemLabel: undefined });
            onChange({ ...line, itemId: option.itemId, itemLabel: option.description, partNumber: option.partNumber, description: option.description, unitCost: option.unitCost ?? line.unitCost });
          }}
          queryOf={(search) => itemOptionsQuery({ search, itemId: line.itemId })}
          idOf={(i) => i.itemId}
          labelOf={(i) => `${i.partNumber} · ${i.description}`}
          detailOf={() => undefined}
          known={known}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
          <TextInput label={`Line ${n} part number`} value={line.partNumber} onChange={(e) => onChange({ ...line, partNumber: e.currentTarget.value })} maxLength={100} />
          <TextInput label={`Line ${n} description`} withAsterisk value={line.description} onChange={(e) => onChange({ ...line, description: e.currentTarget.value })} maxLength={500} />
          <NumberInput
            label={`Line ${n} quantity`}
            withAsterisk
            min={line.received || 0.001}
            decimalScale={3}
            value={line.quantity}
            onChange={(v) => onChange({ ...line, quantity: v })}
            description={line.received > 0 ? `${line.received} received` : undefined}
          />
          <MoneyInput label={`Line ${n} unit cost`} value={line.unitCost} onChange={(v) => onChange({ ...line, unitCost: v })} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The purchase order's lines: each editable, removable unless parts of it arrived, "Add line", and the exact total. */
export function PurchaseOrderLinesEditor({ lines, onChange }: { lines: LineDraft[]; onChange: (lines: LineDraft[]) => void }) {
  return (
    <Stack gap="sm">
      {lines.map((line, i) => (
        <LineRow
          key={line.key}
          line={line}
          index={i}
          canRemove={lines.length > 1 && line.received === 0}
          onChange={(l) => onChange(lines.map((x) => (x.key === line.key ? l : x)))}
          onRemove={() => onChange(lines.filter((x) => x.key !== line.key))}
        />
      ))}
      <Group justify="space-between">
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...lines, emptyLine()])}>
          Add line
        </Button>
        <Text fw={600} aria-live="polite">
          Total {moneyText(linesTotal(lines))}
        </Text>
      </Group>
    </Stack>
  );
}
