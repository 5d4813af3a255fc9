import { useState } from 'react';
import { Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { dropEmpty, localeOf, signUpSchema } from '@copro/domain';
import { currentLanguage } from '../../app/i18n';
import { notifyError } from '../../app/notify';
import { CenteredCard } from '../../ui/centered-card';
import { FormMessage } from '../../ui/form-actions';
import { serverErrors, validateWith } from '../../ui/form-validation';
import { AnchorLink, ButtonLink } from '../../ui/router-link';
import { useForm } from '../../ui/use-form';
import { authApi } from './auth-api';

const route = getRouteApi('/signup');

type SignUpValues = {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
};

export function SignUpPage() {
  const { t } = useTranslation();
  const { redirect } = route.useSearch();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    initialValues: { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
    validate: validateWith<SignUpValues>(signUpSchema),
  });

  const signUp = useMutation({
    mutationFn: (values: SignUpValues) => {
      const { name, email, password } = signUpSchema.parse(dropEmpty(values));
      // The account starts in the language the visitor is reading, for its mails too.
      return authApi.signUp({ name, email, password, locale: localeOf(currentLanguage()) }).then(() => email);
    },
    onSuccess: (email) => setSentTo(email),
    onError: (error) => {
      form.setErrors(serverErrors(error));
      notifyError(error);
    },
  });

  const signInSearch = redirect ? { redirect } : {};

  if (sentTo) {
    return (
      <CenteredCard title={t('signup.checkInboxTitle')}>
        <Text>{t('signup.checkInbox', { email: sentTo })}</Text>
        <ButtonLink to="/signin" search={signInSearch} variant="light">
          {t('signup.signIn')}
        </ButtonLink>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title={t('signup.title')}>
      <form onSubmit={form.onSubmit((values) => signUp.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput label={t('signup.name')} autoComplete="name" autoFocus {...form.textProps('name')} />
          <TextInput
            label={t('signup.email')}
            type="email"
            autoComplete="email"
            {...form.textProps('email')}
          />
          <PasswordInput
            label={t('signup.password')}
            description={t('signup.passwordHint')}
            autoComplete="new-password"
            {...form.textProps('password')}
          />
          <PasswordInput
            label={t('signup.confirmPassword')}
            autoComplete="new-password"
            {...form.textProps('confirmPassword')}
          />
          <Checkbox label={t('signup.acceptTerms')} {...form.checkboxProps('acceptTerms')} />
          <FormMessage errors={form.errors} />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('signup.haveAccount')}{' '}
        <AnchorLink to="/signin" search={signInSearch}>
          {t('signup.signIn')}
        </AnchorLink>
      </Text>
    </CenteredCard>
  );
}
