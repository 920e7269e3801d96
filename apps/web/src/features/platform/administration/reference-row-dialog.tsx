import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { capitalized, referenceBodyOf, type ReferenceListDefinition, type ReferenceRow } from '@sm/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { useReturnFocus } from '../../../components/use-return-focus';
import { useSchemaForm } from '../../../lib/schema-form';
import { choiceSourceOf } from './reference-list-api';
import { ReferenceRowSelect } from './reference-row-select';
import { MoneyInput } from '../../../components/number-inputs';

type Values = Record<string, unknown>;

interface ReferenceRowDialogProps {
  def: ReferenceListDefinition;
  /** The row being changed; null adds a new one. */
  row: ReferenceRow | null;
  opened: boolean;
  isSaving: boolean;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}

function initialValues(def: ReferenceListDefinition, row: ReferenceRow | null): Values {
  const values: Values = {};
  for (const c of def.columns) {
    if (c.type === 'lines') values[c.field] = ((row?.[c.field] as string[] | undefined) ?? []).join('\n');
    else if (c.type === 'flag') values[c.field] = row?.[c.field] === true;
    else values[c.field] = row?.[c.field] ?? (choiceSourceOf(c.type) || c.type === 'choice' ? null : '');
  }
  if (def.canRetire) values.isActive = row?.isActive ?? true;
  return values;
}

/** What the form holds, as the body the shared schema reads: an empty optional text is no text. */
function bodyOf(def: ReferenceListDefinition, values: Values): Values {
  const body: Values = {};
  for (const c of def.columns) {
    const v = values[c.field];
    if (c.type === 'money' || c.type === 'percent' || c.type === 'wholeNumber') body[c.field] = v === '' || v === null ? (c.isRequired ? undefined : null) : Number(v);
    else if (choiceSourceOf(c.type)) body[c.field] = v === null ? (c.isRequired ? undefined : null) : Number(v);
    else if (c.type === 'flag') body[c.field] = v === true;
    else if (c.type === 'choice') body[c.field] = v ?? undefined;
    else if (c.type === 'lines') body[c.field] = String(v ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '');
    else body[c.field] = v === '' && !c.isRequired ? null : v;
    // A column that belongs to a flag left off (a technician once picked, then the truck switch turned off) is no value.
    if (c.requiredWhen && values[c.requiredWhen] !== true) body[c.field] = null;
  }
  if (def.canRetire) body.isActive = values.isActive;
  return body;
}

/**
 * The add and change form of any reference list, built from its shared description and checked with the same schema
 * the server validates with, so a person reads the same sentence either way.
 */
export function ReferenceRowDialog({ def, row, opened, isSaving, onClose, onSave }: ReferenceRowDialogProps) {
  useReturnFocus();
  const schema = useMemo(() => referenceBodyOf(def), [def]);
  const [values, setValues] = useState<Values>(() => initialValues(def, row));
  const { errors, clear, check } = useSchemaForm(schema);
  const set = (field: string, value: unknown) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(bodyOf(def, values));
    if (body) await onSave(body as Record<string, unknown>);
  };

  const title = row ? `Edit ${def.singular}` : `Add ${def.singular}`;
  return (
    <Modal opened={opened} onClose={onClose} title={capitalized(title)} centered size="md">
      <form onSubmit={(e) => void submit(e)} aria-label={capitalized(title)} noValidate>
        <Stack gap="sm">
          {def.columns.map((c, i) => {
            // A column that belongs to a flag (a truck's technician) shows, and is required, while the flag is set.
            if (c.requiredWhen && values[c.requiredWhen] !== true) return null;
            const isRequired = c.isRequired || !!c.requiredWhen;
            const common = { label: c.label, required: isRequired, error: errors[c.field], 'data-autofocus': i === 0 || undefined };
            const source = choiceSourceOf(c.type);
            if (source) {
              return (
                <ReferenceRowSelect
                  key={c.field}
                  label={c.label}
                  required={isRequired}
                  allowDeselect={!isRequired}
                  list={source === 'rows' ? c.list! : def.key}
                  source={source}
                  value={values[c.field]}
                  error={common.error}
                  onChange={(v) => set(c.field, v)}
                />
              );
            }
            if (c.type === 'flag') {
              return <Switch key={c.field} label={c.label} checked={values[c.field] === true} error={common.error} onChange={(e) => set(c.field, e.currentTarget.checked)} />;
            }
            if (c.type === 'email' || c.type === 'phone') {
              return (
                <TextInput
                  key={c.field}
                  {...common}
                  type={c.type === 'email' ? 'email' : 'tel'}
                  inputMode={c.type === 'email' ? 'email' : 'tel'}
                  value={(values[c.field] as string | null) ?? ''}
                  onChange={(e) => set(c.field, e.currentTarget.value)}
                />
              );
            }
            if (c.type === 'choice') {
              return (
                <Select
                  key={c.field}
                  {...common}
                  allowDeselect={!c.isRequired}
                  data={(c.choices ?? []).map((o) => ({ value: o.value, label: o.label }))}
                  value={(values[c.field] as string | null) ?? null}
                  onChange={(v) => set(c.field, v)}
                  comboboxProps={{ withinPortal: true }}
                />
              );
            }
            if (c.type === 'percent') {
              return <NumberInput key={c.field} {...common} suffix="%" decimalScale={2} min={0} max={1000} value={values[c.field] as number | string} onChange={(v) => set(c.field, v)} />;
            }
            if (c.type === 'wholeNumber') {
              return <NumberInput key={c.field} {...common} allowDecimal={false} allowNegative={false} min={0} max={c.max} inputMode="numeric" value={values[c.field] as number | string} onChange={(v) => set(c.field, v)} />;
            }
            if (c.type === 'money') {
              return (
                <MoneyInput
                  key={c.field}
                  {...common}
                  value={values[c.field] as number | string}
                  onChange={(v) => set(c.field, v)}
                />
              );
            }
            if (c.type === 'lines') {
              return (
                <Textarea
                  key={c.field}
                  {...common}
                  description={`One ${c.line?.label.toLowerCase() ?? 'line'} a line, in the order they are done.`}
                  autosize
                  maxRows={12}
                  value={(values[c.field] as string | null) ?? ''}
                  onChange={(e) => set(c.field, e.currentTarget.value)}
                />
              );
            }
            if (c.type === 'longText') {
              return <Textarea key={c.field} {...common} autosize maxRows={6} value={(values[c.field] as string | null) ?? ''} onChange={(e) => set(c.field, e.currentTarget.value)} />;
            }
            return <TextInput key={c.field} {...common} value={(values[c.field] as string | null) ?? ''} onChange={(e) => set(c.field, e.currentTarget.value)} />;
          })}
          {def.canRetire && (
            <Switch
              label="Active"
              description="A retired row stays on the records that use it but is no longer offered."
              checked={values.isActive === true}
              onChange={(e) => set('isActive', e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
