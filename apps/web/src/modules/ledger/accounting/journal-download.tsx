import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { journalUrl } from './accounting-api';

/** The year's journal as a file: a plain link, so the browser downloads it with the session cookie. */
export function JournalDownload() {
  const { t } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  return (
    <Stack gap={2}>
      <Anchor href={journalUrl(building.buildingRef, fiscalYear.startDate)} download fw={600} size="sm">
        <Group gap={6} wrap="nowrap" component="span">
          <IconDownload size={16} aria-hidden />
          {t('accounting.trialBalance.download')}
        </Group>
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('accounting.trialBalance.downloadHint')}
      </Text>
    </Stack>
  );
}
