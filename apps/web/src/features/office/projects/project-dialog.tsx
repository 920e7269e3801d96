import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { projectBody, type Project } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { fieldEdits } from '../../field/fleet/form-edits';
import { CustomerPicker } from '../customers/customer-picker';
import { useProjectOptions, useSaveProject } from './projects-api';

type Choice = { id: number; name: string };
/** The active rows of a list, and the one the project names already (it may have been retired since). */
export const choicesOf = (rows: Choice[] | undefined, kept?: { id: number | null; name: string | null }) => {
  const options = (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return kept?.id && kept.name && !options.some((o) => o.value === String(kept.id)) ? [...options, { value: String(kept.id), label: kept.name }] : options;
};
const idOrNull = (v: string | null) => (v ? Number(v) : null);

/** Add or change a project: its name, customer, type, job status, manager, dates, budget and description. */
export function ProjectDialog({ project, onClose, onSaved }: { project: Project | null; onClose: () => void; onSaved?: (p: Project) => void }) {
  const options = useProjectOptions();
  const [name, setName] = useState(project?.name ?? '');
  const [customerId, setCustomerId] = useState<number | null>(project?.customerId ?? null);
  const [typeId, setTypeId] = useState<string | null>(project?.projectTypeId ? String(project.projectTypeId) : null);
  const [statusId, setStatusId] = useState<string | null>(project ? String(project.jobStatusId) : null);
  const [managerId, setManagerId] = useState<string | null>(project?.projectManagerId ? String(project.projectManagerId) : null);
  const [startDate, setStartDate] = useState(project?.startDate ?? '');
  const [targetDate, setTargetDate] = useState(project?.targetDate ?? '');
  const [budget, setBudget] = useState<number | string>(project?.budget ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const { errors, clear, check } = useSchemaForm(projectBody);
  const { edit, text } = fieldEdits(clear);
  const save = useSaveProject();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      name, customerId: customerId ?? undefined, projectTypeId: idOrNull(typeId), jobStatusId: idOrNull(statusId) ?? undefined, projectManagerId: idOrNull(managerId),
      startDate: startDate || null, targetDate: targetDate || null, budget: numberOrUndefined(budget) ?? null, description: description.trim() || null,
    });
    if (!body) return;
    save.mutate(
      { projectId: project?.projectId ?? null, body },
      { onSuccess: (saved) => (notifySuccess(`Project ${saved.projectNumber} saved.`), onSaved?.(saved), onClose()) },
    );
  };
  const o = options.data;
  return (
    <Modal opened onClose={onClose} title={project ? `Edit project ${project.projectNumber}` : 'New project'} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={project ? 'Edit project' : 'New project'}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk value={name} onChange={text('name', setName)} error={errors.name} data-autofocus />
          <CustomerPicker
            label="Customer"
            required
            value={customerId}
            onChange={edit('customerId', setCustomerId)}
            known={project ? { customerId: project.customerId, name: project.customerName } : null}
            error={errors.customerId}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select label="Job status" withAsterisk data={choicesOf(o?.jobStatuses, project ? { id: project.jobStatusId, name: project.jobStatus } : undefined)} value={statusId} onChange={edit('jobStatusId', setStatusId)} error={errors.jobStatusId} comboboxProps={{ withinPortal: true }} />
            <Select label="Project type" placeholder="None" clearable data={choicesOf(o?.projectTypes, project ? { id: project.projectTypeId, name: project.projectType } : undefined)} value={typeId} onChange={edit('projectTypeId', setTypeId)} error={errors.projectTypeId} comboboxProps={{ withinPortal: true }} />
            <Select label="Project manager" placeholder="None" clearable searchable data={choicesOf(o?.users, project ? { id: project.projectManagerId, name: project.projectManagerName } : undefined)} value={managerId} onChange={edit('projectManagerId', setManagerId)} error={errors.projectManagerId} comboboxProps={{ withinPortal: true }} />
            <NumberInput label="Budget" prefix="$" decimalScale={2} thousandSeparator="," allowNegative={false} hideControls value={budget} onChange={edit('budget', setBudget)} error={errors.budget} />
            <TextInput type="date" label="Start date" value={startDate} onChange={text('startDate', setStartDate)} error={errors.startDate} />
            <TextInput type="date" label="Target date" value={targetDate} onChange={text('targetDate', setTargetDate)} error={errors.targetDate} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} maxRows={6} value={description} onChange={text('description', setDescription)} error={errors.description} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save project
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
