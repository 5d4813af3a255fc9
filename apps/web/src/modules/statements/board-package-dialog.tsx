import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconPresentation } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import { useBuildingToday } from '../../app/shell/use-building-today';
import { RecordFormModal } from '../../ui/record-panel';
import { initialDates, type ReportDates } from '../../ui/report-dates';
import { ReportDateControls } from '../reports';
import { boardPackageFormats, boardPackagePeriod, boardPackageUrl } from './statement-query';

/** The board package's button, for those who may read reports, and its dialog. */
export function BoardPackageButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconPresentation size={18} aria-hidden />} onClick={open}>
        {t('statementsPage.boardPackage.button')}
      </Button>
      <RecordFormModal
        opened={opened}
        onClose={close}
        title={t('statementsPage.boardPackage.title')}
        size="md"
      >
        {opened && <BoardPackageChoice />}
      </RecordFormModal>
    </>
  );
}

/** The period, then a download per format: plain links, so the browser downloads with the session cookie. */
function BoardPackageChoice() {
  const { t } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const [dates, setDates] = useState(() => initialDates(fiscalYear, today));
  const { period, problem } = boardPackagePeriod(dates, fiscalYear);
  const set = (change: Partial<ReportDates>) => setDates((current) => ({ ...current, ...change }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('statementsPage.boardPackage.intro')}
      </Text>
      <ReportDateControls dates={dates} onChange={set} period problem={problem} />
      <Group gap="xs" role="group" aria-label={t('reports.downloads')}>
        {boardPackageFormats.map((format) => (
          <Button
            key={format}
            component="a"
            href={
              period ? boardPackageUrl(building.buildingRef, fiscalYear.startDate, format, period) : undefined
            }
            disabled={!period}
            download
            variant={format === 'pdf' ? 'filled' : 'light'}
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={t('reports.downloadAs', {
              report: t('statementsPage.boardPackage.title'),
              format: t(`reports.formats.${format}`),
            })}
          >
            {t(`reports.formats.${format}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
