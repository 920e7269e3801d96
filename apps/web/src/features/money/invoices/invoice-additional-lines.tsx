import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MONEY_INPUT } from '../../../components/number-inputs';
import { numberOrUndefined } from '../../../lib/schema-form';
import { additionalLineItemChoicesQuery } from './invoices-api';

/** One additional line as typed: the item it posts to, the description the customer reads, and its amount. */
export interface AdditionalRow {
  key: number;
  additionalLineItemId: number | null;
  description: string;
  amount: number | string;
}

const isStarted = (r: AdditionalRow) => r.additionalLineItemId !== null || r.description.trim() !== '' || r.amount !== '';

/** The body's additional lines: only rows with something in them, so the shared schema checks what was typed. */
export function additionalLinesOf(rows: AdditionalRow[]) {
  return rows.filter(isStarted).map((r) => ({ additionalLineItemId: r.additionalLineItemId ?? undefined, description: r.description, amount: numberOrUndefined(r.amount) }));
}

/**
 * Lines from the company's additional line items (administration intacct/additionalLineItem), each posted to its
 * item's account: chosen from the active items, with a description and an amount above zero.
 */
export function AdditionalLines({ rows, errors, onChange }: { rows: AdditionalRow[]; errors: Record<string, string>; onChange: (rows: AdditionalRow[]) => void }) {
  const choices = useQuery(additionalLineItemChoicesQuery);
  const items = (choices.data ?? []).map((c) => ({ value: String(c.additionalLineItemId), label: c.name }));
  const set = (key: number, change: Partial<AdditionalRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const errorOf = (key: number, field: 'additionalLineItemId' | 'description' | 'amount') => {
    const i = rows.filter(isStarted).findIndex((r) => r.key === key);
    return i < 0 ? undefined : errors[`additionalLines.${i}.${field}`];
  };
  return (
    <Stack gap={6} data-testid="invoice-additional-lines">
      <Group justify="space-between">
        <Title order={4} size="h6">
          Additional line items
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={items.length === 0}
          onClick={() => onChange([...rows, { key: Date.now(), additionalLineItemId: null, description: '', amount: '' }])}
        >
          Add Line Item
        </Button>
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {items.length === 0 ? 'None: the company has no active additional line items.' : 'None: add a charge beyond the work order’s (a disposal fee, a permit).'}
        </Text>
      )}
      {rows.map((r, i) => (
        <Group key={r.key} gap="xs" align="flex-start" wrap="nowrap">
          <Select
            size="sm"
            w={200}
            aria-label={`Additional line ${i + 1} item`}
            placeholder="Line item"
            data={items}
            value={r.additionalLineItemId === null ? null : String(r.additionalLineItemId)}
            onChange={(v) => {
              const name = items.find((o) => o.value === v)?.label ?? '';
              set(r.key, { additionalLineItemId: v === null ? null : Number(v), description: r.description.trim() === '' ? name : r.description });
            }}
            error={errorOf(r.key, 'additionalLineItemId')}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            size="sm"
            style={{ flex: 1 }}
            aria-label={`Additional line ${i + 1} description`}
            placeholder="Description"
            value={r.description}
            onChange={(e) => set(r.key, { description: e.currentTarget.value })}
            error={errorOf(r.key, 'description')}
            maxLength={200}
          />
          <NumberInput
            {...MONEY_INPUT}
            size="sm"
            w={140}
            aria-label={`Additional line ${i + 1} amount`}
            value={r.amount}
            onChange={(v) => set(r.key, { amount: v })}
            error={errorOf(r.key, 'amount')}
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove additional line ${i + 1}`} onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
