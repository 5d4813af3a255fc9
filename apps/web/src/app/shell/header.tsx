import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/router-link';
import { useMe } from '../session';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

/** The top bar: home link, the page's own controls (see InHeader), language and user menu. */
export function Header({ slotRef }: { slotRef: (element: HTMLElement | null) => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <AnchorLink to="/" underline="never" fw={800} fz="lg" c="teal.8" aria-label={t('nav.home')}>
        {t('app.name')}
      </AnchorLink>
      <Group gap="xs" wrap="nowrap" miw={0}>
        <div ref={slotRef} style={{ display: 'contents' }} />
        <LanguageSwitch />
        {me && <UserMenu me={me} />}
      </Group>
    </Group>
  );
}
