import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dropEmpty, languageOf, limits, localeOf, meSchema, profileSchema, type Locale } from '@copro/domain';
import { api } from '../../../app/api';
import { currentLanguage } from '../../../app/i18n';
import { notifyError, notifySuccess } from '../../../app/notify';
import { applyUserLanguage, type Me } from '../../../app/session';
import { serverErrors, validateWith } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';
import { FormActions } from '../../../ui/form-actions';
import { NotesField } from '../../../ui/notes-field';
import { Section } from './section';

type ProfileValues = { name: string; locale: string; signature: string };

export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues>({
    initialValues: {
      name: me.name,
      locale: me.locale ?? localeOf(currentLanguage()),
      signature: me.signature ?? '',
    },
    validate: validateWith<ProfileValues>(profileSchema),
  });

  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      api('/api/me', { response: meSchema, method: 'PATCH', body: profileSchema.parse(dropEmpty(values)) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['me'], saved);
      applyUserLanguage(saved);
      // The language changed with the profile: say it was saved in the new one.
      notifySuccess(t('account.profileSaved', { lng: languageOf(saved.locale) }));
    },
    onError: (error) => {
      form.setErrors(serverErrors(error));
      notifyError(error);
    },
  });

  const localeOptions: { value: Locale; label: string }[] = [
    { value: 'en-CA', label: t('language.en') },
    { value: 'fr-CA', label: t('language.fr') },
  ];

  return (
    <Section title={t('account.profile')}>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput label={t('account.email')} value={me.email} readOnly variant="filled" />
          <TextInput label={t('account.name')} autoComplete="name" {...form.textProps('name')} />
          <NativeSelect label={t('account.locale')} data={localeOptions} {...form.textProps('locale')} />
          <NotesField
            label={t('account.signature')}
            description={t('account.signatureHint')}
            max={limits.signature}
            maxRows={10}
            {...form.textProps('signature')}
          />
          <FormActions errors={form.errors}>
            <Button type="submit" loading={save.isPending}>
              {t('account.saveProfile')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Section>
  );
}
