import { Select } from '@mantine/core';
import { useMemo } from 'react';

/** The zones of the United States first, where the company's sites usually are. */
const COMMON = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'];

function zoneData(current: string | null) {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : COMMON;
  const others = all.filter((z) => !COMMON.includes(z));
  // A stored zone this browser does not list (an alias) still shows.
  if (current && !COMMON.includes(current) && !others.includes(current)) others.unshift(current);
  return [
    { group: 'United States', items: COMMON.map((z) => ({ value: z, label: z.replaceAll('_', ' ') })) },
    { group: 'All time zones', items: others.map((z) => ({ value: z, label: z.replaceAll('_', ' ') })) },
  ];
}

interface TimeZoneSelectProps {
  value: string | null;
  onChange: (zone: string | null) => void;
  error?: string;
  /** A company's own zone: one must be chosen. Otherwise empty means the company's (a site's zone). */
  required?: boolean;
}

/** An IANA time zone, those of the United States first. */
export function TimeZoneSelect({ value, onChange, error, required = false }: TimeZoneSelectProps) {
  const data = useMemo(() => zoneData(value), [value]);
  return (
    <Select
      label="Time Zone"
      placeholder={required ? 'Choose a time zone' : "The company's time zone"}
      searchable
      clearable={!required}
      allowDeselect={!required}
      withAsterisk={required}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage="No Options"
      maxDropdownHeight={280}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
