import { Alert, Checkbox, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import type { PmContractEquipment } from '@sm/shared';

/** A piece chosen for the contract, and its tasks as typed (one a line). */
export interface ChosenPiece {
  equipmentId: number;
  tasks: string;
}

export const linesOf = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '');

interface PickerProps {
  /** The location's pieces in service, each with its category's tasks; pieces already covered are added. */
  pieces: PmContractEquipment[] | undefined;
  isLoading: boolean;
  chosen: ChosenPiece[];
  onChange: (chosen: ChosenPiece[]) => void;
  error?: string;
}

/**
 * The equipment a contract covers: every piece in service at the location, ticked to cover it; a ticked piece shows
 * its tasks, one a line, prefilled from its category's template (or the template chosen) and editable.
 */
export function PmEquipmentPicker({ pieces, isLoading, chosen, onChange, error }: PickerProps) {
  if (isLoading) return <Skeleton height={120} aria-label="Loading the location's equipment" />;
  if (!pieces || pieces.length === 0) {
    return (
      <Alert color="gray" title="No equipment at this location">
        Register the location's equipment first (Equipment › Add Equipment): a contract covers pieces in service there.
      </Alert>
    );
  }
  const byId = new Map(chosen.map((c) => [c.equipmentId, c]));
  const toggle = (p: PmContractEquipment, on: boolean) =>
    onChange(on ? [...chosen, { equipmentId: p.equipmentId, tasks: p.tasks.join('\n') }] : chosen.filter((c) => c.equipmentId !== p.equipmentId));
  const setTasks = (id: number, tasks: string) => onChange(chosen.map((c) => (c.equipmentId === id ? { ...c, tasks } : c)));
  return (
    <Stack gap="xs" role="group" aria-label="Equipment covered">
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {pieces.map((p) => {
        const picked = byId.get(p.equipmentId);
        return (
          <Paper key={p.equipmentId} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Checkbox
                checked={!!picked}
                onChange={(e) => toggle(p, e.currentTarget.checked)}
                label={<Text size="sm" fw={600}>{p.name}</Text>}
                description={[p.categoryName, p.serialNumber ? `S/N ${p.serialNumber}` : null, p.isActive ? null : 'retired'].filter(Boolean).join(' · ')}
              />
              {picked && (
                <Textarea
                  label={`Tasks on ${p.name}`}
                  description="One task a line, in the order they are done."
                  autosize
                  maxRows={10}
                  value={picked.tasks}
                  onChange={(e) => setTasks(p.equipmentId, e.currentTarget.value)}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
