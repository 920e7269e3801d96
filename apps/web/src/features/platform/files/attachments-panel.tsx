import '@mantine/dropzone/styles.css';
import { Alert, Button, FileButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCamera, IconMail, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXTENDED_UPLOAD_EXTENSIONS,
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILE_TOO_LARGE_MESSAGE,
  type FileEntityState,
  type StoredFile,
} from '@sm/shared';
import { useId, useState, type ReactNode } from 'react';
import { confirm } from '../../../components/confirm';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { keptSentence } from '../../../lib/offline/outbox';
import { useIsPhone } from '../../field/clock/clock-modal';
import { EmailFilesDialog } from './email-files-dialog';
import { FileTile } from './file-tile';
import { FileViewer } from './file-viewer';
import { folderFilesQuery, uploadFilesKept, uploadLabel, useFolderMutations } from './files-api';
import { RenameFileDialog } from './rename-file-dialog';

const ACCEPT = EXTENDED_UPLOAD_EXTENSIONS.map((e) => `.${e}`);
const ACCEPTED_TEXT = EXTENDED_UPLOAD_EXTENSIONS.join(', ');

/** The sentence of a rejected drop: the last error of the first rejected file (spec 5.4), in the product's words. */
export function rejectionMessage(rejections: FileRejection[]): string {
  const first = rejections[0];
  const last = first?.errors.at(-1);
  if (!first || !last) return 'The file was not accepted.';
  if (last.code === 'file-too-large') return `${first.file.name}: ${FILE_TOO_LARGE_MESSAGE}`;
  if (last.code === 'file-invalid-type') return `${first.file.name}: only ${ACCEPTED_TEXT} files are accepted here.`;
  if (last.code === 'too-many-files') return 'At most 10 files may be uploaded at once.';
  return last.message;
}

interface AttachmentsPanelProps {
  /** `workOrders/{id}`, `customers/{id}` or `taxExempt/{customerId}`. */
  folder: string;
  title?: string;
  canChange: boolean;
  /** Shown above the files, e.g. the "need attachment" notice. */
  notice?: ReactNode;
  /** The subject an e-mail of these files starts with; without it the files are not e-mailed from here. */
  emailSubject?: string;
}

/**
 * The attachments of a record: a drop zone (and Take photo on a phone), the files as thumbnails, a viewer, Rename
 * and Delete. Each file carries its entity state (spec 4.4): NEW once uploaded here, UPDATED after a rename or a
 * failed delete, IN_PROCESS while it is being uploaded or deleted, UNCHANGED otherwise.
 */
export function AttachmentsPanel({ folder, title = 'Attachments', canChange, notice, emailSubject }: AttachmentsPanelProps) {
  const isPhone = useIsPhone();
  const titleId = useId();
  const client = useQueryClient();
  const files = useQuery(folderFilesQuery(folder));
  const { rename, remove } = useFolderMutations(folder);
  const [states, setStates] = useState<Record<string, FileEntityState>>({});
  const [uploading, setUploading] = useState<string[]>([]);
  const [viewing, setViewing] = useState<StoredFile | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [isEmailing, setEmailing] = useState(false);
  const mark = (names: string[], state: FileEntityState) => setStates((s) => ({ ...s, ...Object.fromEntries(names.map((n) => [n, state])) }));

  const upload = useMutation({
    mutationFn: (chosen: File[]) => uploadFilesKept(folder, chosen),
    onMutate: (chosen) => setUploading(chosen.map((f) => f.name)),
    onSuccess: (outcome, chosen) => {
      if (!outcome.sent) {
        notifyInfo(keptSentence(uploadLabel(chosen)));
        return;
      }
      const stored = outcome.answer;
      mark(stored.map((f) => f.name), 'NEW');
      notifySuccess(stored.length === 1 ? `${stored[0]!.name} uploaded` : `${stored.length} files uploaded`);
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['files', folder] });
      setUploading([]);
    },
  });

  const deleteFile = async (name: string) => {
    if (!(await confirm({ message: FILE_MESSAGES.confirmDelete, danger: true }))) return;
    mark([name], 'IN_PROCESS');
    remove.mutate(name, {
      onSuccess: () => notifySuccess(FILE_MESSAGES.deleted),
      onError: () => mark([name], 'UPDATED'),
    });
  };

  const renameFile = async (oldName: string, newName: string) => {
    const answer = await rename.mutateAsync({ oldName, newName });
    mark([answer.file.name], 'UPDATED');
  };

  const list = files.data ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId} data-testid="attachments">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id={titleId}>
            {title}
          </Title>
          <Group gap="sm">
            {files.data && (
              <Text size="sm" c="dimmed">
                {list.length === 1 ? '1 file' : `${list.length} files`}
              </Text>
            )}
            {emailSubject && canChange && list.length > 0 && (
              <Button size="xs" variant="light" leftSection={<IconMail size={16} />} onClick={() => setEmailing(true)}>
                E-mail files
              </Button>
            )}
          </Group>
        </Group>
        {notice}
        {canChange && (
          <Stack gap="xs">
            {isPhone && (
              <FileButton onChange={(f) => f.length && upload.mutate(f)} accept="image/*" capture="environment" multiple>
                {(props) => (
                  <Button {...props} leftSection={<IconCamera size={18} />} size="md" fullWidth loading={upload.isPending}>
                    Take photo
                  </Button>
                )}
              </FileButton>
            )}
            <Dropzone
              onDrop={(chosen) => upload.mutate(chosen)}
              onReject={(rejections) => notifyError(rejectionMessage(rejections))}
              accept={ACCEPT}
              maxSize={FILE_MAX_BYTES}
              maxFiles={10}
              loading={upload.isPending}
              aria-label="Add files: drop them here or choose them"
              p="md"
            >
              <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
                <IconUpload size={28} stroke={1.5} aria-hidden />
                <div>
                  <Text size="sm" fw={500}>
                    {isPhone ? 'Choose photos or files' : 'Drop photos or files here, or click to choose'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {ACCEPTED_TEXT}; up to 25 MB each
                  </Text>
                </div>
              </Group>
            </Dropzone>
          </Stack>
        )}
        {files.isPending ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={164} radius="md" />
            ))}
          </SimpleGrid>
        ) : files.isError ? (
          <Alert color="red" title="The files could not be loaded">
            <Group justify="space-between">
              <Text size="sm">{files.error.message}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => files.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : list.length === 0 && uploading.length === 0 ? (
          <Text size="sm" c="dimmed">
            No files yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" data-testid="file-grid">
            {list.map((f) => (
              <FileTile
                key={f.id}
                file={f}
                state={states[f.name] ?? f.entityState}
                canChange={canChange}
                onOpen={() => setViewing(f)}
                onRename={() => setRenaming(f.name)}
                onDelete={() => void deleteFile(f.name)}
              />
            ))}
            {uploading.map((name) => (
              <Skeleton key={`up-${name}`} h={164} radius="md" aria-label={`Uploading ${name}`} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
      {emailSubject && <EmailFilesDialog opened={isEmailing} onClose={() => setEmailing(false)} folder={folder} files={list} defaultSubject={emailSubject} />}
      <RenameFileDialog fileName={renaming} onClose={() => setRenaming(null)} onRename={(newName) => renameFile(renaming!, newName)} />
    </Paper>
  );
}
