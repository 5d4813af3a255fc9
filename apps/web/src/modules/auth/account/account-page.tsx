import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/session';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { SignOutSection } from './sign-out-section';

export function AccountPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <Page title={t('account.title')}>
      {me ? (
        <Stack gap="lg" maw={640}>
          <ProfileForm me={me} />
          <ChangePasswordForm />
          <SignOutSection />
        </Stack>
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}
