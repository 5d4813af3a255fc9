import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { fiscalYearName, formatDay } from '../../../app/shell/fiscal-years';
import { DashboardCard } from '../../../ui/dashboard-card';
import { Facts } from './facts';

/** The fiscal year being viewed: its period and whether it is archived (read-only). */
export function FiscalYearCard() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { fiscalYear } = useBuildingShell();
  return (
    <DashboardCard
      title={t('buildingDashboard.fiscalYear')}
      aside={
        fiscalYear.archived ? (
          <Badge color="yellow" variant="light">
            {t('shell.fiscalYear.archived')}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {t('buildingDashboard.open')}
          </Badge>
        )
      }
    >
      <Facts
        rows={[
          { label: t('buildingDashboard.fiscalYear'), value: fiscalYearName(fiscalYear) },
          {
            label: t('buildingDashboard.period'),
            value: t('shell.fiscalYear.range', {
              start: formatDay(fiscalYear.startDate, language),
              end: formatDay(fiscalYear.endDate, language),
            }),
          },
        ]}
      />
    </DashboardCard>
  );
}
