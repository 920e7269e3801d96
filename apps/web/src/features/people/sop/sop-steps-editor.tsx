import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/** A checklist step being edited: its id when it exists already (kept so its acknowledgements stay), and its text. */
export interface StepDraft {
  key: number;
  stepCheckListId?: number;
  checklistItem: string;
}

const MAX_STEP_LENGTH = 300;
/** The list's legend reads like the labels of the fields around it. */
const FIELDSET_STYLES = {
  root: { margin: 0, minWidth: 0 },
  legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 'var(--mantine-font-weight-medium)', padding: 0, marginBottom: 4 },
};

let lastKey = 0;
/** A draft of a step, with a key of its own for the list. */
export const stepDraft = (step: Omit<StepDraft, 'key'>): StepDraft => ({ ...step, key: (lastKey += 1) });

/**
 * The checklist of an SOP: one line per step, in order, each removable, and a button to add one. The sentence of a
 * step that failed the checks is shown under the list, and the blank or too long steps are marked.
 */
export function SopStepsEditor({ steps, error, onChange }: { steps: StepDraft[]; error?: string; onChange: (steps: StepDraft[]) => void }) {
  const [added, setAdded] = useState<number | null>(null);
  const add = () => {
    const step = stepDraft({ checklistItem: '' });
    setAdded(step.key);
    onChange([...steps, step]);
  };
  const change = (key: number, checklistItem: string) => onChange(steps.map((s) => (s.key === key ? { ...s, checklistItem } : s)));
  const isFaulty = (s: StepDraft) => !!error && (s.checklistItem.trim() === '' || s.checklistItem.trim().length > MAX_STEP_LENGTH);
  return (
    <Fieldset legend="Checklist" variant="unstyled" styles={FIELDSET_STYLES}>
      <Stack gap="xs">
        {steps.length === 0 && (
          <Text size="sm" c="dimmed">
            No steps: add the steps each person must do and mark done.
          </Text>
        )}
        {steps.map((s, i) => (
          <Group key={s.key} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Checklist Item ${i + 1}`}
              leftSection={<Text size="sm" c="dimmed" aria-hidden>{i + 1}.</Text>}
              value={s.checklistItem}
              autoFocus={s.key === added}
              onChange={(e) => change(s.key, e.currentTarget.value)}
              error={isFaulty(s)}
              maxLength={MAX_STEP_LENGTH}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Tooltip label="Remove step">
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove Checklist Item ${i + 1}`} onClick={() => onChange(steps.filter((x) => x.key !== s.key))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add} w="fit-content">
          Add Checklist Item
        </Button>
      </Stack>
    </Fieldset>
  );
}
