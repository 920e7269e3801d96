import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { moneyText, profitFactorProblem, QUOTE_LINE_KIND_LABELS, QUOTE_LINE_KINDS, quoteLineAmounts, quoteLineBody, quoteTotals, type QuoteLineBody, type QuoteLineKind } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { DiscountReasonInput, MarkupGroupInput } from './line-choice-inputs';
import { numberOrUndefined, useSchemaForm } from '../../lib/schema-form';
import { MONEY_INPUT, QUANTITY_INPUT } from '../number-inputs';
import { PHONE_QUERY } from '../../lib/media';
import type { PricedLine } from './priced-line';

interface Values {
  kind: QuoteLineKind;
  description: string;
  quantity: number | string;
  unitCost: number | string;
  markupGroup: string;
  markupPercent: number | string;
  discountReason: string;
  discount: number | string;
}

const KIND_OPTIONS = QUOTE_LINE_KINDS.map((k) => ({ value: k, label: QUOTE_LINE_KIND_LABELS[k] }));

const valuesOf = (line: PricedLine | null): Values =>
  line
    ? {
        kind: line.kind, description: line.description, quantity: line.quantity, unitCost: line.unitCost, markupGroup: line.markupGroup ?? '',
        markupPercent: line.markupPercent, discountReason: line.discountReason ?? '', discount: line.discount,
      }
    : { kind: 'material', description: '', quantity: 1, unitCost: '', markupGroup: '', markupPercent: 0, discountReason: '', discount: 0 };

interface Props {
  /** The line to change, or null to add one. */
  line: PricedLine | null;
  /** The other lines of the same quote or estimate, for its totals and profit factor after this change. */
  otherLines: readonly PricedLine[];
  /** What the lines belong to, as the sentences name it: 'quote' or 'estimate'. */
  noun: 'quote' | 'estimate';
  isSaving: boolean;
  onSave: (body: QuoteLineBody) => void;
  onClose: () => void;
}

/**
 * Add or change a priced line: kind, description, quantity, unit cost, markup group and percent, discount and its
 * reason (the group and the reason chosen from the company's lists; a group sets its markup percent). The price, the line total and the profit factor after the change are computed as they are typed, by the
 * same shared helpers the server uses, so the sentence shown is the one the server would answer.
 */
export function PricedLineDialog({ line, otherLines, noun, isSaving, onSave, onClose }: Props) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { errors, clear, check } = useSchemaForm(quoteLineBody);
  const [v, setValues] = useState<Values>(() => valuesOf(line));
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [field]: value }));
    clear(field);
  };
  const quantity = numberOrUndefined(v.quantity);
  const unitCost = numberOrUndefined(v.unitCost);
  const markupPercent = numberOrUndefined(v.markupPercent) ?? 0;
  const discount = numberOrUndefined(v.discount) ?? 0;
  const amounts = quantity !== undefined && unitCost !== undefined ? quoteLineAmounts({ quantity, unitCost, markupPercent, discount }) : null;
  const totals = amounts ? quoteTotals([...otherLines, { quantity: quantity!, unitCost: unitCost!, markupPercent, discount }]) : null;
  const problem = totals ? profitFactorProblem(totals, noun === 'quote' ? 'A quote' : 'An estimate') : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      kind: v.kind,
      description: v.description,
      quantity,
      unitCost,
      markupGroup: v.markupGroup.trim() || null,
      markupPercent,
      discountReason: v.discountReason.trim() || null,
      discount,
    });
    if (body) onSave(body);
  };

  return (
    <Modal opened onClose={onClose} title={line ? `Edit Line ${line.lineNumber}` : 'Add Line'} size="lg" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select label="Kind" data={KIND_OPTIONS} value={v.kind} onChange={(k) => k && set('kind', k as QuoteLineKind)} allowDeselect={false} error={errors.kind} size="md" withAsterisk />
            <NumberInput {...QUANTITY_INPUT} label="Quantity" value={v.quantity} onChange={(n) => set('quantity', n)} error={errors.quantity} withAsterisk />
          </SimpleGrid>
          <TextInput label="Description" value={v.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} size="md" maxLength={500} withAsterisk data-autofocus />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberInput {...MONEY_INPUT} label="Unit Cost" value={v.unitCost} onChange={(n) => set('unitCost', n)} error={errors.unitCost} withAsterisk />
            <MarkupGroupInput value={v.markupGroup} error={errors.markupGroup} onChange={(name) => set('markupGroup', name)} onPercent={(percent) => set('markupPercent', percent)} />
            <NumberInput {...MONEY_INPUT} prefix={undefined} suffix="%" label="Markup %" value={v.markupPercent} onChange={(n) => set('markupPercent', n)} error={errors.markupPercent} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput {...MONEY_INPUT} label="Discount" value={v.discount} onChange={(n) => set('discount', n)} error={errors.discount} />
            <DiscountReasonInput value={v.discountReason} error={errors.discountReason} onChange={(name) => set('discountReason', name)} kind={v.kind} />
          </SimpleGrid>
          <Group gap="lg" data-testid="line-preview">
            <Text size="sm">Unit price: <b>{amounts ? moneyText(amounts.unitPrice) : '—'}</b></Text>
            <Text size="sm">Line total: <b>{amounts ? moneyText(amounts.lineTotal) : '—'}</b></Text>
            <Text size="sm">{noun === 'quote' ? 'Quote' : 'Estimate'} profit factor: <b>{totals?.profitFactor != null ? `${totals.profitFactor}%` : '—'}</b></Text>
          </Group>
          {problem && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs" grow={isPhone}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {line ? 'Save Line' : 'Add Line'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
