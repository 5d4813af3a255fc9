import { useState } from 'react';
import {
  Button,
  Card,
  FileInput,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { maxPostAttachments, postInputSchema, type PostFormValues, type RecipientValue } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { Page } from '../../../ui/page';
import { serverErrors, validateWith, type FormErrors } from '../../../ui/form-validation';
import { useRecords } from '../../registry';
import { useCreatePost, usePostTemplates } from './posts-api';
import { filledTexts, recipientOptions } from './recipient-options';
import { emptyTexts, TextsEditor, type TextsValue } from './texts-editor';

const validate = validateWith<PostFormValues>(postInputSchema);

/** "New post": texts per language, recipients, date, email, files, optionally from a template. */
export function PostFormPage() {
  const { t } = useTranslation();
  const { building, href } = useBuildingShell();
  const today = useBuildingToday();
  const navigate = useNavigate();
  const units = useRecords('units');
  const templates = usePostTemplates({ buildingRef: building.buildingRef });
  const create = useCreatePost();
  const [texts, setTexts] = useState<TextsValue>(emptyTexts);
  const [version, setVersion] = useState(0);
  const [recipients, setRecipients] = useState<string[]>([]);
  const [date, setDate] = useState(today);
  const [sendEmail, setSendEmail] = useState(true);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});

  const options = recipientOptions(units.data ?? [], t);
  const applyTemplate = (uuid: string | null) => {
    const template = templates.data?.find((tp) => tp.uuid === uuid);
    if (!template) return;
    setTexts({
      en: template.texts.en ?? { title: '', body: '' },
      fr: template.texts.fr ?? { title: '', body: '' },
    });
    setVersion((v) => v + 1);
    setRecipients(template.recipients);
    setSendEmail(template.sendEmail);
  };

  const submit = () => {
    const values: PostFormValues = {
      texts: filledTexts(texts),
      recipients: recipients as RecipientValue[],
      sendEmail,
      ...(date ? { date } : {}),
    };
    const found = validate(values);
    if (files.length > maxPostAttachments) found.files = t('validation.tooManyFiles');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { values, files },
      {
        onSuccess: (post) => {
          notifySuccess(t('posts.created'));
          void navigate({ to: href(`posts/view/${post.uuid}`) });
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error);
        },
      },
    );
  };

  return (
    <Page title={t('posts.new')}>
      <Card withBorder>
        <Stack gap="md">
          {templates.data && templates.data.length > 0 ? (
            <Select
              label={t('posts.form.template')}
              placeholder={t('posts.form.templatePlaceholder')}
              data={templates.data.map((tp) => ({ value: tp.uuid, label: tp.name }))}
              onChange={applyTemplate}
              clearable
            />
          ) : null}
          <TextsEditor value={texts} onChange={setTexts} errors={errors} version={version} />
          <MultiSelect
            label={t('posts.form.recipients')}
            placeholder={t('posts.form.recipientsPlaceholder')}
            data={options}
            value={recipients}
            onChange={setRecipients}
            searchable
            error={errors.recipients}
          />
          <Group grow wrap="wrap" align="start">
            <TextInput
              type="date"
              label={t('posts.form.date')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.date}
              miw={180}
            />
            <FileInput
              multiple
              label={t('posts.form.files')}
              placeholder={t('posts.form.filesPlaceholder')}
              value={files}
              onChange={setFiles}
              clearable
              error={errors.files ?? errors['files.0']}
              miw={180}
            />
          </Group>
          <Switch
            label={t('posts.form.sendEmail')}
            checked={sendEmail}
            onChange={(e) => setSendEmail(e.currentTarget.checked)}
          />
          {errors[''] ? (
            <Text c="red" size="sm">
              {errors['']}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={submit} loading={create.isPending}>
              {t('posts.form.publish')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Page>
  );
}
