import { Alert, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC 4: shown to everyone in the building while a new fiscal year is being created. Most
 * pages stay open meanwhile, but the server refuses their changes: this says why beforehand.
 */
export function CreatingFiscalYearNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      radius={0}
      py="xs"
      icon={<IconHourglass size={18} aria-hidden />}
      role="status"
    >
      <Text size="sm" fw={500}>
        {t('shell.fiscalYear.creatingNotice')}
      </Text>
    </Alert>
  );
}
