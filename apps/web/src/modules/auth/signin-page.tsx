import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { dropEmpty, signInSchema } from '@copro/domain';
import { currentLanguage } from '../../app/i18n';
import { notifyError } from '../../app/notify';
import { meQuery } from '../../app/session';
import { CenteredCard } from '../../ui/centered-card';
import { FormMessage } from '../../ui/form-actions';
import { validateWith } from '../../ui/form-validation';
import { AnchorLink } from '../../ui/router-link';
import { useForm } from '../../ui/use-form';
import { authApi } from './auth-api';

const route = getRouteApi('/signin');

type SignInValues = {
  email: string;
  password: string;
};

/** SPEC 2 "Sign-in page". */
export function SignInPage() {
  const { t } = useTranslation();
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SignInValues>({
    initialValues: { email: '', password: '' },
    validate: validateWith<SignInValues>(signInSchema),
  });

  const signIn = useMutation({
    // The language the page shows becomes the session's (another session keeps its own).
    mutationFn: (values: SignInValues) =>
      authApi.signIn({ ...signInSchema.parse(dropEmpty(values)), language: currentLanguage() }),
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      await navigate({ href: redirect ?? '/dashboard', replace: true });
    },
    onError: (error) => notifyError(error, t('auth.signInFailed')),
  });

  return (
    <CenteredCard title={t('signin.title')}>
      <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('signin.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            {...form.textProps('email')}
          />
          <PasswordInput
            label={t('signin.password')}
            autoComplete="current-password"
            {...form.textProps('password')}
          />
          <Group justify="flex-end">
            <AnchorLink to="/reset-password" size="sm">
              {t('signin.forgotPassword')}
            </AnchorLink>
          </Group>
          <FormMessage errors={form.errors} />
          <Button type="submit" fullWidth loading={signIn.isPending}>
            {t('signin.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="xs" c="dimmed">
        {t('signin.terms')}
      </Text>
      <Text size="sm" ta="center">
        {t('signin.noAccount')}{' '}
        <AnchorLink to="/signup" search={redirect ? { redirect } : {}}>
          {t('signin.signUp')}
        </AnchorLink>
      </Text>
    </CenteredCard>
  );
}
