import { Button, Menu, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMemberships } from '../memberships';
import { notifyError } from '../notify';
import { useSignOut, type Me } from '../session';

export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const billingAccounts = useMemberships().data?.billingAccounts ?? [];

  const onSignOut = (): void =>
    signOut.mutate(undefined, {
      onSuccess: () => void navigate({ to: '/signin' }),
      onError: (error) => notifyError(error),
    });

  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          maw={{ base: 140, sm: 260 }}
          aria-label={`${t('nav.userMenu')}: ${me.name}`}
        >
          <Text span size="sm" truncate="end" inherit>
            {me.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.email}</Menu.Label>
        <Menu.Item onClick={() => void navigate({ to: '/dashboard' })}>{t('nav.dashboard')}</Menu.Item>
        <Menu.Item onClick={() => void navigate({ to: '/account' })}>{t('nav.account')}</Menu.Item>
        {billingAccounts.length > 0 && (
          <Menu.Item onClick={() => void navigate({ to: '/billing-accounts' })}>
            {t('nav.billingAccounts')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onSignOut} disabled={signOut.isPending}>
          {t('nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
