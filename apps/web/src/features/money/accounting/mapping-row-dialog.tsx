import { Button, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ClockModal, ClockModalFooter } from '../../field/clock/clock-modal';
import { useChartOptions } from './account-pickers';

/** A row of either list as the dialog edits it; `departmentId` and `isActive` only where the list has them. */
export interface MappingRowValues {
  name: string;
  glAccountId: number | null;
  departmentId: number | null;
  isActive: boolean;
}

interface MappingRowDialogProps {
  /** "Item GL Group", "Additional Line Item". */
  singular: string;
  hasDepartment: boolean;
  row: MappingRowValues | null;
  isSaving: boolean;
  onClose: () => void;
  onSave: (values: MappingRowValues & { glAccountId: number }) => void;
}

/**
 * Add or change an item GL group or an additional line item: its name and the GL account it posts to (for a line item
 * also the department, and whether it is offered), the account picked from the chart of accounts kept from Intacct.
 */
export function MappingRowDialog({ singular, hasDepartment, row, isSaving, onClose, onSave }: MappingRowDialogProps) {
  const [values, setValues] = useState<MappingRowValues>(row ?? { name: '', glAccountId: null, departmentId: null, isActive: true });
  const [errors, setErrors] = useState<{ name?: string; glAccountId?: string }>({});
  const options = useChartOptions([values.glAccountId, values.departmentId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: values.name.trim() === '' ? 'Name field is required!' : undefined,
      glAccountId: values.glAccountId === null ? 'GL Account field is required!' : undefined,
    };
    setErrors(found);
    if (found.name || found.glAccountId || values.glAccountId === null) return;
    onSave({ ...values, name: values.name.trim(), glAccountId: values.glAccountId });
  };

  const noAccounts = !options.isLoading && options.accounts.length === 0;
  return (
    <ClockModal opened onClose={onClose} title={row ? `Edit ${singular}` : `Add ${singular}`} size={520}>
      <form onSubmit={submit} noValidate aria-label={row ? `Edit ${singular}` : `Add ${singular}`}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={values.name}
            error={errors.name}
            maxLength={100}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setValues((v) => ({ ...v, name }));
            }}
          />
          <Select
            label="GL Account"
            required
            searchable
            data={options.accounts}
            value={values.glAccountId === null ? null : String(values.glAccountId)}
            error={errors.glAccountId}
            placeholder={options.isLoading ? 'Loading the chart of accounts' : 'Pick an account'}
            nothingFoundMessage="No account matches"
            onChange={(v) => setValues((s) => ({ ...s, glAccountId: v ? Number(v) : null }))}
          />
          {noAccounts && (
            <Text size="sm" c="dimmed">
              {options.mayReadAccounts ? 'The chart of accounts is empty: refresh it from Intacct first.' : 'Reading the chart of accounts needs the Chart Of Accounts permission.'}
            </Text>
          )}
          {hasDepartment && (
            <Select
              label="Department"
              clearable
              clearButtonProps={{ 'aria-label': 'No department' }}
              data={options.departments}
              value={values.departmentId === null ? null : String(values.departmentId)}
              placeholder="No department"
              onChange={(v) => setValues((s) => ({ ...s, departmentId: v ? Number(v) : null }))}
            />
          )}
          {hasDepartment && (
            <Switch
              label="Active"
              checked={values.isActive}
              onChange={(e) => {
                const isActive = e.currentTarget.checked;
                setValues((s) => ({ ...s, isActive }));
              }}
            />
          )}
          <ClockModalFooter>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Save
            </Button>
          </ClockModalFooter>
        </Stack>
      </form>
    </ClockModal>
  );
}
