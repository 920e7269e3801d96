import { Alert, Checkbox, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { laborCorrectionBody, type LaborCorrectionForm } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useIsPhone } from '../../field/clock/clock-modal';
import { itemRateTypesQuery, perDiemTypesQuery, workOrderFlagsQuery } from '../../field/clock/clock-api';
import { ReasonAndActions } from './reason-and-actions';
import { correctionFormQuery, fromTimeInput, toTimeInput, useLaborCorrectionActions } from './labor-corrections-api';

type Values = LaborCorrectionForm['values'];
const idText = (id: number | null | undefined) => (id == null ? null : String(id));
const idOf = (text: string | null) => (text ? Number(text) : null);

/**
 * The office's correction of a labor entry (Lock Timesheet): start, stop, work order and the rate inputs of the clock,
 * with the reason the audit keeps. Open labor changes only its start.
 */
export function LaborCorrectionDialog({ workOrderLaborId, onClose }: { workOrderLaborId: number; onClose: () => void }) {
  const isPhone = useIsPhone();
  const form = useQuery(correctionFormQuery(workOrderLaborId));
  return (
    <Modal opened onClose={onClose} title="Correct Labor" size="lg" fullScreen={isPhone}>
      {form.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label="Loading the labor entry" />
        </Group>
      ) : form.isError ? (
        <Alert color="red">{form.error.message}</Alert>
      ) : (
        <CorrectionForm form={form.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function CorrectionForm({ form, onClose }: { form: LaborCorrectionForm; onClose: () => void }) {
  const { correct } = useLaborCorrectionActions();
  const { errors, clear, check } = useSchemaForm(laborCorrectionBody);
  const perDiems = useQuery(perDiemTypesQuery).data ?? [];
  const rateTypes = useQuery(itemRateTypesQuery).data ?? [];
  const flags = useQuery(workOrderFlagsQuery).data ?? [];
  const [values, setValues] = useState<Values>(form.values);
  const [start, setStart] = useState(toTimeInput(form.values.startTime, form.timeZone));
  const [stop, setStop] = useState(toTimeInput(form.values.stopTime, form.timeZone));
  const [reason, setReason] = useState('');
  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));
  const locked = form.isOpen;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ ...values, startTime: fromTimeInput(start, form.timeZone), stopTime: fromTimeInput(stop, form.timeZone) ?? null, reason });
    if (body) correct.mutate({ workOrderLaborId: form.workOrderLaborId, body }, { onSuccess: () => (notifySuccess(`The labor of ${form.technicianName} was corrected.`), onClose()) });
  };
  const select = (label: string, key: keyof Values, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={data}
      value={idText(values[key] as number | null)}
      onChange={(v) => (set({ [key]: idOf(v) } as Partial<Values>), clear(key))}
      error={errors[key]}
      clearable
      disabled={locked}
      comboboxProps={{ withinPortal: true }}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {form.technicianName}&apos;s labor, on the company&apos;s clock ({form.timeZone}). The entry as it was and as it is now are kept with your reason.
        </Text>
        {locked && (
          <Alert color="blue" variant="light">
            This labor is still open: only its start can be corrected until the technician clocks out.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput type="datetime-local" label="Start" withAsterisk value={start} onChange={(e) => (setStart(e.currentTarget.value), clear('startTime'))} error={errors.startTime} data-autofocus />
          <TextInput type="datetime-local" label="Stop" withAsterisk={!locked} value={stop} disabled={locked} onChange={(e) => (setStop(e.currentTarget.value), clear('stopTime'))} error={errors.stopTime} />
        </SimpleGrid>
        <Select
          label="Work Order"
          withAsterisk
          searchable
          data={form.workOrders.map((w) => ({ value: String(w.workOrderId), label: w.workOrderNumber }))}
          value={String(values.workOrderId)}
          onChange={(v) => v && (set({ workOrderId: Number(v), serviceTechnicianId: null, rateSheetTruckTypeId: null }), clear('workOrderId'))}
          error={errors.workOrderId}
          disabled={locked}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {select('Employee Type', 'serviceTechnicianId', form.employeeTypes.map((t) => ({ value: String(t.serviceTechnicianId), label: t.employeeType })))}
          {select('Item Rate Type', 'itemRateTypeId', rateTypes.map((t) => ({ value: String(t.itemRateTypeId), label: t.itemRateTypeName })))}
          {select('Per Diem', 'perDiemTypeId', perDiems.map((t) => ({ value: String(t.perDiemTypeId), label: t.perDiemTypeName })))}
          {select('Truck', 'rateSheetTruckTypeId', form.trucks.map((t) => ({ value: String(t.rateSheetTruckTypeId), label: t.name })))}
          {select('Work Order Flag', 'workOrderFlagId', flags.map((f) => ({ value: String(f.workOrderFlagId), label: f.workOrderFlagName })))}
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox label="Overtime" checked={values.isOvertime} disabled={locked} onChange={(e) => set({ isOvertime: e.currentTarget.checked })} />
          <Checkbox label="Apprentice rate" checked={values.isApprenticeRateApplied} disabled={locked} onChange={(e) => set({ isApprenticeRateApplied: e.currentTarget.checked })} />
        </Group>
        <ReasonAndActions reason={reason} onReason={(v) => (setReason(v), clear('reason'))} error={errors.reason} onCancel={onClose} submitLabel="Save Correction" isPending={correct.isPending} />
      </Stack>
    </form>
  );
}
