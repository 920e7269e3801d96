import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isSuperAdmin, REFERENCE_LISTS, referenceListAccess, ROLE, ROLES, satisfies, type Access, type MaskedRole, type UserDetail } from '@sm/shared';
import { useMemo } from 'react';
import type { FieldErrors } from '../../../lib/schema-form';
import { referenceRowsQuery } from '../administration/reference-list-api';
import { maskedRolesQuery } from './users-admin-api';
import { UserWorkFields } from './user-work-fields';

/** What the user form holds while it is typed: text as typed, ids as the pickers give them. */
export interface UserFormValues {
  name: string;
  email: string;
  userName: string;
  phone: string;
  jobTitleId: string | null;
  roleIds: string[];
  regionId: string | null;
  districtId: string | null;
  baseCityId: string | null;
  teamLeaderIds: string[];
  worksOnRateSheets: boolean;
}

export const EMPTY_USER_FORM: UserFormValues = {
  name: '', email: '', userName: '', phone: '', jobTitleId: null, roleIds: [], regionId: null, districtId: null, baseCityId: null, teamLeaderIds: [], worksOnRateSheets: false,
};

const idOrNull = (value: string | null) => (value ? Number(value) : null);

/** The body the shared schema checks: the pickers' strings as numbers, an empty phone as none. */
export function userBodyOf(values: UserFormValues) {
  return {
    name: values.name,
    email: values.email,
    userName: values.userName,
    phone: values.phone.trim() === '' ? null : values.phone,
    jobTitleId: idOrNull(values.jobTitleId),
    roleIds: values.roleIds.map(Number),
    regionId: idOrNull(values.regionId),
    districtId: idOrNull(values.districtId),
    baseCityId: idOrNull(values.baseCityId),
    teamLeaderIds: values.teamLeaderIds.map(Number),
    worksOnRateSheets: values.worksOnRateSheets,
  };
}

const JOB_TITLES = REFERENCE_LISTS.find((d) => d.key === 'jobTitles')!;

/**
 * The company's job titles to choose from (the active ones, and the user's own even when retired). Read only by those
 * who may read the list; others see the user's own title alone.
 */
function useJobTitleOptions(access: Access, current: { id: number | null; name: string | null }) {
  const canReadTitles = satisfies(access, referenceListAccess(JOB_TITLES, 'read'));
  const titles = useQuery(referenceRowsQuery('jobTitles', canReadTitles));
  return useMemo(() => {
    const options = (titles.data ?? []).filter((t) => t.isActive !== false || t.id === current.id).map((t) => ({ value: String(t.id), label: t.name }));
    if (current.id !== null && !options.some((o) => o.value === String(current.id))) options.push({ value: String(current.id), label: current.name ?? `#${current.id}` });
    return { options, canReadTitles };
  }, [titles.data, current.id, current.name, canReadTitles]);
}

/**
 * The roles this person may give, as the company names them: only a Super Admin offers Super Admin, and a role the
 * company hides is not offered (a role the user has already stays shown).
 */
function roleOptions(access: Access, given: string[], companyRoles: MaskedRole[] | undefined) {
  const superAdmin = String(ROLE['Super Admin']);
  const mayGiveSuperAdmin = isSuperAdmin(access);
  const roles = companyRoles ?? ROLES.map((r) => ({ roleId: r.roleId, name: r.roleName, isHidden: false }));
  return roles
    .filter((r) => !r.isHidden || given.includes(String(r.roleId)))
    .filter((r) => mayGiveSuperAdmin || String(r.roleId) !== superAdmin || given.includes(superAdmin))
    .map((r) => ({ value: String(r.roleId), label: r.name, disabled: !mayGiveSuperAdmin && String(r.roleId) === superAdmin }));
}

interface UserFormFieldsProps {
  values: UserFormValues;
  errors: FieldErrors;
  access: Access;
  onChange: (field: keyof UserFormValues, value: UserFormValues[keyof UserFormValues]) => void;
  /** The user name is chosen once, on the invitation. */
  isUserNameReadOnly?: boolean;
  readOnly?: boolean;
  /** The user's job title as saved, shown even when the list cannot be read or the title is retired. */
  currentJobTitle?: { id: number | null; name: string | null };
  /** The user as saved, whose region, district, base city and team leaders stay shown when retired or unreadable. */
  saved?: UserDetail;
}

/**
 * Name, e-mail, user name, phone, job title, roles, and where and how the user works: the invitation's fields and the
 * user page's.
 */
export function UserFormFields({ values, errors, access, onChange, isUserNameReadOnly, readOnly, currentJobTitle, saved }: UserFormFieldsProps) {
  const { options: jobTitles, canReadTitles } = useJobTitleOptions(access, currentJobTitle ?? { id: null, name: null });
  const companyRoles = useQuery(maskedRolesQuery());
  const roles = roleOptions(access, values.roleIds, companyRoles.data);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" required maxLength={100} autoComplete="off" readOnly={readOnly} data-autofocus={readOnly ? undefined : true} value={values.name} error={errors.name} onChange={(e) => onChange('name', e.currentTarget.value)} />
        <TextInput
          label="User Name"
          required={!isUserNameReadOnly}
          maxLength={100}
          autoComplete="off"
          readOnly={readOnly || isUserNameReadOnly}
          description={isUserNameReadOnly ? 'The user name cannot be changed.' : 'Letters, digits, dots, dashes, underscores and @.'}
          value={values.userName}
          error={errors.userName}
          onChange={(e) => onChange('userName', e.currentTarget.value)}
        />
        <TextInput label="Email" type="email" required maxLength={254} autoComplete="off" readOnly={readOnly} value={values.email} error={errors.email} onChange={(e) => onChange('email', e.currentTarget.value)} />
        <TextInput label="Phone" type="tel" maxLength={30} autoComplete="off" readOnly={readOnly} value={values.phone} error={errors.phone} onChange={(e) => onChange('phone', e.currentTarget.value)} />
      </SimpleGrid>
      <Select
        label="Job Title"
        placeholder={readOnly ? undefined : 'No job title'}
        data={jobTitles}
        value={values.jobTitleId}
        error={errors.jobTitleId}
        readOnly={readOnly || !canReadTitles}
        description={!canReadTitles && !readOnly ? 'Choosing a job title needs the Job Title read permission.' : undefined}
        clearable={!readOnly}
        searchable
        nothingFoundMessage="No job title matches"
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => onChange('jobTitleId', value)}
      />
      <MultiSelect
        label="Roles"
        required
        placeholder={readOnly || values.roleIds.length > 0 ? undefined : 'Choose roles'}
        data={roles}
        value={values.roleIds}
        error={errors.roleIds}
        readOnly={readOnly}
        searchable
        hidePickedOptions
        nothingFoundMessage="No role matches"
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => onChange('roleIds', value)}
      />
      <UserWorkFields values={values} errors={errors} access={access} onChange={onChange} readOnly={readOnly} saved={saved} />
    </Stack>
  );
}
