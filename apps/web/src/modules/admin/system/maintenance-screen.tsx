import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RemoteConfig } from '@copro/domain';
import { currentLanguage } from '../../../app/i18n';

type MaintenanceMessage = RemoteConfig['maintenance']['message'];

/** SPEC 2/8: while remote settings say so, the whole app is replaced by this screen. */
export function MaintenanceScreen({ message }: { message: MaintenanceMessage }) {
  const { t } = useTranslation();
  const extra = message?.[currentLanguage()];
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" maw={520} gap="sm">
        <Title order={1} size="h2" ta="center">
          {t('maintenance.title')}
        </Title>
        <Text ta="center" size="lg">
          {t('errors.maintenance')}
        </Text>
        {extra && (
          <Text ta="center" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {extra}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
