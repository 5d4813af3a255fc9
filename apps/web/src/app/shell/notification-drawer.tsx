import { Drawer, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC 2: the notification drawer opened from the navbar (notifications switched on). */
export function NotificationDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('shell.notifications')} position="right" size="sm">
      <Text c="dimmed" size="sm">
        {t('shell.noNotifications')}
      </Text>
    </Drawer>
  );
}
