import { Button, Group, Loader, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SOP_STATUSES, sopDetailBody, type SopDetail } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { referenceRowsQuery } from '../../platform/administration/reference-list-api';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useSchemaForm } from '../../../lib/schema-form';
import { sopAssignableUsersQuery, sopDetailQuery, useSopMutations } from './sop-api';
import { SopStepsEditor, stepDraft, type StepDraft } from './sop-steps-editor';
import { SelectAllMultiSelect } from '../../../components/select-all-multi-select';

const STATUS_OPTIONS = SOP_STATUSES.map((s) => ({ value: String(s.sopStatusId), label: s.sopStatus }));
const PENDING = String(SOP_STATUSES[0].sopStatusId);

/**
 * Writes an SOP or changes one (spec platform 2.1 administration sop): its name, type, status and description, its
 * checklist of steps, and whom it is given to. Opening an existing one reads it afresh, with its steps and assignees.
 */
export default function SopDialog({ sopDetailId, onClose }: { sopDetailId: number | null; onClose: () => void }) {
  const isPhone = useIsPhone();
  const existing = useQuery({ ...sopDetailQuery(sopDetailId ?? 0), enabled: sopDetailId !== null });
  const isLoading = sopDetailId !== null && !existing.data;
  return (
    <Modal opened onClose={onClose} title={sopDetailId === null ? 'New SOP' : 'Edit SOP'} size="lg" fullScreen={isPhone}>
      {isLoading ? (
        existing.isError ? (
          <Text c="red.8" role="alert">
            {existing.error.message}
          </Text>
        ) : (
          <Group justify="center" py="xl">
            <Loader size="sm" role="status" aria-label="Loading the SOP" />
          </Group>
        )
      ) : (
        <SopForm existing={existing.data ?? null} onClose={onClose} />
      )}
    </Modal>
  );
}

function SopForm({ existing, onClose }: { existing: SopDetail | null; onClose: () => void }) {
  const types = useQuery(referenceRowsQuery('sopTypes'));
  const staff = useQuery(sopAssignableUsersQuery);
  const { save } = useSopMutations();
  const { errors, clear, check } = useSchemaForm(sopDetailBody);
  const [sopName, setSopName] = useState(existing?.sopName ?? '');
  const [sopTypeId, setSopTypeId] = useState<string | null>(existing ? String(existing.sopTypeId) : null);
  const [sopStatusId, setSopStatusId] = useState<string | null>(existing ? String(existing.sopStatusId) : PENDING);
  const [description, setDescription] = useState(existing?.description ?? '');
  const [steps, setSteps] = useState<StepDraft[]>(() => (existing?.steps ?? []).map((s) => stepDraft(s)));
  const [assigned, setAssigned] = useState<string[]>(() => (existing?.assignedUserIds ?? []).map(String));

  // Only active staff can be given an SOP: someone who has left since is taken off it when it is saved.
  const staffIds = new Set((staff.data ?? []).map((u) => String(u.userId)));
  const formerStaff = staff.data ? assigned.filter((id) => !staffIds.has(id)).length : 0;
  const typeOptions = (types.data ?? [])
    .filter((t) => t.isActive !== false || String(t.id) === sopTypeId)
    .map((t) => ({ value: String(t.id), label: t.isActive === false ? `${t.name} (retired)` : t.name }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      sopName,
      sopTypeId: sopTypeId ? Number(sopTypeId) : undefined,
      sopStatusId: sopStatusId ? Number(sopStatusId) : undefined,
      description: description.trim() || null,
      steps: steps.map((s) => ({ stepCheckListId: s.stepCheckListId ?? null, checklistItem: s.checklistItem })),
      assignedUserIds: assigned.filter((id) => !staff.data || staffIds.has(id)).map(Number),
    });
    if (!body) return;
    save.mutate(
      { sopDetailId: existing?.sopDetailId ?? null, body },
      {
        onSuccess: (sop) => {
          notifySuccess(`SOP ${sop.sopName} ${existing ? 'saved' : 'added'}.`);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="SOP Name"
          withAsterisk
          maxLength={150}
          value={sopName}
          onChange={(e) => (setSopName(e.currentTarget.value), clear('sopName'))}
          error={errors.sopName}
          data-autofocus
        />
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="SOP Type"
            withAsterisk
            data={typeOptions}
            value={sopTypeId}
            onChange={(v) => (setSopTypeId(v), clear('sopTypeId'))}
            error={errors.sopTypeId}
            nothingFoundMessage={types.isPending ? 'Loading...' : 'No SOP types: add them under Administration, SOP Types.'}
            comboboxProps={{ withinPortal: true }}
            miw={180}
          />
          <Select
            label="SOP Status"
            withAsterisk
            data={STATUS_OPTIONS}
            value={sopStatusId}
            onChange={(v) => (setSopStatusId(v), clear('sopStatusId'))}
            error={errors.sopStatusId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            miw={180}
          />
        </Group>
        <Textarea
          label="Description"
          autosize
          maxRows={10}
          maxLength={4000}
          value={description}
          onChange={(e) => (setDescription(e.currentTarget.value), clear('description'))}
          error={errors.description}
        />
        <SopStepsEditor steps={steps} error={errors.steps} onChange={(next) => (setSteps(next), clear('steps'))} />
        <SelectAllMultiSelect
          label="Assign To"
          description="Each person gets the SOP to acknowledge and its steps to mark done."
          placeholder="Nobody yet"
          searchable
          data={(staff.data ?? []).map((u) => ({ value: String(u.userId), label: u.name }))}
          value={assigned}
          onChange={(v) => (setAssigned(v), clear('assignedUserIds'))}
          error={errors.assignedUserIds}
          nothingFoundMessage={staff.isPending ? 'Loading...' : 'Nobody by that name'}
        />
        {formerStaff > 0 && (
          <Text size="sm" c="dimmed">
            {formerStaff === 1 ? 'One person who has left is' : `${formerStaff} people who have left are`} taken off this SOP when it is saved.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {existing ? 'Save Changes' : 'Add SOP'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
