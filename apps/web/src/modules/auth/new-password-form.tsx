import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dropEmpty, resetPasswordSchema } from '@copro/domain';
import { ApiError, errorKeyOf } from '../../app/api';
import { notifyError } from '../../app/notify';
import { CenteredCard } from '../../ui/centered-card';
import { FormMessage } from '../../ui/form-actions';
import { serverErrors, validateWith } from '../../ui/form-validation';
import { AnchorLink, ButtonLink } from '../../ui/router-link';
import { useForm } from '../../ui/use-form';
import { authApi } from './auth-api';

type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** The reset link's page: choose the new password twice. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<unknown>(null);
  const form = useForm<NewPasswordValues>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: validateWith<NewPasswordValues>(resetPasswordSchema),
  });

  const reset = useMutation({
    mutationFn: (values: NewPasswordValues) => {
      const { newPassword } = resetPasswordSchema.parse(dropEmpty(values));
      return authApi.resetPassword({ newPassword, token });
    },
    onSuccess: () => setDone(true),
    onError: (error) => {
      // A dead link is the page's state, not a passing notice: say so in place with the way out.
      if (error instanceof ApiError && error.code === 'invalidToken') setLinkError(error);
      else {
        form.setErrors(serverErrors(error));
        notifyError(error);
      }
    },
  });

  if (done) {
    return (
      <CenteredCard title={t('authAction.passwordChangedTitle')}>
        <Text>{t('authAction.passwordChanged')}</Text>
        <ButtonLink to="/signin">{t('authAction.signIn')}</ButtonLink>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title={t('authAction.newPasswordTitle')}>
      {linkError ? (
        <>
          <Alert color="red" role="alert">
            {t(errorKeyOf(linkError))}
          </Alert>
          <Text size="sm" ta="center">
            <AnchorLink to="/reset-password">{t('resetPassword.title')}</AnchorLink>
          </Text>
        </>
      ) : (
        <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('authAction.newPassword')}
              description={t('signup.passwordHint')}
              autoComplete="new-password"
              autoFocus
              {...form.textProps('newPassword')}
            />
            <PasswordInput
              label={t('authAction.confirmPassword')}
              autoComplete="new-password"
              {...form.textProps('confirmPassword')}
            />
            <FormMessage errors={form.errors} />
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t('authAction.submitNewPassword')}
            </Button>
          </Stack>
        </form>
      )}
    </CenteredCard>
  );
}
