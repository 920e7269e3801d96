import { Select } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LineChoicesAnswer, QuoteLineKind } from '@sm/shared';
import { apiGet } from '../../lib/api';

/** The company's active markup groups and discount reasons, which quote and estimate lines choose from. */
export const lineChoicesQuery = queryOptions({
  queryKey: ['quotes', 'lineChoices'],
  queryFn: ({ signal }) => apiGet<LineChoicesAnswer>('Quotes/lineChoices', { signal }),
  staleTime: 60_000,
});

/** The options of a select: the list's rows, and the line's own value when the list no longer offers it. */
function optionsOf(names: readonly string[], current: string) {
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((n) => ({ value: n, label: n }));
}

interface ChoiceProps {
  value: string;
  error?: string;
  onChange: (name: string) => void;
}

/** Markup Group: choosing one sets the line's markup percent to the group's. */
export function MarkupGroupInput({ value, error, onChange, onPercent }: ChoiceProps & { onPercent: (percent: number) => void }) {
  const choices = useQuery(lineChoicesQuery);
  const groups = choices.data?.markupGroups ?? [];
  return (
    <Select
      label="Markup Group"
      placeholder="None"
      data={optionsOf(groups.map((g) => g.name), value)}
      value={value || null}
      onChange={(name) => {
        onChange(name ?? '');
        const group = groups.find((g) => g.name === name);
        if (group) onPercent(group.markupPercent);
      }}
      renderOption={({ option }) => {
        const group = groups.find((g) => g.name === option.value);
        return group ? `${group.name} (${group.markupPercent}%)` : option.label;
      }}
      nothingFoundMessage={choices.isPending ? 'Loading...' : 'No markup groups: add them under Administration, Customer Markup Groups.'}
      error={error}
      size="md"
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Discount Reason: the company's reasons for labor, or for items (materials and standard items). */
export function DiscountReasonInput({ value, error, onChange, kind }: ChoiceProps & { kind: QuoteLineKind }) {
  const choices = useQuery(lineChoicesQuery);
  const appliesTo = kind === 'labor' ? 'labor' : 'item';
  const names = (choices.data?.discountReasons ?? []).filter((r) => r.appliesTo === appliesTo).map((r) => r.name);
  return (
    <Select
      label="Discount Reason"
      placeholder="None"
      data={optionsOf(names, value)}
      value={value || null}
      onChange={(name) => onChange(name ?? '')}
      nothingFoundMessage={choices.isPending ? 'Loading...' : `No discount reasons for ${appliesTo === 'labor' ? 'labor' : 'items'}.`}
      error={error}
      size="md"
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
