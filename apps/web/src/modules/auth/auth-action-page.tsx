import { Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from '../../ui/centered-card';
import { AcceptInvitation } from './accept-invitation';
import { NewPasswordForm } from './new-password-form';
import { VerifyEmail } from './verify-email';

const route = getRouteApi('/_auth');

/** Handles the links of our mails: /_auth?mode=…&token=… */
export function AuthActionPage() {
  const { t } = useTranslation();
  const { mode, token } = route.useSearch();
  if (token && mode === 'verifyEmail') return <VerifyEmail token={token} />;
  if (token && mode === 'resetPassword') return <NewPasswordForm token={token} />;
  if (token && mode === 'acceptInvitation') return <AcceptInvitation token={token} />;
  return (
    <CenteredCard title={t('errors.title')}>
      <Text role="alert">{t('authAction.invalidLink')}</Text>
    </CenteredCard>
  );
}
