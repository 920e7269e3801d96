import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createPayRaiseBody, RAISE_APPROVAL_PRIORITIES } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../field/clock/clock-modal';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { payRaiseEmployeesQuery, payRaiseTypesQuery, usePayRaiseActions } from './pay-raises-api';
import { MoneyInput } from '../../../components/number-inputs';

const PRIORITY_OPTIONS = RAISE_APPROVAL_PRIORITIES.map((p) => ({ value: String(p.raiseApprovalPriorityId), label: p.name }));

/** A manager asks for a raise for one of the staff (spec platform 3.12); payroll answers it. */
export function RequestRaiseDialog({ onClose }: { onClose: () => void }) {
  const isPhone = useIsPhone();
  const employees = useQuery(payRaiseEmployeesQuery);
  const types = useQuery(payRaiseTypesQuery);
  const { request } = usePayRaiseActions();
  const { errors, clear, check } = useSchemaForm(createPayRaiseBody);
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [newPosition, setNewPosition] = useState('');
  const [newPay, setNewPay] = useState<number | string>('');
  const [effectiveDate, setEffectiveDate] = useState('');
  const [priority, setPriority] = useState<string | null>('1');
  const [reason, setReason] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      employeeId: employeeId ? Number(employeeId) : undefined,
      payRaiseTypeId: typeId ? Number(typeId) : undefined,
      newPosition,
      newPay: numberOrUndefined(newPay),
      reasonForChange: reason,
      effectiveDate: effectiveDate || undefined,
      raiseApprovalPriorityId: priority ? Number(priority) : undefined,
    });
    if (!body) return;
    request.mutate(body, {
      onSuccess: (raise) => {
        notifySuccess(`The raise for ${raise.employeeName} was sent to payroll for approval.`);
        onClose();
      },
    });
  };

  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.payRaiseTypeId), label: t.name }));
  return (
    <Modal opened onClose={onClose} title="Request Pay Raise" size="lg" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Employee"
              withAsterisk
              searchable
              data={(employees.data ?? []).map((u) => ({ value: String(u.userId), label: u.name }))}
              value={employeeId}
              onChange={(v) => (setEmployeeId(v), clear('employeeId'))}
              error={errors.employeeId}
              nothingFoundMessage={employees.isPending ? 'Loading...' : 'No Options'}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
            <Select
              label="Pay Raise Type"
              withAsterisk
              data={typeOptions}
              value={typeId}
              onChange={(v) => (setTypeId(v), clear('payRaiseTypeId'))}
              error={errors.payRaiseTypeId}
              nothingFoundMessage={types.isPending ? 'Loading...' : 'No Options'}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput label="New Position" withAsterisk maxLength={100} value={newPosition} onChange={(e) => (setNewPosition(e.currentTarget.value), clear('newPosition'))} error={errors.newPosition} />
            <MoneyInput
              label="New Pay (per hour)"
              withAsterisk
              value={newPay}
              onChange={(v) => (setNewPay(v), clear('newPay'))}
              error={errors.newPay}
            />
            <TextInput type="date" label="Effective Date" withAsterisk value={effectiveDate} onChange={(e) => (setEffectiveDate(e.currentTarget.value), clear('effectiveDate'))} error={errors.effectiveDate} />
            <Select label="Approval Priority" withAsterisk data={PRIORITY_OPTIONS} value={priority} onChange={(v) => (setPriority(v), clear('raiseApprovalPriorityId'))} error={errors.raiseApprovalPriorityId} comboboxProps={{ withinPortal: true }} />
          </SimpleGrid>
          <Textarea label="Reason For Change" withAsterisk autosize maxLength={1000} value={reason} onChange={(e) => (setReason(e.currentTarget.value), clear('reasonForChange'))} error={errors.reasonForChange} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              Send for Approval
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
