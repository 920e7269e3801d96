import { Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StoredFile } from '@sm/shared';
import { fileUrl, formatBytes } from './files-api';
import { formatDateTime } from '@sm/shared';

/** Browsers show JPEG and PNG; HEIC photos and documents are opened or downloaded instead. */
const isShown = (name: string) => /\.(jpe?g|png)$/i.test(name);

/** The viewer of one file: the picture full size, or the file's details with Open / Download. */
export function FileViewer({ file, onClose }: { file: StoredFile | null; onClose: () => void }) {
  const link = useQuery({
    queryKey: ['file-url', file?.path_display],
    queryFn: () => fileUrl(file!.path_display),
    enabled: file !== null,
    staleTime: 5 * 60_000,
  });
  return (
    <Modal opened={file !== null} onClose={onClose} title={file?.name} size="xl" centered>
      {file && (
        <Stack>
          {link.isPending ? (
            <Center h={240}>
              <Loader role="status" aria-label="Loading the file" />
            </Center>
          ) : link.isError ? (
            <Text c="red">The file could not be opened: {link.error.message}</Text>
          ) : isShown(file.name) ? (
            <Image src={link.data.url} alt={file.name} fit="contain" mah="70vh" radius="sm" />
          ) : (
            <Center h={160}>
              <Stack align="center" gap={4}>
                <IconFile size={56} stroke={1.2} aria-hidden />
                <Text size="sm">{file.name}</Text>
              </Stack>
            </Center>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {formatBytes(file.size)} · added {formatDateTime(file.modifiedAt)}
            </Text>
            {link.data && (
              <Button component="a" href={link.data.url} target="_blank" rel="noopener" variant="light" leftSection={<IconDownload size={16} />}>
                {isShown(file.name) ? 'Open full size' : 'Open / Download'}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
