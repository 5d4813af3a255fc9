import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../app/api';
import { meQuery } from '../../app/session';
import { CenteredCard } from '../../ui/centered-card';
import { AnchorLink, ButtonLink } from '../../ui/router-link';
import { authApi } from './auth-api';

/** Confirms the email once (the token is single-use, so never retried or refetched), which also signs in. */
export function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await authApi.verifyEmail(token);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (verification.isPending) {
    return (
      <CenteredCard title={t('authAction.verifying')}>
        <Group justify="center">
          <Loader aria-label={t('common.loading')} />
        </Group>
      </CenteredCard>
    );
  }
  if (verification.isError) {
    return (
      <CenteredCard title={t('errors.title')}>
        <Alert color="red" role="alert">
          {t(errorKeyOf(verification.error))}
        </Alert>
        <Text size="sm" ta="center">
          <AnchorLink to="/signin">{t('authAction.signIn')}</AnchorLink>
        </Text>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={t('authAction.verifiedTitle')}>
      <Text>{t('authAction.verified')}</Text>
      <ButtonLink to="/dashboard">{t('common.goToDashboard')}</ButtonLink>
    </CenteredCard>
  );
}
