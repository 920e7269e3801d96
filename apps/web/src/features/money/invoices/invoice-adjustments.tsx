import { ActionIcon, Button, Checkbox, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { invoiceBody, moneyText, type InvoiceBody, type InvoiceTotalsAnswer } from '@sm/shared';
import { useEffect, useMemo, useState } from 'react';
import { numberOrUndefined } from '../../../lib/schema-form';
import { MONEY_INPUT } from '../../../components/number-inputs';
import { useFormDebounce } from '../../../lib/debounce';
import { AdditionalLines, additionalLinesOf, type AdditionalRow } from './invoice-additional-lines';

interface QuotedRow {
  key: number;
  description: string;
  amount: number | string;
}

/** What the office has typed: freight, use tax, a discount per labor entry, quoted values and additional lines. */
interface Typed {
  freight: number | string;
  isUseTax: boolean;
  discounts: Record<number, number | string>;
  quoted: QuotedRow[];
  additional: AdditionalRow[];
}

/** The body the typed values make: only discounts above zero, and only quoted rows with something in them. */
function draftOf(workOrderId: number, t: Typed) {
  return {
    workOrderId,
    freight: numberOrUndefined(t.freight) ?? 0,
    isUseTax: t.isUseTax,
    laborDiscounts: Object.entries(t.discounts)
      .map(([id, d]) => ({ workOrderLaborId: Number(id), discount: numberOrUndefined(d) ?? 0 }))
      .filter((d) => d.discount !== 0),
    quotedValues: t.quoted.filter((q) => q.description.trim() !== '' || q.amount !== '').map((q) => ({ description: q.description, amount: numberOrUndefined(q.amount) })),
    additionalLines: additionalLinesOf(t.additional),
  };
}

/**
 * What the office adds before submitting, checked by the shared schema as typed. The preview asks the server only
 * for good values, a moment after typing stops; while a value is refused, the preview stays the last good one and the
 * field shows the sentence.
 */
export function useAdjustments(workOrderId: number) {
  const [typed, setTyped] = useState<Typed>({ freight: '', isUseTax: false, discounts: {}, quoted: [], additional: [] });
  const debounced = useFormDebounce(typed);
  const parsed = useMemo(() => invoiceBody.safeParse(draftOf(workOrderId, debounced)), [workOrderId, debounced]);
  const body: InvoiceBody | null = parsed.success ? parsed.data : null;
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  const [lastGood, setLastGood] = useState<InvoiceBody>({ workOrderId, freight: 0, isUseTax: false });
  const key = body ? JSON.stringify(body) : null;
  useEffect(() => {
    if (key) setLastGood(JSON.parse(key) as InvoiceBody);
  }, [key]);
  const update = (change: Partial<Typed>) => setTyped((t) => ({ ...t, ...change }));
  return { typed, update, body, errors, lastGood, isDebouncing: typed !== debounced };
}
export type Adjustments = ReturnType<typeof useAdjustments>;

/** Where an error of the body is shown: the index of a quoted value row, or the labor entry of a discount. */
function discountError(a: Adjustments, laborId: number): string | undefined {
  const draft = draftOf(0, a.typed).laborDiscounts;
  const i = draft.findIndex((d) => d.workOrderLaborId === laborId);
  return i < 0 ? undefined : a.errors[`laborDiscounts.${i}.discount`];
}

function quotedError(a: Adjustments, key: number, field: 'description' | 'amount'): string | undefined {
  const rows = a.typed.quoted.filter((q) => q.description.trim() !== '' || q.amount !== '');
  const i = rows.findIndex((q) => q.key === key);
  return i < 0 ? undefined : a.errors[`quotedValues.${i}.${field}`];
}

/** Freight, use tax, a discount on each labor entry, quoted values billed as agreed and additional line items. */
export function InvoiceAdjustments({ a, totals }: { a: Adjustments; totals: InvoiceTotalsAnswer }) {
  const { typed, update } = a;
  const labor = totals.laborLines.filter((l) => l.workOrderLaborId !== null);
  const setQuoted = (key: number, change: Partial<QuotedRow>) => update({ quoted: typed.quoted.map((q) => (q.key === key ? { ...q, ...change } : q)) });
  return (
    <Stack gap="sm" data-testid="invoice-adjustments">
      <Group gap="md" align="flex-end" wrap="wrap">
        <NumberInput {...MONEY_INPUT} size="sm" label="Freight" value={typed.freight} onChange={(v) => update({ freight: v })} error={a.errors.freight} w={160} />
        <Checkbox
          label="Use tax (the company owes the tax)"
          checked={typed.isUseTax}
          onChange={(e) => update({ isUseTax: e.currentTarget.checked })}
          disabled={totals.isTaxExempt}
          mb={8}
        />
      </Group>
      {labor.length > 0 && (
        <Stack gap={4}>
          <Title order={4} size="h6">
            Labor discounts
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} aria-label="Labor discounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Technician</Table.Th>
                  <Table.Th>Labor</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                  <Table.Th ta="right">Charge</Table.Th>
                  <Table.Th w={150}>Discount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {labor.map((l) => (
                  <Table.Tr key={l.workOrderLaborId}>
                    <Table.Td>{l.technician}</Table.Td>
                    <Table.Td tt="capitalize">{l.kind}</Table.Td>
                    <Table.Td ta="right">{l.hours}</Table.Td>
                    <Table.Td ta="right">{moneyText(l.charge)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        {...MONEY_INPUT}
                        size="xs"
                        aria-label={`Discount on ${l.technician}'s ${l.kind} labor of ${l.hours} h`}
                        value={typed.discounts[l.workOrderLaborId!] ?? ''}
                        onChange={(v) => update({ discounts: { ...typed.discounts, [l.workOrderLaborId!]: v } })}
                        error={discountError(a, l.workOrderLaborId!)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={4} size="h6">
            Quoted values
          </Title>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => update({ quoted: [...typed.quoted, { key: Date.now(), description: '', amount: '' }] })}>
            Add Quoted Value
          </Button>
        </Group>
        {typed.quoted.length === 0 && (
          <Text size="sm" c="dimmed">
            None: add the price agreed for part of the work (an approved quote, a flat rate).
          </Text>
        )}
        {typed.quoted.map((q, i) => (
          <Group key={q.key} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              size="sm"
              style={{ flex: 1 }}
              aria-label={`Quoted value ${i + 1} description`}
              placeholder="Description"
              value={q.description}
              onChange={(e) => setQuoted(q.key, { description: e.currentTarget.value })}
              error={quotedError(a, q.key, 'description')}
              maxLength={200}
            />
            <NumberInput
              {...MONEY_INPUT}
              size="sm"
              w={140}
              aria-label={`Quoted value ${i + 1} amount`}
              value={q.amount}
              onChange={(v) => setQuoted(q.key, { amount: v })}
              error={quotedError(a, q.key, 'amount')}
            />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove quoted value ${i + 1}`} onClick={() => update({ quoted: typed.quoted.filter((x) => x.key !== q.key) })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <AdditionalLines rows={typed.additional} errors={a.errors} onChange={(additional) => update({ additional })} />
    </Stack>
  );
}
