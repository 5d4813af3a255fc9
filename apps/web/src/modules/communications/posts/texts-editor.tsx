import '@mantine/tiptap/styles.css';
import { Stack, Tabs, Text, TextInput } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import type { Language } from '@copro/domain';

export type TextsValue = Record<Language, { title: string; body: string }>;

export const emptyTexts: TextsValue = { en: { title: '', body: '' }, fr: { title: '', body: '' } };

/** The body's rich text: what the server keeps of it (paragraphs, emphasis, lists, headings, quotes, links). */
function BodyEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
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
    </Stack>
  );
}

/**
 * Title and message per language, one tab each: a post carries one language or both. `version`
 * changes when the form loads other texts (a template), so the editors start again from them.
 */
export function TextsEditor({
  value,
  onChange,
  errors,
  version,
}: {
  value: TextsValue;
  onChange: (value: TextsValue) => void;
  errors: Record<string, React.ReactNode>;
  version: number;
}) {
  const { t } = useTranslation();
  const set = (language: Language, field: 'title' | 'body', text: string) =>
    onChange({ ...value, [language]: { ...value[language], [field]: text } });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('posts.form.languageHint')}
      </Text>
      <Tabs defaultValue="fr" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="fr">{t('posts.form.french')}</Tabs.Tab>
          <Tabs.Tab value="en">{t('posts.form.english')}</Tabs.Tab>
        </Tabs.List>
        {(['fr', 'en'] as const).map((language) => (
          <Tabs.Panel key={language} value={language} pt="sm">
            <Stack gap="sm">
              <TextInput
                label={t('posts.form.title')}
                value={value[language].title}
                onChange={(e) => set(language, 'title', e.currentTarget.value)}
                error={errors[`texts.${language}.title`] ?? errors[`texts.${language}`]}
              />
              <BodyEditor
                key={`${language}-${version}`}
                label={t('posts.form.body')}
                value={value[language].body}
                onChange={(html) => set(language, 'body', html)}
              />
              {errors[`texts.${language}.body`] ? (
                <Text size="xs" c="red">
                  {errors[`texts.${language}.body`]}
                </Text>
              ) : null}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
