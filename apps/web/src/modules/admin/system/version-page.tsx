import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appVersion } from '@copro/domain';

export function VersionPage() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap={4}>
        <Title order={1} size="h2">
          {t('app.name')}
        </Title>
        <Text size="lg">{t('app.version', { version: appVersion })}</Text>
      </Stack>
    </Center>
  );
}
