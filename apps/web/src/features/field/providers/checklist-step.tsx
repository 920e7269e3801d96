import { Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { CorrigoProcedure, CorrigoStep } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { proceduresQuery } from './corrigo-api';
import { canSaveProcedure, isStepComplete } from './corrigo-wizard-form';
import { isTextStep, withEdits, type StepEdit } from './procedure-step-edit';
import type { CorrigoWizard } from './use-corrigo-wizard';

const STATUS_COLORS: Record<string, string> = { Done: 'teal', Open: 'gray', NA: 'blue', Unknown: 'gray' };

function StepStatus({ status }: { status: CorrigoStep['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant={status === 'Done' ? 'filled' : 'light'} data-testid="step-status">
      {status}
    </Badge>
  );
}

interface StepRowProps {
  step: CorrigoStep;
  isEdited: boolean;
  onEdit: () => void;
}

/** One step: what to check, whether it is required and done, the value and notes so far, and Update. */
function StepRow({ step, isEdited, onEdit }: StepRowProps) {
  const title = step.label || step.description;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="procedure-step" aria-label={title} role="group">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {title}
            {step.isRequired && (
              <Text span c="red" ml={4} aria-label="required" title="Required">
                *
              </Text>
            )}
          </Text>
          {step.label && step.description !== step.label && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {step.description}
            </Text>
          )}
          {step.value && isTextStep(step) && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              Value: {step.value}
            </Text>
          )}
          {step.comment && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Notes: {step.comment}
            </Text>
          )}
        </Stack>
        <Stack gap={6} align="flex-end">
          <Group gap={4} wrap="nowrap">
            {isEdited && (
              <Badge color="orange" variant="light">
                Unsaved
              </Badge>
            )}
            <StepStatus status={step.status} />
          </Group>
          <Button size="sm" variant="light" leftSection={<IconPencil size={16} />} onClick={onEdit} aria-label={`Update step ${title}`}>
            Update
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

interface ProcedureCardProps {
  procedure: CorrigoProcedure;
  edits: Record<number, StepEdit>;
  isSaving: boolean;
  onEdit: (step: CorrigoStep) => void;
  onSave: () => void;
}

/** A procedure with its steps and its Save, which is off once every required step is done and nothing waits to be saved. */
function ProcedureCard({ procedure, edits, isSaving, onEdit, onSave }: ProcedureCardProps) {
  const shown = withEdits(procedure, edits);
  const hasEdits = Object.keys(edits).length > 0;
  const doneCount = shown.steps.filter(isStepComplete).length;
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" component="section" aria-label={procedure.name} data-testid="procedure">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {procedure.name}
            </Text>
            <Text size="xs" c="dimmed">
              {procedure.asset ? `${procedure.asset.assetName} · ` : ''}
              {doneCount} of {shown.steps.length} done
            </Text>
          </Stack>
          <Button size="sm" onClick={onSave} loading={isSaving} disabled={!canSaveProcedure(procedure) && !hasEdits} aria-label={`Save ${procedure.name}`}>
            Save
          </Button>
        </Group>
        {shown.steps.length === 0 && (
          <Text size="sm" c="dimmed">
            This procedure has no steps.
          </Text>
        )}
        {shown.steps.map((step) => (
          <StepRow key={step.id} step={step} isEdited={Boolean(edits[step.id])} onEdit={() => onEdit(procedure.steps.find((s) => s.id === step.id) ?? step)} />
        ))}
      </Stack>
    </Paper>
  );
}

interface ChecklistStepProps {
  workOrderId: number;
  wizard: CorrigoWizard;
  onEdit: (procedureId: number, step: CorrigoStep) => void;
}

/** Step 3: the work order's procedures, each step updated through the Update Step dialog and saved per procedure. */
export function ChecklistStep({ workOrderId, wizard, onEdit }: ChecklistStepProps) {
  const query = useQuery(proceduresQuery(workOrderId));
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading procedures" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        The procedures could not be loaded: {query.error.message}
      </Text>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        This work order has no procedures to check.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {[...query.data]
        .sort((a, b) => a.order - b.order)
        .map((procedure) => (
          <ProcedureCard
            key={procedure.id}
            procedure={{ ...procedure, steps: [...procedure.steps].sort((a, b) => a.order - b.order) }}
            edits={wizard.edits[procedure.id] ?? {}}
            isSaving={wizard.savingProcedureId === procedure.id}
            onEdit={(step) => onEdit(procedure.id, step)}
            onSave={() => wizard.saveProcedure(procedure)}
          />
        ))}
    </Stack>
  );
}
