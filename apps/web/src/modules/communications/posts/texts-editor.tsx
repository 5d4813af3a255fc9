import { Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@copro/domain';
import { RichTextField } from '../../../ui/rich-text-editor';

export type TextsValue = Record<Language, { title: string; body: string }>;

export const emptyTexts: TextsValue = { en: { title: '', body: '' }, fr: { title: '', body: '' } };

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
              <RichTextField
                key={`${language}-${version}`}
                label={t('posts.form.body')}
                value={value[language].body}
                onChange={(html) => set(language, 'body', html)}
                error={errors[`texts.${language}.body`]}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
