import { ActionIcon, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_DEFAULT_TAKE } from '@sm/shared';
import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isSearchable, searchPagePath, searchRecordsQuery, searchTargets, SEARCH_PAGE_PATH } from '../../office/search/search-api';
import { useSearchDebounce } from '../../../lib/debounce';

interface Option {
  value: string;
  to: string;
  label: string;
  detail: string;
}

/**
 * The header's one search box (spec platform 2.1 /home/searchRecords): it asks the server 400 ms after the last key,
 * lists work orders, customers and contacts in groups, and is used with the keyboard alone: arrows move, Enter opens
 * the chosen record, Enter with nothing chosen opens the search page with everything found. On a phone it is a
 * button to that page.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const debounced = useSearchDebounce(value.trim());
  const result = useQuery({ ...searchRecordsQuery(debounced, SEARCH_DEFAULT_TAKE), placeholderData: keepPreviousData });
  const isWaiting = isSearchable(value) && (value.trim() !== debounced || result.isFetching);

  const groups: { label: string; options: Option[] }[] = result.data && isSearchable(debounced)
    ? [
        {
          label: 'Work Orders',
          options: result.data.workOrders.map((w) => ({ value: `wo-${w.workOrderId}`, to: searchTargets.workOrder(w.workOrderNumber), label: w.workOrderNumber, detail: `${w.problem} · ${w.customerName}` })),
        },
        {
          label: 'Customers',
          options: result.data.customers.map((c) => ({ value: `cu-${c.customerId}`, to: searchTargets.customer(c.customerId), label: c.name, detail: `${c.address}, ${c.city}` })),
        },
        {
          label: 'Contacts',
          options: result.data.contacts.map((c) => ({ value: `co-${c.contactId}`, to: searchTargets.customer(c.customerId), label: c.name, detail: [c.customerName, c.phone].filter(Boolean).join(' · ') })),
        },
      ].filter((g) => g.options.length > 0)
    : [];
  const byValue = new Map(groups.flatMap((g) => g.options).map((o) => [o.value, o]));

  const finish = (to: string) => {
    combobox.closeDropdown();
    setValue('');
    void navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const isEnter = event.key === 'Enter' && !event.nativeEvent.isComposing;
    if (isEnter && isSearchable(value) && (!combobox.dropdownOpened || combobox.getSelectedOptionIndex() === -1)) {
      event.preventDefault();
      finish(searchPagePath(value.trim()));
    }
  };

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={(v) => byValue.get(v) && finish(byValue.get(v)!.to)} withinPortal width={420} position="bottom-start">
        <Combobox.Target withExpandedAttribute>
          <TextInput
            visibleFrom="sm"
            w={{ sm: 220, md: 320 }}
            size="sm"
            placeholder="Search work orders, customers..."
            aria-label="Search"
            leftSection={<IconSearch size={16} />}
            rightSection={isWaiting ? <Loader size={14} /> : null}
            value={value}
            maxLength={100}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => value && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={onKeyDown}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!isSearchable(value)}>
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }} aria-label="Search results">
            {groups.length === 0 ? (
              <Combobox.Empty>{isWaiting ? 'Loading...' : 'No Options'}</Combobox.Empty>
            ) : (
              groups.map((g) => (
                <Combobox.Group key={g.label} label={g.label}>
                  {g.options.map((o) => (
                    <Combobox.Option key={o.value} value={o.value} aria-label={`${o.label} ${o.detail}`}>
                      <Text size="sm" fw={500} truncate>
                        {o.label}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {o.detail}
                      </Text>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ))
            )}
          </Combobox.Options>
          {groups.length > 0 && (
            <Combobox.Footer>
              <Text size="xs" c="dimmed">
                {isWaiting ? 'Loading...' : 'Press Enter with nothing chosen to see every result'}
              </Text>
            </Combobox.Footer>
          )}
        </Combobox.Dropdown>
      </Combobox>
      <ActionIcon hiddenFrom="sm" variant="subtle" size="lg" component={Link} to={SEARCH_PAGE_PATH} aria-label="Search">
        <IconSearch size={20} />
      </ActionIcon>
    </>
  );
}
