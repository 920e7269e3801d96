import { Button, Group, Stack, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { required } from '@sm/shared';
import { useState, type FormEvent } from 'react';

const MAX_LENGTH = 500;

function DescriptionForm({ onSave, onCancel }: { onSave: (text: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setError(required('Description'));
      return;
    }
    onSave(text);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label="Description"
          required
          autosize
          maxLength={MAX_LENGTH}
          value={value}
          error={error}
          data-autofocus
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks why the user takes a status that needs a description; resolves the text, or null when cancelled. */
export function askStatusDescription(statusLabel: string): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: string | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
      modals.close(modalId);
    };
    const modalId: string = modals.open({
      title: `Status: ${statusLabel}`,
      size: 500,
      centered: true,
      onClose: () => settle(null),
      children: <DescriptionForm onSave={(text) => settle(text)} onCancel={() => settle(null)} />,
    });
  });
}
