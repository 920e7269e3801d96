import { Alert, Badge, Button, FileInput, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_COLUMNS, IMPORT_KIND_INFO, type ImportAnswer, type ImportKind } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { commitImport, downloadRejected, uploadImport, useImportProgress } from './imports-api';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The counts of a preview or of a finished import, in one line. */
function Counts({ value }: { value: ImportAnswer }) {
  const isWritten = value.state === 'done' || value.state === 'failed' || value.processedRows > 0;
  return (
    <Group gap="xs">
      <Badge variant="light" color="gray" tt="none">{plural(value.totalRows, 'row')}</Badge>
      <Badge variant="light" color="teal" tt="none">{isWritten ? `${value.createdRows.toLocaleString()} created` : `${value.toCreate.toLocaleString()} to create`}</Badge>
      <Badge variant="light" color="blue" tt="none">{isWritten ? `${value.updatedRows.toLocaleString()} updated` : `${value.toUpdate.toLocaleString()} to update`}</Badge>
      <Badge variant="light" color={value.rejectedRows ? 'red' : 'gray'} tt="none">{value.rejectedRows.toLocaleString()} rejected</Badge>
    </Group>
  );
}

function Preview({ value }: { value: ImportAnswer }) {
  return (
    <Stack gap="sm">
      {value.rejected.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">Rejected rows (not imported)</Text>
          <ScrollArea.Autosize mah={220} viewportProps={{ tabIndex: 0 }}>
            <Table striped withTableBorder fz="sm" aria-label="Rejected rows">
              <Table.Thead>
                <Table.Tr><Table.Th w={70}>Line</Table.Th><Table.Th w={120}>External ID</Table.Th><Table.Th>Why</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {value.rejected.map((r) => (
                  <Table.Tr key={r.line}><Table.Td>{r.line}</Table.Td><Table.Td>{r.externalId ?? ''}</Table.Td><Table.Td c="red.8">{r.message}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {value.rejectedRows > value.rejected.length && <Text size="xs" c="dimmed">The first {value.rejected.length} are shown; the report holds them all.</Text>}
        </Stack>
      )}
      {value.planned.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">First rows to import</Text>
          <ScrollArea.Autosize mah={220} viewportProps={{ tabIndex: 0 }}>
            <Table withTableBorder fz="sm" aria-label="Rows to import">
              <Table.Thead>
                <Table.Tr><Table.Th w={70}>Line</Table.Th><Table.Th w={90}>Action</Table.Th><Table.Th w={120}>External ID</Table.Th><Table.Th>Name</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {value.planned.map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td><Badge size="sm" variant="light" color={r.action === 'create' ? 'teal' : 'blue'} tt="none">{r.action === 'create' ? 'Create' : 'Update'}</Badge></Table.Td>
                    <Table.Td>{r.externalId}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The import dialog of a kind: choose a CSV or XLSX file, read the preview (counts, each rejected row with its line
 * and sentence, the first rows to write), Import, follow the progress, and download the report of rejected rows.
 */
export function ImportDialog({ kind, opened, onClose }: { kind: ImportKind; opened: boolean; onClose: () => void }) {
  const info = IMPORT_KIND_INFO[kind];
  const columns = IMPORT_COLUMNS[kind];
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [isCommitted, setIsCommitted] = useState(false);
  const progress = useImportProgress(preview?.importId ?? null, isCommitted);
  const current = (isCommitted ? progress.data : null) ?? preview;
  const isDone = current?.state === 'done' || current?.state === 'failed';

  const upload = useMutation({ mutationFn: (f: File) => uploadImport(kind, f), onSuccess: setPreview });
  const commit = useMutation({
    mutationFn: (id: number) => commitImport(id),
    onSuccess: () => setIsCommitted(true),
  });

  const close = () => {
    if (isDone) {
      void client.invalidateQueries();
      notifySuccess(`Import of ${info.plural} finished.`);
    }
    setFile(null);
    setPreview(null);
    setIsCommitted(false);
    upload.reset();
    commit.reset();
    onClose();
  };

  const percent = current && current.toCreate + current.toUpdate > 0 ? Math.round((current.processedRows / (current.toCreate + current.toUpdate)) * 100) : 0;

  return (
    <Modal opened={opened} onClose={close} title={`Import ${info.plural}`} size="xl" fullScreen={false}>
      <Stack gap="md">
        {!preview && (
          <>
            <Text size="sm">
              A CSV or Excel (.xlsx) file whose first row names the columns: <b>{columns.required.join(', ')}</b>, and optionally {columns.optional.join(', ')}. A row
              whose External ID you imported before updates that {info.singular}.
            </Text>
            {columns.quickBooks && <Text size="sm" c="dimmed">{columns.quickBooks}</Text>}
            <FileInput label="File" placeholder="Choose a .csv or .xlsx file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" value={file} onChange={setFile} clearable leftSection={<IconFileImport size={16} />} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>Cancel</Button>
              <Button leftSection={<IconUpload size={16} />} disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
                Preview
              </Button>
            </Group>
          </>
        )}
        {current && (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>{current.fileName} · {current.format}</Text>
              <Counts value={current} />
            </Group>
            {!isCommitted && <Preview value={current} />}
            {isCommitted && (
              <Stack gap={4}>
                <Progress value={isDone ? 100 : percent} animated={!isDone} aria-label="Import progress" color={current.state === 'failed' ? 'red' : 'teal'} />
                <Text size="sm" role="status">
                  {current.state === 'done' && `Done: ${current.createdRows.toLocaleString()} created, ${current.updatedRows.toLocaleString()} updated, ${current.rejectedRows.toLocaleString()} rejected.`}
                  {current.state === 'failed' && `The import stopped: ${current.error ?? ''}`}
                  {!isDone && `Importing… ${current.processedRows.toLocaleString()} of ${(current.toCreate + current.toUpdate).toLocaleString()} rows`}
                </Text>
              </Stack>
            )}
            {current.rejectedRows > 0 && current.toCreate + current.toUpdate === 0 && !isCommitted && (
              <Alert color="red" variant="light">Every row was rejected: correct the file and choose it again.</Alert>
            )}
            <Group justify="space-between">
              {current.rejectedRows > 0 ? (
                <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadRejected(current.importId, current.fileName)}>
                  Download rejected rows
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                {!isCommitted && <Button variant="default" onClick={close}>Cancel</Button>}
                {!isCommitted && (
                  <Button loading={commit.isPending} disabled={current.toCreate + current.toUpdate === 0} onClick={() => commit.mutate(current.importId)}>
                    Import {plural(current.toCreate + current.toUpdate, 'row')}
                  </Button>
                )}
                {isCommitted && <Button onClick={close} disabled={!isDone}>Close</Button>}
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** The Import button of a page, shown to those who may import its kind, with its dialog. */
export function ImportButton({ kind, fullWidth }: { kind: ImportKind; fullWidth?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setIsOpen(true)} fullWidth={fullWidth}>
        Import
      </Button>
      {isOpen && <ImportDialog kind={kind} opened={isOpen} onClose={() => setIsOpen(false)} />}
    </>
  );
}
