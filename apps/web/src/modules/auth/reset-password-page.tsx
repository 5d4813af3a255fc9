import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dropEmpty, forgotPasswordSchema } from '@copro/domain';
import { notifyError } from '../../app/notify';
import { CenteredCard } from '../../ui/centered-card';
import { FormMessage } from '../../ui/form-actions';
import { validateWith } from '../../ui/form-validation';
import { AnchorLink } from '../../ui/router-link';
import { useForm } from '../../ui/use-form';
import { authApi } from './auth-api';

type ForgotValues = { email: string };

/** Asks for a reset link. The answer never says whether the email has an account. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotValues>({
    initialValues: { email: '' },
    validate: validateWith<ForgotValues>(forgotPasswordSchema),
  });

  const request = useMutation({
    mutationFn: (values: ForgotValues) => {
      const { email } = forgotPasswordSchema.parse(dropEmpty(values));
      return authApi.requestPasswordReset({ email }).then(() => email);
    },
    onSuccess: (email) => setSentTo(email),
    onError: (error) => notifyError(error),
  });

  return (
    <CenteredCard title={sentTo ? t('resetPassword.sentTitle') : t('resetPassword.title')}>
      {sentTo ? (
        <Text>{t('resetPassword.sent', { email: sentTo })}</Text>
      ) : (
        <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('resetPassword.intro')}</Text>
            <TextInput
              label={t('resetPassword.email')}
              type="email"
              autoComplete="email"
              autoFocus
              {...form.textProps('email')}
            />
            <FormMessage errors={form.errors} />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <AnchorLink to="/signin">{t('resetPassword.backToSignIn')}</AnchorLink>
      </Text>
    </CenteredCard>
  );
}
