import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC 2 "error screen with reload": shown when a page crashes or its code cannot be loaded. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" maw={480} gap="md" role="alert">
        <ThemeIcon color="red" size={48} radius="xl" variant="light" aria-hidden>
          !
        </ThemeIcon>
        <Title order={2} ta="center" size="h3">
          {t('errors.title')}
        </Title>
        <Text ta="center">{t('errors.chunkReload')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}

interface BoundaryState {
  failed: boolean;
}

/** Catches what the router's own error handling cannot: crashes in the providers and the shell. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
