import { Checkbox, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REFERENCE_LISTS, referenceListAccess, satisfies, type Access, type ReferenceListKey, type ReferenceRow, type UserDetail } from '@sm/shared';
import { useMemo } from 'react';
import type { FieldErrors } from '../../../lib/schema-form';
import { referenceRowsQuery } from '../administration/reference-list-api';
import { teamLeaderChoicesQuery } from './users-admin-api';
import type { UserFormValues } from './user-form-fields';

type Named = { id: number; name: string } | null;

const listOf = (key: ReferenceListKey) => REFERENCE_LISTS.find((d) => d.key === key)!;

/** The active rows of a list (and the saved one even when retired), for those who may read the list. */
function useListOptions(key: ReferenceListKey, access: Access, saved: Named, only?: (row: ReferenceRow) => boolean) {
  const canRead = satisfies(access, referenceListAccess(listOf(key), 'read'));
  const rows = useQuery(referenceRowsQuery(key, canRead));
  return useMemo(() => {
    const options = (rows.data ?? [])
      .filter((r) => (r.isActive !== false || r.id === saved?.id) && (!only || only(r)))
      .map((r) => ({ value: String(r.id), label: r.name }));
    if (saved && !options.some((o) => o.value === String(saved.id)) && (!rows.data || !canRead)) options.push({ value: String(saved.id), label: saved.name });
    return { options, canRead };
  }, [rows.data, saved, canRead, only]);
}

interface UserWorkFieldsProps {
  values: UserFormValues;
  errors: FieldErrors;
  access: Access;
  onChange: (field: keyof UserFormValues, value: UserFormValues[keyof UserFormValues]) => void;
  readOnly?: boolean;
  saved?: UserDetail;
}

/**
 * Where and how a user works: region and one of its districts, base city, team leaders (active Team Leaders) and
 * "Works on rate sheets". A picker whose list the person may not read shows the saved value and says why.
 */
export function UserWorkFields({ values, errors, access, onChange, readOnly, saved }: UserWorkFieldsProps) {
  const regions = useListOptions('regions', access, saved?.region ?? null);
  const inRegion = useMemo(() => (row: ReferenceRow) => String(row.regionId) === values.regionId, [values.regionId]);
  const districts = useListOptions('districts', access, saved?.district ?? null, inRegion);
  const cities = useListOptions('baseCities', access, saved?.baseCity ?? null);
  const leaders = useQuery(teamLeaderChoicesQuery());
  const leaderOptions = useMemo(() => {
    const options = (leaders.data?.data ?? []).filter((u) => u.userId !== saved?.userId).map((u) => ({ value: String(u.userId), label: u.name }));
    for (const l of saved?.teamLeaders ?? []) if (!options.some((o) => o.value === String(l.userId))) options.push({ value: String(l.userId), label: l.name });
    return options;
  }, [leaders.data, saved]);
  const why = (canRead: boolean, list: string) => (!canRead && !readOnly ? `Choosing needs the ${list} read permission.` : undefined);
  const picker = { clearable: !readOnly, searchable: true, comboboxProps: { withinPortal: true }, readOnly };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Region"
          placeholder={readOnly ? undefined : 'No region'}
          data={regions.options}
          value={values.regionId}
          error={errors.regionId}
          description={why(regions.canRead, 'Regions')}
          nothingFoundMessage="No region matches"
          {...picker}
          readOnly={readOnly || !regions.canRead}
          onChange={(value) => {
            onChange('regionId', value);
            if (value !== values.regionId) onChange('districtId', null);
          }}
        />
        <Select
          label="District"
          placeholder={readOnly ? undefined : values.regionId ? 'No district' : 'Choose a region first'}
          data={districts.options}
          value={values.districtId}
          error={errors.districtId}
          disabled={!readOnly && !values.regionId}
          nothingFoundMessage="No district of this region matches"
          {...picker}
          readOnly={readOnly || !districts.canRead}
          onChange={(value) => onChange('districtId', value)}
        />
        <Select
          label="Base City"
          placeholder={readOnly ? undefined : 'No base city'}
          data={cities.options}
          value={values.baseCityId}
          error={errors.baseCityId}
          description={why(cities.canRead, 'Base Cities')}
          nothingFoundMessage="No base city matches"
          {...picker}
          readOnly={readOnly || !cities.canRead}
          onChange={(value) => onChange('baseCityId', value)}
        />
      </SimpleGrid>
      <MultiSelect
        label="Team Leaders"
        placeholder={readOnly || values.teamLeaderIds.length > 0 ? undefined : leaderOptions.length === 0 ? 'No active Team Leader yet' : 'Choose team leaders'}
        data={leaderOptions}
        value={values.teamLeaderIds}
        error={errors.teamLeaderIds}
        hidePickedOptions
        nothingFoundMessage="No team leader matches"
        {...picker}
        onChange={(value) => onChange('teamLeaderIds', value)}
      />
      <Checkbox
        label="Works on rate sheets"
        description="The clock asks for an Employee Type and bills by the customer's rate sheet."
        checked={values.worksOnRateSheets}
        disabled={readOnly}
        error={errors.worksOnRateSheets}
        onChange={(e) => onChange('worksOnRateSheets', e.currentTarget.checked)}
      />
    </Stack>
  );
}
