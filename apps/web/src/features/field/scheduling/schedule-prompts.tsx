import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { moveScheduleItemBody } from '@sm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';

/** What a change to one occurrence of a repeating item applies to. */
export type OccurrenceChoice = 'occurrence' | 'series';

/** Opens a dialog whose content settles a promise once; closing it any other way settles it with null. */
function ask<T>(title: string, render: (settle: (value: T | null) => void) => ReactNode): Promise<T | null> {
  return new Promise((resolve) => {
    let settled = false;
    let id = '';
    const settle = (value: T | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
      modals.close(id);
    };
    id = modals.open({
      title,
      size: 500,
      centered: true,
      styles: { title: { fontWeight: 600 } },
      onClose: () => settle(null),
      children: render(settle),
    });
  });
}

/**
 * Asks whether a change to one occurrence of a repeating item applies to that occurrence or to the whole series:
 * two buttons and Cancel. Resolves null on Cancel, Escape or closing.
 */
export function askOccurrenceOrSeries(verb: 'Edit' | 'Move' | 'Delete'): Promise<OccurrenceChoice | null> {
  return ask<OccurrenceChoice>('Repeating item', (settle) => (
    <Stack gap="md">
      <Text size="sm">{verb} this occurrence or the whole series?</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => settle(null)}>
          Cancel
        </Button>
        <Button variant="light" onClick={() => settle('series')}>
          The whole series
        </Button>
        <Button onClick={() => settle('occurrence')} data-autofocus>
          This occurrence
        </Button>
      </Group>
    </Stack>
  ));
}

/** Spec platform 5.2: what the person changing an appointment accepts. */
export const APPOINTMENT_STATEMENT =
  'This time slot is already scheduled with the customer. By continuing you accept responsibility to delete or reschedule the appointment, and to notify the customer and the technician.';

function AppointmentReasonForm({ action, onDone }: { action: 'Update' | 'Delete'; onDone: (reason: string | null) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = moveScheduleItemBody.shape.appointmentChangedReason.safeParse(reason);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    onDone(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`${action} Appointment`}>
      <Stack gap="md">
        <Text size="sm">{APPOINTMENT_STATEMENT}</Text>
        <Textarea
          label="Reason"
          required
          autosize
          maxRows={6}
          maxLength={500}
          value={reason}
          error={error}
          data-autofocus
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit" color={action === 'Delete' ? 'red' : undefined}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Update/Delete Appointment dialog (spec platform 2.6, 5.2): states that the slot is agreed with the customer and
 * asks for the reason, which is required (the first error is shown). Resolves the reason, or null when cancelled.
 */
export function askAppointmentReason(action: 'Update' | 'Delete'): Promise<string | null> {
  return ask<string>(`${action} Appointment`, (settle) => <AppointmentReasonForm action={action} onDone={settle} />);
}
