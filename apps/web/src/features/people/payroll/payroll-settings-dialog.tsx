import { Button, Group, Modal, NumberInput, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAY_FREQUENCIES, payrollSettingsSchema, type PayrollSettings } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useSchemaForm } from '../../../lib/schema-form';
import { payrollSettingsQuery, usePayrollActions } from './payroll-api';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((label, i) => ({ value: String(i), label }));

/** How the company pays (account settings, payPeriod): weekly or bi-weekly, the pay week's first day, the overtime limit. */
export function PayrollSettingsDialog({ onClose }: { onClose: () => void }) {
  const isPhone = useIsPhone();
  const settings = useQuery(payrollSettingsQuery);
  return (
    <Modal opened onClose={onClose} title="Pay Calendar" fullScreen={isPhone}>
      {settings.data ? <SettingsForm initial={settings.data} onClose={onClose} /> : <Skeleton height={220} aria-label="Loading the pay calendar" />}
    </Modal>
  );
}

function SettingsForm({ initial, onClose }: { initial: PayrollSettings; onClose: () => void }) {
  const { saveSettings } = usePayrollActions();
  const { errors, clear, check } = useSchemaForm(payrollSettingsSchema);
  const [frequency, setFrequency] = useState<string | null>(initial.payFrequency);
  const [weekStart, setWeekStart] = useState<string | null>(String(initial.payWeekStartsOn));
  const [overtime, setOvertime] = useState<number | string>(initial.overtimeAfterWeeklyHours);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ payFrequency: frequency ?? undefined, payWeekStartsOn: weekStart === null ? undefined : Number(weekStart), overtimeAfterWeeklyHours: overtime === '' ? undefined : Number(overtime) });
    if (body) saveSettings.mutate(body, { onSuccess: () => (notifySuccess('The pay calendar was saved.'), onClose()) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select label="Pay Frequency" withAsterisk data={[...PAY_FREQUENCIES]} value={frequency} onChange={(v) => (setFrequency(v), clear('payFrequency'))} error={errors.payFrequency} comboboxProps={{ withinPortal: true }} data-autofocus />
        <Select label="Pay Week Starts On" withAsterisk data={WEEKDAYS} value={weekStart} onChange={(v) => (setWeekStart(v), clear('payWeekStartsOn'))} error={errors.payWeekStartsOn} comboboxProps={{ withinPortal: true }} />
        <NumberInput label="Overtime After (hours a week)" withAsterisk min={1} max={80} step={0.25} decimalScale={2} value={overtime} onChange={(v) => (setOvertime(v), clear('overtimeAfterWeeklyHours'))} error={errors.overtimeAfterWeeklyHours} />
        <Text size="xs" c="dimmed">
          {frequency === 'Financial'
            ? "Pay periods are the company's financial pay periods (Administration, Financial Periods); overtime still counts by pay week. Locked periods keep their dates."
            : 'Pay week 1 starts on the chosen day on or before January 1. Bi-weekly periods pair weeks 1 and 2, 3 and 4, and so on; a 53rd week joins period 26. Locked periods keep their dates.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saveSettings.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
