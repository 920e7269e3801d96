import { ActionIcon, Box, Card, Group, Image, Loader, Menu, Overlay, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconFileText, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { FileEntityState, StoredFile } from '@sm/shared';
import { formatBytes } from './files-api';

interface FileTileProps {
  file: StoredFile;
  state: FileEntityState;
  canChange: boolean;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/**
 * One file of a folder: its thumbnail (or an icon when it has none), name and size, with Open, Rename and Delete.
 * While it is being uploaded or deleted (IN_PROCESS) it is dimmed under a spinner and its actions wait.
 */
export function FileTile({ file, state, canChange, onOpen, onRename, onDelete }: FileTileProps) {
  const isBusy = state === 'IN_PROCESS';
  return (
    <Card withBorder radius="md" p={0} data-testid="file-tile" data-file-name={file.name} data-state={state} aria-busy={isBusy}>
      <Box pos="relative">
        <UnstyledButton onClick={onOpen} disabled={isBusy} aria-label={`Open ${file.name}`} w="100%" display="block">
          {file.url ? (
            <Image src={file.url} alt="" h={120} fit="cover" />
          ) : (
            <Stack h={120} align="center" justify="center" bg="var(--mantine-color-gray-0)">
              {file.isImage ? <IconPhoto size={40} stroke={1.2} aria-hidden /> : <IconFileText size={40} stroke={1.2} aria-hidden />}
            </Stack>
          )}
        </UnstyledButton>
        {isBusy && (
          <Overlay backgroundOpacity={0.55} color="#fff" center zIndex={2}>
            <Loader size="sm" role="status" aria-label={`Working on ${file.name}`} />
          </Overlay>
        )}
      </Box>
      <Group gap={4} px="xs" py={6} wrap="nowrap" justify="space-between">
        <Box miw={0}>
          <Text size="sm" fw={500} lineClamp={2} title={file.name} style={{ wordBreak: 'break-word' }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)}
          </Text>
        </Box>
        {canChange && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" disabled={isBusy} aria-label={`Actions for ${file.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
                Rename
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Card>
  );
}
