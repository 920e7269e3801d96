import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { FLEET_INSPECTION_ITEMS, inspectionBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { useAddInspection } from './fleet-api';

type Result = 'ok' | 'needsAttention';
const allOk = () => Object.fromEntries(FLEET_INSPECTION_ITEMS.map((i) => [i.key, 'ok'])) as Record<string, Result>;

/** The walk round the vehicle: each item OK or Needs attention, with what it needs; then Save inspection. */
export function InspectionForm({ vehicleId, plate, onDone }: { vehicleId: number; plate: string; onDone: () => void }) {
  const [results, setResults] = useState<Record<string, Result>>(allOk);
  const [comments, setComments] = useState<Record<string, string>>({});
  const [odometer, setOdometer] = useState<number | string>('');
  const [notes, setNotes] = useState('');
  const { errors, check } = useSchemaForm(inspectionBody);
  const save = useAddInspection();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const items = FLEET_INSPECTION_ITEMS.map(({ key }) => ({ item: key, result: results[key], comment: results[key] === 'needsAttention' ? comments[key]?.trim() || null : null }));
    const body = check({ items, odometer: numberOrUndefined(odometer) ?? null, notes: notes.trim() || null });
    if (!body) return;
    save.mutate(
      { vehicleId, body },
      {
        onSuccess: (saved) => {
          notifySuccess(saved.needsAttention === 0 ? `Inspection of ${plate} saved: all OK.` : `Inspection of ${plate} saved: ${saved.needsAttention} to look at.`);
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Inspection of ${plate}`}>
      <Stack gap="sm">
        {errors.items && <Alert color="red" role="alert">{errors.items}</Alert>}
        {FLEET_INSPECTION_ITEMS.map(({ key, label }) => (
          <Stack key={key} gap={4}>
            <Text size="sm" fw={600} id={`inspect-${key}`}>{label}</Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={`inspect-${key}`}
              value={results[key]}
              onChange={(v) => setResults((r) => ({ ...r, [key]: v as Result }))}
              data={[{ value: 'ok', label: 'OK' }, { value: 'needsAttention', label: 'Needs attention' }]}
              color={results[key] === 'ok' ? 'green' : 'orange'}
            />
            {results[key] === 'needsAttention' && (
              <TextInput label={`${label}: what needs attention?`} withAsterisk value={comments[key] ?? ''} onChange={(e) => setComments((c) => ({ ...c, [key]: e.currentTarget.value }))} />
            )}
          </Stack>
        ))}
        <NumberInput label="Odometer" size="md" inputMode="numeric" allowDecimal={false} allowNegative={false} hideControls thousandSeparator="," suffix=" mi" value={odometer} onChange={setOdometer} error={errors.odometer} />
        <Textarea label="Notes" autosize minRows={1} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={errors.notes} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" size="md" leftSection={<IconClipboardCheck size={18} />} loading={save.isPending}>Save inspection</Button>
        </Group>
      </Stack>
    </form>
  );
}
