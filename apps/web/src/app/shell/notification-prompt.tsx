import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const dismissedKey = 'copro.notificationPrompt';

function shouldAsk(): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return false;
  try {
    return localStorage.getItem(dismissedKey) !== 'later';
  } catch {
    return true;
  }
}

/** SPEC 4: while the browser's notification permission is still "default", offer to allow it. */
export function NotificationPrompt() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(shouldAsk);
  if (!asking) return null;

  const later = (): void => {
    try {
      localStorage.setItem(dismissedKey, 'later');
    } catch {
      // Not remembered: the prompt comes back on the next visit.
    }
    setAsking(false);
  };
  const allow = (): void => {
    void Notification.requestPermission().finally(() => setAsking(false));
  };

  return (
    <Alert color="blue" variant="light" icon={<IconBell size={18} aria-hidden />} py="xs" radius={0}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t('shell.notificationPrompt.text')}</Text>
        <Group gap="xs">
          <Button size="compact-sm" onClick={allow}>
            {t('shell.notificationPrompt.allow')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={later}>
            {t('shell.notificationPrompt.later')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
