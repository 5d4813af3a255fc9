import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { FiscalYearRow } from './fiscal-year-row';
import { NewFiscalYearDialog } from './new-fiscal-year-dialog';
import { useFiscalYearCreation } from './use-fiscal-year-creation';

/**
 * SPEC 2 categories/fiscal-year: the building's years, latest first. Its changes concern the
 * building's list of years, not the year in the address, so an archived year being viewed does
 * not make this page read-only (reopening it is done here).
 */
export function FiscalYearsPage() {
  const { t } = useTranslation();
  const { building, fiscalYears, can } = useBuildingShell();
  const creation = useFiscalYearCreation();
  const [opened, dialog] = useDisclosure(false);
  const canWrite = can('fiscal-years.create');
  return (
    <Page
      title={t('fiscalYears.title')}
      actions={
        canWrite && (
          <Button
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
            onClick={dialog.open}
            disabled={building.creatingFiscalYear}
          >
            {t('fiscalYears.newYear.open')}
          </Button>
        )
      }
    >
      <Text c="dimmed">{t('fiscalYears.intro')}</Text>
      {/* The last attempt failed (maybe in another session): say why until a new one starts. */}
      {canWrite && creation.errorKey && !creation.waiting && !opened && (
        <Alert
          color="red"
          variant="light"
          title={t('fiscalYears.createFailedTitle')}
          icon={<IconAlertTriangle size={18} aria-hidden />}
        >
          {t(creation.errorKey)}
        </Alert>
      )}
      <Stack gap="sm">
        {fiscalYears.map((year, index) => (
          <FiscalYearRow
            key={year.startDate}
            year={year}
            next={fiscalYears[index - 1]}
            canWrite={canWrite}
            writesDisabled={building.creatingFiscalYear}
          />
        ))}
      </Stack>
      {canWrite && <NewFiscalYearDialog opened={opened} onClose={dialog.close} creation={creation} />}
    </Page>
  );
}
