import { Button, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconGasStation } from '@tabler/icons-react';
import { mileageLogBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { MoneyInput, QUANTITY_INPUT } from '../../../components/number-inputs';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { useLogMileage } from './fleet-api';
import { fieldEdits } from './form-edits';
import { milesText } from './fleet-format';

/** Log mileage: the odometer as it reads now, with the fuel bought if any; the day is today unless another is given. */
export function MileageLogForm({ vehicleId, plate }: { vehicleId: number; plate: string }) {
  const [odometer, setOdometer] = useState<number | string>('');
  const [gallons, setGallons] = useState<number | string>('');
  const [cost, setCost] = useState<number | string>('');
  const [loggedOn, setLoggedOn] = useState('');
  const [notes, setNotes] = useState('');
  const { errors, clear, check } = useSchemaForm(mileageLogBody);
  const { edit, text } = fieldEdits(clear);
  const log = useLogMileage();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      odometer: numberOrUndefined(odometer), fuelGallons: numberOrUndefined(gallons) ?? null, fuelCost: numberOrUndefined(cost) ?? null, loggedOn: loggedOn || null, notes: notes.trim() || null,
    });
    if (!body) return;
    log.mutate(
      { vehicleId, body },
      {
        onSuccess: (saved) => {
          notifySuccess(`Logged ${milesText(saved.odometer)} for ${plate}.`);
          setOdometer('');
          setGallons('');
          setCost('');
          setLoggedOn('');
          setNotes('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Log mileage for ${plate}`}>
      <Stack gap="sm">
        <NumberInput
          label="Odometer"
          description="Miles as the dashboard shows them"
          withAsterisk
          size="md"
          inputMode="numeric"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          thousandSeparator=","
          suffix=" mi"
          value={odometer}
          onChange={edit('odometer', setOdometer)}
          error={errors.odometer}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput {...QUANTITY_INPUT} label="Fuel gallons" value={gallons} onChange={edit('fuelGallons', setGallons)} error={errors.fuelGallons} />
          <MoneyInput size="md" label="Fuel cost" value={cost} onChange={edit('fuelCost', setCost)} error={errors.fuelCost} />
        </SimpleGrid>
        <TextInput type="date" size="md" label="Date" description="Today unless you pick another day" value={loggedOn} onChange={text('loggedOn', setLoggedOn)} error={errors.loggedOn} />
        <Textarea label="Notes" autosize minRows={1} value={notes} onChange={text('notes', setNotes)} error={errors.notes} />
        <Group justify="flex-end">
          <Button type="submit" size="md" leftSection={<IconGasStation size={18} />} loading={log.isPending}>
            Log mileage
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
