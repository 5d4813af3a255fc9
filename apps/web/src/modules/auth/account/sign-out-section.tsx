import { Button, Group, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify';
import { useSignOut } from '../../../app/session';
import { Section } from './section';

export function SignOutSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Section title={t('account.session')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{t('account.signOutHint')}</Text>
        <Button
          color="red"
          variant="light"
          loading={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: () => void navigate({ to: '/signin' }),
              onError: (error) => notifyError(error),
            })
          }
        >
          {t('account.signOut')}
        </Button>
      </Group>
    </Section>
  );
}
