import { Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { REFRIGERANT_MOVEMENT_KINDS, type AddRefrigerantMovementAnswer, type Equipment, type RefrigerantMovementKind } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useRefrigerantMovements } from './refrigerant-api';

const KIND_LABELS: Record<RefrigerantMovementKind, string> = { added: 'Added', recovered: 'Recovered', recycled: 'Recycled' };

/** A local date and time from the form's field (the browser's zone) as an instant with its offset; empty is now. */
function instantOf(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

interface AddFormProps {
  workOrderId: number;
  pieces: Equipment[];
  certificationNumber: string | null;
  onAdded: (answer: AddRefrigerantMovementAnswer) => void;
}

/**
 * Log refrigerant on a piece the work order names: kind, amount in pounds and ounces, cylinder, the technician's
 * certification number (his last one offered) and when (now when left empty).
 */
export function RefrigerantAddForm({ workOrderId, pieces, certificationNumber, onAdded }: AddFormProps) {
  const { add } = useRefrigerantMovements(workOrderId);
  const [equipmentId, setEquipmentId] = useState<string | null>(pieces.length === 1 ? String(pieces[0].equipmentId) : null);
  const [kind, setKind] = useState<RefrigerantMovementKind>('added');
  const [pounds, setPounds] = useState<number | string>('');
  const [ounces, setOunces] = useState<number | string>('');
  const [cylinder, setCylinder] = useState('');
  const [certification, setCertification] = useState(certificationNumber ?? '');
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const piece = pieces.find((p) => String(p.equipmentId) === equipmentId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!equipmentId) return setError('Choose the equipment.');
    if (!pounds && !ounces) return setError('Enter the amount in pounds and ounces.');
    setError(null);
    const body = {
      equipmentId: Number(equipmentId), kind, pounds: pounds === '' ? 0 : Number(pounds), ounces: ounces === '' ? 0 : Number(ounces),
      cylinder: cylinder.trim() || null, certificationNumber: certification.trim() || null, occurredAt: instantOf(when),
    };
    add.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(`${answer.movement.amountText} of ${answer.movement.refrigerantName} logged.`);
        setPounds('');
        setOunces('');
        setWhen('');
        onAdded(answer);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Log refrigerant">
      <Stack gap="xs">
        <Select
          label="Equipment"
          placeholder="Choose a piece on this work order"
          data={pieces.map((p) => ({ value: String(p.equipmentId), label: `${p.name}${p.refrigerantName ? ` · ${p.refrigerantName}` : ''}` }))}
          value={equipmentId}
          onChange={setEquipmentId}
          allowDeselect={false}
          error={error === 'Choose the equipment.' ? error : undefined}
          required
        />
        <SegmentedControl
          aria-label="Kind"
          fullWidth
          data={REFRIGERANT_MOVEMENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => setKind(v as RefrigerantMovementKind)}
        />
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput label="Pounds" min={0} max={9999} allowDecimal={false} value={pounds} onChange={setPounds} inputMode="numeric" error={error?.startsWith('Enter') ? error : undefined} />
          <NumberInput label="Ounces" min={0} max={15.99} decimalScale={2} value={ounces} onChange={setOunces} inputMode="decimal" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput label="Cylinder" placeholder="Serial or tag" value={cylinder} onChange={(e) => setCylinder(e.currentTarget.value)} maxLength={60} />
          <TextInput label="Certification Number" description="Your EPA 608 number, kept for next time" value={certification} onChange={(e) => setCertification(e.currentTarget.value)} maxLength={40} required />
        </SimpleGrid>
        <TextInput label="When" description="Leave empty for now" type="datetime-local" value={when} onChange={(e) => setWhen(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} disabled={!piece && pieces.length === 0}>
            Log refrigerant
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
