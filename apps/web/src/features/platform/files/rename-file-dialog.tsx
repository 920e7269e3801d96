import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { fileExtension, FILE_MESSAGES, renameKeepingExtension } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';

interface RenameFileDialogProps {
  fileName: string | null;
  onClose: () => void;
  /** Renames on the server; rejects when the server refuses. */
  onRename: (newName: string) => Promise<unknown>;
}

function RenameForm({ fileName, onClose, onRename }: RenameFileDialogProps & { fileName: string }) {
  const ext = fileExtension(fileName);
  const [value, setValue] = useState(ext ? fileName.slice(0, -(ext.length + 1)) : fileName);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    const result = renameKeepingExtension(fileName, value);
    if (!result.ok) return setError(result.message);
    setSaving(true);
    try {
      await onRename(value);
      notifySuccess(FILE_MESSAGES.renamed);
      onClose();
    } catch {
      setError(FILE_MESSAGES.renameFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label="New name"
          data-autofocus
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          rightSection={ext ? <Text size="sm" c="dimmed">.{ext}</Text> : null}
          rightSectionWidth={ext ? ext.length * 9 + 24 : undefined}
          description={ext ? `The extension .${ext} is kept.` : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Rename File dialog (spec platform 2.6, 5.4): a new name without the extension, which is kept. An empty name
 * says "Please Enter New Name."; a refusal says "Renaming File Failed!" under the field, the server's reason in the
 * one error toast.
 */
export function RenameFileDialog(props: RenameFileDialogProps) {
  return (
    <Modal opened={props.fileName !== null} onClose={props.onClose} title="Rename File" centered>
      {props.fileName !== null && <RenameForm key={props.fileName} {...props} fileName={props.fileName} />}
    </Modal>
  );
}
