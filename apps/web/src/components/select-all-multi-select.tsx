import { CheckIcon, Combobox, Group, InputBase, ScrollArea, useCombobox, type MantineSize } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

/** The first option, which picks every option or none (spec platform 5.5). */
export const SELECT_ALL_LABEL = 'Select all';
const SELECT_ALL = '\u0000all';

/**
 * The closed box's words (spec platform 5.5): "All (M) selected" when every option is picked, otherwise
 * "N / M selected"; the placeholder when nothing is.
 */
export function selectionSummary(selected: number, total: number, placeholder?: string): string {
  if (selected === 0 && placeholder) return placeholder;
  return total > 0 && selected >= total ? `All (${total}) selected` : `${selected} / ${total} selected`;
}

export interface SelectAllOption {
  value: string;
  label: string;
}

interface SelectAllMultiSelectProps {
  label: string;
  data: SelectAllOption[];
  value: string[];
  onChange: (value: string[]) => void;
  /** Shown while nothing is picked, instead of "0 / M selected". */
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  /** A search box above the options, for long lists of people. */
  searchable?: boolean;
  nothingFoundMessage?: string;
  disabled?: boolean;
  withAsterisk?: boolean;
  size?: MantineSize;
  w?: number | string | Record<string, number | string>;
}

const CHECK_WIDTH = 12;

function Check({ checked }: { checked: boolean }) {
  return checked ? <CheckIcon size={CHECK_WIDTH} aria-hidden /> : <span style={{ width: CHECK_WIDTH, flexShrink: 0 }} aria-hidden />;
}

/**
 * The multi-select of a list people often take whole (spec platform 5.5): "Select all" first, the options with a
 * check beside each picked one, and the closed box saying how many are picked ("3 / 8 selected", "All (8) selected")
 * rather than a row of pills. Worked from the keyboard like a select (Enter or Space opens it, the arrows move, Enter
 * picks, Escape closes); its accessible name is its label followed by the words shown in the box.
 */
export function SelectAllMultiSelect(props: SelectAllMultiSelectProps) {
  const { label, data, value, onChange, placeholder, searchable = false, size = 'sm' } = props;
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => (searchable ? combobox.focusSearchInput() : combobox.selectFirstOption()),
  });
  const id = useId();
  const picked = new Set(value);
  const count = data.filter((o) => picked.has(o.value)).length;
  const isAll = data.length > 0 && count === data.length;
  const needle = search.trim().toLowerCase();
  const shown = needle ? data.filter((o) => o.label.toLowerCase().includes(needle)) : data;

  const submit = (option: string) => {
    if (option === SELECT_ALL) onChange(isAll ? [] : [...value.filter((v) => !data.some((o) => o.value === v)), ...data.filter((o) => !picked.has(o.value)).map((o) => o.value), ...value.filter((v) => data.some((o) => o.value === v))]);
    else onChange(picked.has(option) ? value.filter((v) => v !== option) : [...value, option]);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal size={size} disabled={props.disabled}>
      <Combobox.Target targetType="button" withExpandedAttribute>
        <InputBase
          component="button"
          type="button"
          pointer
          id={`${id}-box`}
          label={label}
          labelProps={{ id: `${id}-label` }}
          aria-labelledby={`${id}-label ${id}-summary`}
          description={props.description}
          error={props.error}
          withAsterisk={props.withAsterisk}
          disabled={props.disabled}
          size={size}
          w={props.w}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
        >
          <span id={`${id}-summary`} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' }}>
            {selectionSummary(count, data.length, placeholder)}
          </span>
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        {searchable && (
          <Combobox.Search value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder="Search" aria-label={`Search ${label}`} />
        )}
        <Combobox.Options aria-multiselectable aria-label={label}>
          <ScrollArea.Autosize mah={260} type="scroll">
            {!needle && data.length > 0 && (
              <Combobox.Option value={SELECT_ALL} aria-selected={isAll}>
                <Group gap="xs" wrap="nowrap">
                  <Check checked={isAll} />
                  <span>{SELECT_ALL_LABEL}</span>
                </Group>
              </Combobox.Option>
            )}
            {shown.map((o) => (
              <Combobox.Option key={o.value} value={o.value} aria-selected={picked.has(o.value)}>
                <Group gap="xs" wrap="nowrap">
                  <Check checked={picked.has(o.value)} />
                  <span>{o.label}</span>
                </Group>
              </Combobox.Option>
            ))}
            {shown.length === 0 && <Combobox.Empty>{props.nothingFoundMessage ?? 'No Options'}</Combobox.Empty>}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
