import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ptoEntryBody, timesheetAdjustmentBody, type PayPeriod } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useSchemaForm } from '../../../lib/schema-form';
import { usePayrollActions } from './payroll-api';
import { periodText } from './period-bar';

const numberOrUndefined = (v: number | string) => (v === '' ? undefined : Number(v));

/** Paid time off on a day of an open period (Main Timesheet). */
export function TimeOffDialog({ userId, period, onClose }: { userId: number; period: PayPeriod; onClose: () => void }) {
  const isPhone = useIsPhone();
  const { addTimeOff } = usePayrollActions();
  const { errors, clear, check } = useSchemaForm(ptoEntryBody);
  const [workDate, setWorkDate] = useState(period.startsOn);
  const [hours, setHours] = useState<number | string>(8);
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ userId, workDate, hours: numberOrUndefined(hours), reason });
    if (body) addTimeOff.mutate(body, { onSuccess: () => (notifySuccess('The time off was added.'), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Add Time Off" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm">
            <TextInput type="date" label="Date" withAsterisk min={period.startsOn} max={period.endsOn} value={workDate} onChange={(e) => (setWorkDate(e.currentTarget.value), clear('workDate'))} error={errors.workDate} data-autofocus />
            <NumberInput label="Hours" withAsterisk min={0.25} max={24} step={0.25} decimalScale={2} value={hours} onChange={(v) => (setHours(v), clear('hours'))} error={errors.hours} />
          </SimpleGrid>
          <TextInput label="Reason" withAsterisk maxLength={200} placeholder="Vacation, sick day, holiday…" value={reason} onChange={(e) => (setReason(e.currentTarget.value), clear('reason'))} error={errors.reason} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={addTimeOff.isPending}>
              Add Time Off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A correction of an employee's hours on a day, with its reason (Lock Timesheet): how a locked period changes. */
export function AdjustmentDialog({ userId, name, period, onClose }: { userId: number; name: string; period: PayPeriod; onClose: () => void }) {
  const isPhone = useIsPhone();
  const { adjust } = usePayrollActions();
  const { errors, clear, check } = useSchemaForm(timesheetAdjustmentBody);
  const [workDate, setWorkDate] = useState(period.startsOn);
  const [hours, setHours] = useState<Record<'regularHours' | 'overtimeHours' | 'ptoHours', number | string>>({ regularHours: 0, overtimeHours: 0, ptoHours: 0 });
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ userId, workDate, regularHours: numberOrUndefined(hours.regularHours), overtimeHours: numberOrUndefined(hours.overtimeHours), ptoHours: numberOrUndefined(hours.ptoHours), reason });
    if (body) adjust.mutate(body, { onSuccess: () => (notifySuccess(`The adjustment of ${name}'s hours was recorded.`), onClose()) });
  };
  const field = (key: keyof typeof hours, label: string) => (
    <NumberInput label={label} step={0.25} decimalScale={2} min={-80} max={80} value={hours[key]} onChange={(v) => (setHours((h) => ({ ...h, [key]: v })), clear(key))} error={errors[key]} />
  );
  return (
    <Modal opened onClose={onClose} title={`Adjust ${name}'s Hours`} size="lg" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Hours to add (or, negative, to take away) on a day of the period {periodText(period)}, in quarter hours. The hours as built
            stay as they are; the adjustment is kept with its reason and your name.
          </Text>
          <TextInput type="date" label="Date" withAsterisk min={period.startsOn} max={period.endsOn} value={workDate} onChange={(e) => (setWorkDate(e.currentTarget.value), clear('workDate'))} error={errors.workDate} data-autofocus />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {field('regularHours', 'Regular Hours')}
            {field('overtimeHours', 'Overtime Hours')}
            {field('ptoHours', 'PTO Hours')}
          </SimpleGrid>
          <Textarea label="Reason" withAsterisk autosize maxLength={500} value={reason} onChange={(e) => (setReason(e.currentTarget.value), clear('reason'))} error={errors.reason} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              Record Adjustment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
