import { Alert, Group, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/router-link';

/** SPEC 2/4: shown above every page while an archived (read-only) fiscal year is viewed. */
export function ArchivedNotice({ latestHref }: { latestHref: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      py="xs"
      icon={<IconArchive size={18} aria-hidden />}
      role="status"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('shell.fiscalYear.archivedNotice')}
        </Text>
        <AnchorLink to={latestHref} size="sm" fw={600}>
          {t('shell.fiscalYear.goToLatest')}
        </AnchorLink>
      </Group>
    </Alert>
  );
}
