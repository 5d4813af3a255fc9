import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/router-link';
import { useMe } from '../session';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

export function Header() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <AnchorLink to="/" underline="never" fw={800} fz="lg" c="teal.8" aria-label={t('nav.home')}>
        {t('app.name')}
      </AnchorLink>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitch />
        {me && <UserMenu me={me} />}
      </Group>
    </Group>
  );
}
