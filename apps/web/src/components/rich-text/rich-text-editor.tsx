import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { InsertImageDialog } from './insert-image-dialog';

interface RichTextFieldProps {
  label: string;
  /** HTML as stored (the server sanitises it with its allowlist). */
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  /** Height of the writing area, in pixels (spec: 150 by default). */
  minHeight?: number;
}

/** The editor's empty document, which stores as nothing. */
const EMPTY = '<p></p>';

/**
 * The product's rich text editor (Mantine's Tiptap): bold, italic, underline, strike-through, headings, lists, quote,
 * links, pictures through the Insert Image dialog, undo and redo. It writes only markup the server's allowlist keeps,
 * so what is saved is what was seen.
 */
export function RichTextField({ label, value, onChange, error, minHeight = 150 }: RichTextFieldProps) {
  const [isInserting, setInserting] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false, horizontalRule: false }), Link, Image.configure({ inline: false })],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(html === EMPTY ? '' : html);
    },
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
  });
  return (
    <Input.Wrapper label={label} error={error}>
      <RichTextEditor editor={editor} mt={4} style={{ borderColor: error ? 'var(--mantine-color-error)' : undefined }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Control onClick={() => setInserting(true)} aria-label="Insert Image" title="Insert Image">
              <IconPhoto stroke={1.5} size={16} />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
      <InsertImageDialog
        opened={isInserting}
        onClose={() => setInserting(false)}
        onInsert={(img) => editor?.chain().focus().setImage(img).run()}
      />
    </Input.Wrapper>
  );
}
