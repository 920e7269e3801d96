import { ActionIcon, Button, Card, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CREW_ONE_OF_TWO, moneyText, projectCrewBody, projectPermitBody, projectSubcontractorBody, SUBCONTRACTOR_STATUSES, type ProjectDetail, type ProjectPermit, type ProjectSubcontractor,
} from '@sm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { fieldEdits } from '../../field/fleet/form-edits';
import { choicesOf } from './project-dialog';
import { dateText } from './project-progress';
import { useAddCrew, useProjectOptions, useRemovePart, useSavePermit, useSaveSubcontractor } from './projects-api';

type Kind = 'crew' | 'permits' | 'subcontractors';
const idOrUndefined = (v: string | null) => (v ? Number(v) : undefined);

/** A section of the project's page: its title, an Add button for those who may write, and its rows or what it lacks. */
function PartSection({ title, addLabel, mayWrite, onAdd, isEmpty, empty, dialog, children }: { title: string; addLabel: string; mayWrite: boolean; onAdd: () => void; isEmpty: boolean; empty: string; dialog: ReactNode; children: ReactNode }) {
  const id = `${title.toLowerCase()}-title`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {mayWrite && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Group>
      {isEmpty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      )}
      {dialog}
    </Card>
  );
}

/** Edit (when it can be changed) and Remove, after asking, for one row of a section. */
function RowActions({ projectId, kind, partId, name, onEdit }: { projectId: number; kind: Kind; partId: number; name: string; onEdit?: () => void }) {
  const remove = useRemovePart(projectId);
  const ask = async () => {
    if (await confirm({ title: 'Please Confirm', message: `Remove ${name} from this project?`, confirmLabel: 'Remove', danger: true })) remove.mutate({ kind, partId }, { onSuccess: (a) => notifySuccess(a.message) });
  };
  return (
    <Table.Td w={72}>
      <Group gap={2} wrap="nowrap" justify="flex-end">
        {onEdit && (
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label="Remove">
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => void ask()} loading={remove.isPending}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Table.Td>
  );
}

/** A small form in a dialog, with Cancel and Save. */
function PartDialog({ title, onClose, onSubmit, isSaving, children }: { title: string; onClose: () => void; onSubmit: (e: FormEvent) => void; isSaving: boolean; children: ReactNode }) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CrewDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const options = useProjectOptions().data;
  const [memberId, setMemberId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState('');
  const [oneOfTwo, setOneOfTwo] = useState<string | null>(null);
  const { errors, clear, check } = useSchemaForm(projectCrewBody);
  const { edit, text } = fieldEdits(clear);
  const add = useAddCrew(projectId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ crewMemberId: idOrUndefined(memberId) ?? null, userId: idOrUndefined(userId) ?? null, role: role.trim() || null });
    if (body && !memberId && !userId) setOneOfTwo(CREW_ONE_OF_TWO);
    else if (body) add.mutate(body, { onSuccess: (c) => (notifySuccess(`${c.name} is on the crew.`), onClose()) });
  };
  return (
    <PartDialog title="Add to the crew" onClose={onClose} onSubmit={submit} isSaving={add.isPending}>
      <Select label="Crew member" description="From the Crew Members list" placeholder="Choose one" searchable clearable data={choicesOf(options?.crewMembers)} value={memberId} onChange={edit('crewMemberId', (v: string | null) => (setOneOfTwo(null), setMemberId(v), v && setUserId(null)))} error={errors.crewMemberId ?? oneOfTwo} comboboxProps={{ withinPortal: true }} />
      <Select label="Or a user" placeholder="Choose one" searchable clearable data={choicesOf(options?.users)} value={userId} onChange={edit('crewMemberId', (v: string | null) => (setOneOfTwo(null), setUserId(v), v && setMemberId(null)))} comboboxProps={{ withinPortal: true }} />
      <TextInput label="Role" placeholder="Operator, laborer..." value={role} onChange={text('role', setRole)} error={errors.role} />
    </PartDialog>
  );
}

export function CrewSection({ project, mayWrite }: { project: ProjectDetail; mayWrite: boolean }) {
  const [isAdding, setAdding] = useState(false);
  return (
    <PartSection title="Crew" addLabel="Add" mayWrite={mayWrite} onAdd={() => setAdding(true)} isEmpty={project.crew.length === 0} empty="Nobody is on the crew yet."
      dialog={isAdding && <CrewDialog projectId={project.projectId} onClose={() => setAdding(false)} />}
    >
      {project.crew.map((c) => (
        <Table.Tr key={c.crewId}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {c.name}
            </Text>
            <Text size="xs" c="dimmed">
              {c.role ?? (c.userId ? 'User' : 'Crew member')}
            </Text>
          </Table.Td>
          {mayWrite && <RowActions projectId={project.projectId} kind="crew" partId={c.crewId} name={c.name} />}
        </Table.Tr>
      ))}
    </PartSection>
  );
}

function PermitDialog({ projectId, permit, onClose }: { projectId: number; permit: ProjectPermit | null; onClose: () => void }) {
  const options = useProjectOptions().data;
  const [typeId, setTypeId] = useState<string | null>(permit ? String(permit.permitTypeId) : null);
  const [statusId, setStatusId] = useState<string | null>(permit ? String(permit.permitStatusId) : null);
  const [number, setNumber] = useState(permit?.permitNumber ?? '');
  const [appliedOn, setAppliedOn] = useState(permit?.appliedOn ?? '');
  const [issuedOn, setIssuedOn] = useState(permit?.issuedOn ?? '');
  const [expiresOn, setExpiresOn] = useState(permit?.expiresOn ?? '');
  const { errors, clear, check } = useSchemaForm(projectPermitBody);
  const { edit, text } = fieldEdits(clear);
  const save = useSavePermit(projectId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ permitTypeId: idOrUndefined(typeId), permitStatusId: idOrUndefined(statusId), permitNumber: number.trim() || null, appliedOn: appliedOn || null, issuedOn: issuedOn || null, expiresOn: expiresOn || null });
    if (body) save.mutate({ permitId: permit?.permitId ?? null, body }, { onSuccess: (p) => (notifySuccess(`${p.permitType} permit saved.`), onClose()) });
  };
  return (
    <PartDialog title={permit ? 'Edit permit' : 'Add a permit'} onClose={onClose} onSubmit={submit} isSaving={save.isPending}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select label="Permit type" withAsterisk data={choicesOf(options?.permitTypes, permit ? { id: permit.permitTypeId, name: permit.permitType } : undefined)} value={typeId} onChange={edit('permitTypeId', setTypeId)} error={errors.permitTypeId} comboboxProps={{ withinPortal: true }} />
        <Select label="Permit status" withAsterisk data={choicesOf(options?.permitStatuses, permit ? { id: permit.permitStatusId, name: permit.permitStatus } : undefined)} value={statusId} onChange={edit('permitStatusId', setStatusId)} error={errors.permitStatusId} comboboxProps={{ withinPortal: true }} />
        <TextInput label="Permit number" value={number} onChange={text('permitNumber', setNumber)} error={errors.permitNumber} />
        <TextInput type="date" label="Applied" value={appliedOn} onChange={text('appliedOn', setAppliedOn)} error={errors.appliedOn} />
        <TextInput type="date" label="Issued" value={issuedOn} onChange={text('issuedOn', setIssuedOn)} error={errors.issuedOn} />
        <TextInput type="date" label="Expires" value={expiresOn} onChange={text('expiresOn', setExpiresOn)} error={errors.expiresOn} />
      </SimpleGrid>
    </PartDialog>
  );
}

export function PermitsSection({ project, mayWrite }: { project: ProjectDetail; mayWrite: boolean }) {
  const [editing, setEditing] = useState<ProjectPermit | 'new' | null>(null);
  return (
    <PartSection title="Permits" addLabel="Add" mayWrite={mayWrite} onAdd={() => setEditing('new')} isEmpty={project.permits.length === 0} empty="No permit yet."
      dialog={editing && <PermitDialog projectId={project.projectId} permit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    >
      {project.permits.map((p) => (
        <Table.Tr key={p.permitId}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {p.permitType} · {p.permitStatus}
            </Text>
            <Text size="xs" c="dimmed">
              {[p.permitNumber, p.issuedOn ? `issued ${dateText(p.issuedOn)}` : p.appliedOn ? `applied ${dateText(p.appliedOn)}` : null, p.expiresOn ? `expires ${dateText(p.expiresOn)}` : null].filter(Boolean).join(' · ') || 'No number yet'}
            </Text>
          </Table.Td>
          {mayWrite && <RowActions projectId={project.projectId} kind="permits" partId={p.permitId} name={`the ${p.permitType} permit`} onEdit={() => setEditing(p)} />}
        </Table.Tr>
      ))}
    </PartSection>
  );
}

function SubcontractorDialog({ projectId, entry, onClose }: { projectId: number; entry: ProjectSubcontractor | null; onClose: () => void }) {
  const options = useProjectOptions().data;
  const [firmId, setFirmId] = useState<string | null>(entry ? String(entry.subContractorId) : null);
  const [status, setStatus] = useState<string | null>(entry?.status ?? 'Bidding');
  const [amount, setAmount] = useState<number | string>(entry?.amount ?? '');
  const { errors, clear, check } = useSchemaForm(projectSubcontractorBody);
  const { edit } = fieldEdits(clear);
  const save = useSaveSubcontractor(projectId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ subContractorId: idOrUndefined(firmId), status: status ?? undefined, amount: numberOrUndefined(amount) });
    if (body) save.mutate({ entryId: entry?.subcontractorEntryId ?? null, body }, { onSuccess: (b) => (notifySuccess(`${b.name} saved.`), onClose()) });
  };
  return (
    <PartDialog title={entry ? `Edit ${entry.name}` : 'Add a subcontractor'} onClose={onClose} onSubmit={submit} isSaving={save.isPending}>
      <Select label="Subcontractor" withAsterisk searchable data={choicesOf(options?.subContractors, entry ? { id: entry.subContractorId, name: entry.name } : undefined)} value={firmId} onChange={edit('subContractorId', setFirmId)} error={errors.subContractorId} comboboxProps={{ withinPortal: true }} />
      <Select label="Status" withAsterisk data={[...SUBCONTRACTOR_STATUSES]} value={status} onChange={edit('status', setStatus)} error={errors.status} comboboxProps={{ withinPortal: true }} />
      <NumberInput label="Amount" withAsterisk prefix="$" decimalScale={2} thousandSeparator="," allowNegative={false} hideControls value={amount} onChange={edit('amount', setAmount)} error={errors.amount} />
    </PartDialog>
  );
}

export function SubcontractorsSection({ project, mayWrite }: { project: ProjectDetail; mayWrite: boolean }) {
  const [editing, setEditing] = useState<ProjectSubcontractor | 'new' | null>(null);
  return (
    <PartSection title="Subcontractors" addLabel="Add" mayWrite={mayWrite} onAdd={() => setEditing('new')} isEmpty={project.subcontractors.length === 0} empty="No subcontractor yet."
      dialog={editing && <SubcontractorDialog projectId={project.projectId} entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    >
      {project.subcontractors.map((b) => (
        <Table.Tr key={b.subcontractorEntryId}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {b.name}
            </Text>
            <Text size="xs" c="dimmed">
              {b.status} · {moneyText(b.amount)}
            </Text>
          </Table.Td>
          {mayWrite && <RowActions projectId={project.projectId} kind="subcontractors" partId={b.subcontractorEntryId} name={b.name} onEdit={() => setEditing(b)} />}
        </Table.Tr>
      ))}
    </PartSection>
  );
}
