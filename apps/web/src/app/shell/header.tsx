import { Suspense } from 'react';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/router-link';
import { lazyPage } from '../chunk-reload';
import { useMe } from '../session';
import { LanguageSwitch } from './language-switch';

// Signed in only, and its menu brings the floating-panel code: the sign-in page does without it.
const UserMenu = lazyPage(() => import('./user-menu').then((m) => m.UserMenu));

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
        {me && (
          <Suspense fallback={null}>
            <UserMenu me={me} />
          </Suspense>
        )}
      </Group>
    </Group>
  );
}
