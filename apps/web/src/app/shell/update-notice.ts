import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { noteLatestVersion } from '../update';

/** SPEC 4/8: tells the user once that a newer version exists; the next navigation loads it. */
export function useUpdateNotice(latestVersion: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!noteLatestVersion(latestVersion)) return;
    notifications.show({
      id: 'update-available',
      color: 'blue',
      message: t('errors.updateAvailable'),
      autoClose: false,
    });
  }, [latestVersion, t]);
}
