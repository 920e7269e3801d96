import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createWriteUpBody, type WriteUp } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { workOrderFlagsQuery } from '../../field/clock/clock-api';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSaveWriteUp, workOrderIdOf, writeUpEmployeesQuery } from './write-ups-api';

/** Where the dialog was opened: a work order fixes it; the write-ups page asks for its number, if any. */
export type WriteUpOrigin = { workOrderId: number; workOrderNumber: string } | null;

/**
 * Writes an employee up, or changes a write-up (spec platform 3.9): the employee (fixed once written), the work
 * order and one of its flags when it is about one, and what happened.
 */
export function WriteUpDialog({ existing, origin, onClose }: { existing?: WriteUp; origin: WriteUpOrigin; onClose: () => void }) {
  const isPhone = useIsPhone();
  const employees = useQuery(writeUpEmployeesQuery);
  const flags = useQuery(workOrderFlagsQuery);
  const save = useSaveWriteUp();
  const { errors, clear, check, fail } = useSchemaForm(createWriteUpBody);
  const [userId, setUserId] = useState<string | null>(existing ? String(existing.userId) : null);
  const [workOrderNumber, setWorkOrderNumber] = useState(origin?.workOrderNumber ?? existing?.workOrderNumber ?? '');
  const [flagId, setFlagId] = useState<string | null>(existing?.flagId ? String(existing.flagId) : null);
  const [description, setDescription] = useState(existing?.writeUpDescription ?? '');
  const [isFinding, setFinding] = useState(false);

  const resolveWorkOrder = async (): Promise<number | null | undefined> => {
    const number = workOrderNumber.trim();
    if (origin) return origin.workOrderId;
    if (!number) return null;
    if (existing?.workOrderNumber === number) return existing.workOrderId;
    setFinding(true);
    try {
      return await workOrderIdOf(number);
    } catch (e) {
      fail('workOrderId', e instanceof ApiError && e.status === 404 ? `Work order ${number} was not found.` : (e as Error).message);
      return undefined;
    } finally {
      setFinding(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const workOrderId = await resolveWorkOrder();
    if (workOrderId === undefined) return;
    const body = check({ userId: userId ? Number(userId) : undefined, workOrderId, flagId: flagId ? Number(flagId) : null, writeUpDescription: description });
    if (!body) return;
    save.mutate(existing ? { ...body, writeUpId: existing.writeUpId } : body, {
      onSuccess: (w) => {
        notifySuccess(existing ? `The write-up of ${w.userName} was changed; it is shown to them again.` : `${w.userName} was written up and notified.`);
        onClose();
      },
    });
  };

  const employeeOptions = (employees.data ?? []).map((u) => ({ value: String(u.userId), label: u.name }));
  if (existing && !employeeOptions.some((o) => o.value === String(existing.userId))) employeeOptions.unshift({ value: String(existing.userId), label: existing.userName });
  return (
    <Modal opened onClose={onClose} title={existing ? 'Change Write-Up' : 'Write Up'} size="md" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Employee"
            withAsterisk
            searchable
            disabled={!!existing}
            data={employeeOptions}
            value={userId}
            onChange={(v) => (setUserId(v), clear('userId'))}
            error={errors.userId}
            nothingFoundMessage={employees.isPending ? 'Loading...' : 'No Options'}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          {origin ? (
            <Text size="sm">About work order {origin.workOrderNumber}</Text>
          ) : (
            <TextInput
              label="Work Order #"
              description="Leave empty when it is not about a work order."
              value={workOrderNumber}
              onChange={(e) => (setWorkOrderNumber(e.currentTarget.value), clear('workOrderId'), e.currentTarget.value.trim() === '' && setFlagId(null))}
              error={errors.workOrderId}
              maxLength={20}
            />
          )}
          <Select
            label="Flag"
            description={origin || workOrderNumber.trim() ? 'The flag of the work order it is about, if any.' : 'A flag needs a work order.'}
            clearable
            disabled={!origin && !workOrderNumber.trim()}
            data={(flags.data ?? []).map((f) => ({ value: String(f.workOrderFlagId), label: f.workOrderFlagName }))}
            value={flagId}
            onChange={(v) => (setFlagId(v), clear('flagId'))}
            error={errors.flagId}
            nothingFoundMessage={flags.isPending ? 'Loading...' : 'No Options'}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label="Write-Up Description"
            withAsterisk
            autosize
            maxLength={2000}
            value={description}
            onChange={(e) => (setDescription(e.currentTarget.value), clear('writeUpDescription'))}
            error={errors.writeUpDescription}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending || isFinding}>
              {existing ? 'Save Changes' : 'Write Up'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
