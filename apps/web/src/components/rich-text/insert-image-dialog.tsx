import { Button, FileInput, Group, Modal, NumberInput, SimpleGrid, Stack, Tabs, TextInput } from '@mantine/core';
import { IconLink, IconUpload } from '@tabler/icons-react';
import { FILE_MAX_BYTES, FILE_TOO_LARGE_MESSAGE, IMAGE_EXTENSIONS } from '@sm/shared';
import { useState } from 'react';
import { fileUrl, uploadFiles } from '../../features/platform/files/files-api';

/** What the dialog inserts: the picture's address and its optional details. */
export interface InsertedImage {
  src: string;
  alt?: string;
  title?: string;
  width?: number;
  height?: number;
}

interface InsertImageDialogProps {
  opened: boolean;
  onClose: () => void;
  onInsert: (image: InsertedImage) => void;
}

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The Insert Image dialog of the rich text editor (spec clock 7): tab Upload sends the picture to the file store
 * (folder `richText`, PNG or JPEG, checked by content on the server) and inserts its lasting address; tab By URL takes
 * an http(s) address. Both carry alternate text, title, width and height.
 */
export function InsertImageDialog({ opened, onClose, onInsert }: InsertImageDialogProps) {
  const [tab, setTab] = useState<string | null>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [title, setTitle] = useState('');
  const [width, setWidth] = useState<number | string>('');
  const [height, setHeight] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setUrl('');
    setAlt('');
    setTitle('');
    setWidth('');
    setHeight('');
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const insert = async () => {
    setError(null);
    let src: string;
    if (tab === 'upload') {
      if (!file) return setError('Choose a picture to upload.');
      if (file.size > FILE_MAX_BYTES) return setError(FILE_TOO_LARGE_MESSAGE);
      setBusy(true);
      try {
        const [stored] = await uploadFiles('richText', [file]);
        src = (await fileUrl(stored!.path_display)).url;
      } catch (e) {
        setBusy(false);
        return setError(e instanceof Error ? e.message : 'The picture could not be uploaded.');
      }
      setBusy(false);
    } else {
      if (!/^https?:\/\/\S+$/i.test(url.trim())) return setError('Enter the address of a picture, starting with http:// or https://.');
      src = url.trim();
    }
    onInsert({ src, alt: alt.trim() || undefined, title: title.trim() || undefined, width: Number(width) || undefined, height: Number(height) || undefined });
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Insert Image" size={450} centered>
      <Stack>
        <Tabs value={tab} onChange={(v) => (setTab(v), setError(null))}>
          <Tabs.List grow>
            <Tabs.Tab value="upload" leftSection={<IconUpload size={16} />}>
              Upload
            </Tabs.Tab>
            <Tabs.Tab value="url" leftSection={<IconLink size={16} />}>
              By URL
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upload" pt="sm">
            <FileInput label="Picture" placeholder="PNG or JPEG" accept={ACCEPT} value={file} onChange={setFile} error={tab === 'upload' ? error : null} clearable />
          </Tabs.Panel>
          <Tabs.Panel value="url" pt="sm">
            <TextInput label="Address" placeholder="https://…" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={tab === 'url' ? error : null} />
          </Tabs.Panel>
        </Tabs>
        <TextInput label="Alternate text" description="What the picture shows, for readers who cannot see it" value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <SimpleGrid cols={2}>
          <NumberInput label="Width" suffix=" px" min={1} max={2000} allowDecimal={false} value={width} onChange={setWidth} />
          <NumberInput label="Height" suffix=" px" min={1} max={2000} allowDecimal={false} value={height} onChange={setHeight} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void insert()} loading={isBusy}>
            Insert
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
