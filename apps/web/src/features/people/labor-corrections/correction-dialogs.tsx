import { Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { laborCorrectionDecisionBody, laborCorrectionRequestBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useIsPhone } from '../../field/clock/clock-modal';
import { ReasonAndActions } from './reason-and-actions';
import { fromTimeInput, toTimeInput, useLaborCorrectionActions } from './labor-corrections-api';

/** The labor a dialog is about: its entry, its times, and the clock they are read on. */
export interface LaborRef {
  workOrderLaborId: number;
  startedAt: string;
  stoppedAt: string | null;
  timeZone?: string;
}

/** A technician asks for his labor's start and stop to be corrected, and says why; the office answers. */
export function CorrectionRequestDialog({ labor, onClose }: { labor: LaborRef; onClose: () => void }) {
  const isPhone = useIsPhone();
  const { request } = useLaborCorrectionActions();
  const { errors, clear, check } = useSchemaForm(laborCorrectionRequestBody);
  const [start, setStart] = useState(toTimeInput(labor.startedAt, labor.timeZone));
  const [stop, setStop] = useState(toTimeInput(labor.stoppedAt, labor.timeZone));
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ startTime: fromTimeInput(start, labor.timeZone), stopTime: fromTimeInput(stop, labor.timeZone) ?? null, reason });
    if (body) request.mutate({ workOrderLaborId: labor.workOrderLaborId, body }, { onSuccess: () => (notifySuccess('Your request was sent to the office.'), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Request Correction" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The times your labor should have. The office approves or declines the request; the answer shows on the entry.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput type="datetime-local" label="Start" withAsterisk value={start} onChange={(e) => (setStart(e.currentTarget.value), clear('startTime'))} error={errors.startTime} data-autofocus />
            <TextInput type="datetime-local" label="Stop" disabled={!labor.stoppedAt} value={stop} onChange={(e) => (setStop(e.currentTarget.value), clear('stopTime'))} error={errors.stopTime} />
          </SimpleGrid>
          <ReasonAndActions reason={reason} onReason={(v) => (setReason(v), clear('reason'))} error={errors.reason} onCancel={onClose} submitLabel="Send Request" isPending={request.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The office declines a technician's request, saying why: he reads it on his entry. */
export function DeclineCorrectionDialog({ laborCorrectionRequestId, onClose }: { laborCorrectionRequestId: number; onClose: () => void }) {
  const isPhone = useIsPhone();
  const { decide } = useLaborCorrectionActions();
  const { errors, clear, check } = useSchemaForm(laborCorrectionDecisionBody);
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ decision: 'Declined', reason });
    if (body) decide.mutate({ laborCorrectionRequestId, body }, { onSuccess: () => (notifySuccess('The request was declined.'), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Decline Correction" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ReasonAndActions reason={reason} onReason={(v) => (setReason(v), clear('reason'))} error={errors.reason} onCancel={onClose} submitLabel="Decline" isPending={decide.isPending} isDanger isFirstField />
        </Stack>
      </form>
    </Modal>
  );
}
