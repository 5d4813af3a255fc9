import '@mantine/tiptap/styles.css';
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * Rich text with the formatting the server keeps of it (`sanitizeRichText`: paragraphs, emphasis,
 * lists, two heading levels, quotes, links): post bodies, request replies and email templates. The
 * editor takes `value` when it is made; a form that loads other text gives it a new `key`.
 */
export function RichTextField({
  value,
  onChange,
  label,
  description,
  error,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  description?: ReactNode;
  error?: ReactNode;
}) {
  const editor = useEditor({
    // The starter kit's link is replaced by Mantine's, which its toolbar controls drive.
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, horizontalRule: false }),
      Link,
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {description}
        </Text>
      )}
      <RichTextEditor editor={editor} aria-label={label}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
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
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
