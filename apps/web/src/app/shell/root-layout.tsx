import { Suspense, useState } from 'react';
import { AppShell } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { MaintenanceScreen } from '../../modules/admin';
import { PageLoader } from '../../ui/page-loader';
import { useRemoteConfig } from '../remote-config';
import { useMe } from '../session';
import { Header } from './header';
import { HeaderSlotContext } from './header-slot';
import { useUpdateNotice } from './update-notice';

/** Every page: the header (50 px on mobile, 42 px from 768 px up) over the page or the maintenance screen. */
export function RootLayout() {
  const config = useRemoteConfig();
  // Wait for the first answer about the session so the header and the language do not flash.
  const { isPending } = useMe();
  useUpdateNotice(config.latestVersion);
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);

  return (
    <HeaderSlotContext.Provider value={headerSlot}>
      <AppShell header={{ height: { base: 50, sm: 42 } }} padding={0}>
        <AppShell.Header>
          <Header slotRef={setHeaderSlot} />
        </AppShell.Header>
        <AppShell.Main>
          {config.maintenance.active ? (
            <MaintenanceScreen message={config.maintenance.message} />
          ) : isPending ? (
            <PageLoader />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          )}
        </AppShell.Main>
      </AppShell>
    </HeaderSlotContext.Provider>
  );
}
