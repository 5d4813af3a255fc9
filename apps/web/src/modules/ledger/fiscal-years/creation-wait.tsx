import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC 4 wait message, while the job creates the year. `own`: this user asked for it. */
export function CreationWait({ own }: { own: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="xl" px="md" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Title order={2} size="h4" ta="center">
        {t('fiscalYears.wait.title')}
      </Title>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {t(own ? 'fiscalYears.wait.ownText' : 'fiscalYears.wait.text')}
      </Text>
    </Stack>
  );
}
