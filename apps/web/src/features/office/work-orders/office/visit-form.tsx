import { Button, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { MAX_TASK_DURATION_HOURS, required } from '@sm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { saveScheduleItem, SCHEDULER_KEY, schedulerTechniciansQuery } from '../../../field/scheduling/scheduler-api';
import type { WorkOrderDetails } from '../edit/work-order-api';
import type { FieldErrors } from '../../../../lib/schema-form';
import { OFFICE_KEY } from './office-api';

interface VisitValues {
  date: string;
  startTime: string;
  durationHours: number | string;
  technicianId: string | null;
}

/** What a person may fix before the visit is sent, in the order the form shows the fields. */
function check(v: VisitValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.date) errors.date = required('Date');
  if (!v.startTime) errors.startTime = required('Start Time');
  const hours = Number(v.durationHours);
  if (v.durationHours === '' || !Number.isFinite(hours)) errors.durationHours = required('Duration');
  else if (hours <= 0 || hours > MAX_TASK_DURATION_HOURS) errors.durationHours = `Duration must be more than 0 and at most ${MAX_TASK_DURATION_HOURS} hours.`;
  if (!v.technicianId) errors.technicianId = required('Technician');
  return errors;
}

/**
 * A technician's visit to the work order, planned through the schedule (`Scheduler/save`): a date, a start time on
 * this device's clock, a length in hours and the technician (the work order's first technician to begin with).
 */
export function VisitForm({ workOrder }: { workOrder: WorkOrderDetails }) {
  const technicians = useQuery(schedulerTechniciansQuery);
  const client = useQueryClient();
  const initial = (): VisitValues => ({
    date: dayjs().add(1, 'day').format('YYYY-MM-DD'),
    startTime: '09:00',
    durationHours: 1,
    technicianId: workOrder.technicians[0] ? String(workOrder.technicians[0].userId) : null,
  });
  const [values, setValues] = useState<VisitValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: saveScheduleItem,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: OFFICE_KEY }), client.invalidateQueries({ queryKey: [SCHEDULER_KEY] })]);
      notifySuccess('Visit scheduled.');
      setValues(initial());
    },
  });
  const set = <K extends keyof VisitValues>(field: K, value: VisitValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    const first = Object.values(found).find(Boolean);
    if (first) return void notifyError(first);
    save.mutate({
      schedulerId: 0,
      workOrderId: workOrder.workOrderId,
      technicianId: Number(values.technicianId),
      start: dayjs(`${values.date}T${values.startTime}`).format('YYYY-MM-DDTHH:mm:ssZ'),
      durationHours: Number(values.durationHours),
    });
  };
  const options = (technicians.data ?? []).map((t) => ({ value: String(t.technicianId), label: t.name }));
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate aria-label="Schedule a visit">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Date" type="date" required value={values.date} onChange={(e) => set('date', e.currentTarget.value)} error={errors.date} />
            <TextInput label="Start Time" type="time" required value={values.startTime} onChange={(e) => set('startTime', e.currentTarget.value)} error={errors.startTime} />
            <NumberInput
              label="Duration (hours)"
              required
              min={0.25}
              max={MAX_TASK_DURATION_HOURS}
              step={0.25}
              decimalScale={2}
              allowNegative={false}
              inputMode="decimal"
              value={values.durationHours}
              onChange={(v) => set('durationHours', v)}
              error={errors.durationHours}
            />
            <Select
              label="Technician"
              required
              placeholder={technicians.isPending ? 'Loading...' : 'Choose a technician'}
              data={options}
              value={values.technicianId}
              onChange={(v) => set('technicianId', v)}
              allowDeselect={false}
              searchable
              nothingFoundMessage={technicians.isError ? 'The technicians could not be loaded' : 'No Options'}
              error={errors.technicianId}
            />
          </SimpleGrid>
          <Button type="submit" loading={save.isPending} leftSection={<IconCalendarPlus size={18} />} style={{ alignSelf: 'flex-start' }}>
            Schedule Visit
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
