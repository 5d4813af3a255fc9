import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, dropEmpty, passwordChangedSchema } from '@copro/domain';
import { api } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { serverErrors, validateWith } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';
import { FormActions } from '../../../ui/form-actions';
import { Section } from './section';

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateWith<PasswordValues>(changePasswordSchema),
  });

  const change = useMutation({
    mutationFn: (values: PasswordValues) => {
      const { currentPassword, newPassword } = changePasswordSchema.parse(dropEmpty(values));
      // Someone who changes a password may suspect another device: sign the others out.
      return api('/api/auth/change-password', {
        response: passwordChangedSchema,
        method: 'POST',
        body: { currentPassword, newPassword, revokeOtherSessions: true },
      });
    },
    onSuccess: () => {
      form.reset();
      notifySuccess(t('account.passwordChanged'));
    },
    onError: (error) => {
      form.setErrors(serverErrors(error));
      notifyError(error);
    },
  });

  return (
    <Section title={t('account.changePassword')}>
      <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('account.currentPassword')}
            autoComplete="current-password"
            {...form.textProps('currentPassword')}
          />
          <PasswordInput
            label={t('account.newPassword')}
            description={t('signup.passwordHint')}
            autoComplete="new-password"
            {...form.textProps('newPassword')}
          />
          <PasswordInput
            label={t('account.confirmPassword')}
            autoComplete="new-password"
            {...form.textProps('confirmPassword')}
          />
          <FormActions errors={form.errors}>
            <Button type="submit" loading={change.isPending}>
              {t('account.submitPassword')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Section>
  );
}
