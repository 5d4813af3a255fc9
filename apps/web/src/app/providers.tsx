import { useEffect } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { onApiError } from './api';
import { AppErrorBoundary } from './errors';
import './i18n';
import { queryClient } from './query-client';
import { remoteConfigQuery } from './remote-config';
import { router } from './router';
import './shell/notifications.css';

const theme = createTheme({ primaryColor: 'teal', defaultRadius: 'md' });

/** A write refused for maintenance means the settings changed: fetch them now to show the screen. */
function useMaintenanceWatch(): void {
  useEffect(
    () =>
      onApiError((error) => {
        if (error.code === 'maintenance')
          void queryClient.invalidateQueries({ queryKey: remoteConfigQuery.queryKey });
      }),
    [],
  );
}

export function Providers() {
  useMaintenanceWatch();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {/* SPEC 9: at most 10 notices at once. */}
          <Notifications limit={10} position="top-right" />
          {/* Dialogs (ModalsProvider) are for signed-in pages: see shell/signed-in-layout.tsx. */}
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
