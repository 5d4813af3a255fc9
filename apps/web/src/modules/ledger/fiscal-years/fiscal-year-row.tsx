import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { buildingHref } from '../../../app/shell/building-paths';
import type { FiscalYearInfo } from '@copro/domain';
import { fiscalYearName, formatDay } from '../../../app/shell/fiscal-years';
import { AnchorLink } from '../../../ui/router-link';
import { ArchiveYearButton } from './archive-year-button';
import { EndDateEditor } from './end-date-editor';

function YearBadge({ year, latest }: { year: FiscalYearInfo; latest: boolean }) {
  const { t } = useTranslation();
  if (year.archived)
    return (
      <Badge color="yellow" variant="light">
        {t('shell.fiscalYear.archived')}
      </Badge>
    );
  return latest ? (
    <Badge variant="light">{t('shell.fiscalYear.current')}</Badge>
  ) : (
    <Badge color="green" variant="light">
      {t('fiscalYears.open')}
    </Badge>
  );
}

/**
 * One fiscal year: its period and state, a link to its dashboard, and for finance writers its end
 * date and, except for the current year (it stays open), archive or reopen.
 */
export function FiscalYearRow({
  year,
  next,
  canWrite,
  writesDisabled,
}: {
  year: FiscalYearInfo;
  /** The year after this one; none for the current year. */
  next: FiscalYearInfo | undefined;
  canWrite: boolean;
  /** A year is being created: the server refuses these changes meanwhile. */
  writesDisabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const latest = next === undefined;
  const name = fiscalYearName(year);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {name}
              </Title>
              <YearBadge year={year} latest={latest} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('shell.fiscalYear.range', {
                start: formatDay(year.startDate, language),
                end: formatDay(year.endDate, language),
              })}
            </Text>
            <AnchorLink
              to={buildingHref(building.buildingRef, latest ? undefined : year.startDate, 'dashboard')}
              size="sm"
            >
              {t('fiscalYears.openDashboard')}
            </AnchorLink>
          </Stack>
          {canWrite && !latest && <ArchiveYearButton year={year} disabled={writesDisabled} />}
        </Group>
        {canWrite &&
          (year.archived ? (
            <Text size="sm" c="dimmed">
              {t('fiscalYears.reopenToEdit')}
            </Text>
          ) : (
            <EndDateEditor key={year.endDate} year={year} next={next} disabled={writesDisabled} />
          ))}
      </Stack>
    </Paper>
  );
}
