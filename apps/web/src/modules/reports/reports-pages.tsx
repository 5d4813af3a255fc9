import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegistryReport } from '@copro/domain';
import { Page } from '../../ui/page';
import { ReceivablesReportCard } from './receivables-report-card';
import { ReportCard } from './report-card';
import { receivablesReports } from './reports-api';

function ReportList({ reports }: { reports: readonly RegistryReport[] }) {
  return (
    <Stack gap="lg">
      {reports.map((report) => (
        <ReportCard key={report} report={report} />
      ))}
    </Stack>
  );
}

/**
 * units/reports: who lives in and owns each unit, the units whose papers need attention, then
 * what the units owe and have paid (DOMAIN 10).
 */
export function UnitsReportsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('reports.unitsTitle')}>
      <ReportList reports={['roster', 'insurance', 'waterHeaters']} />
      <Stack gap="lg" component="section" aria-label={t('receivablesReports.title')}>
        <Title order={2} size="h3">
          {t('receivablesReports.title')}
        </Title>
        {receivablesReports.map((report) => (
          <ReceivablesReportCard key={report} report={report} />
        ))}
      </Stack>
    </Page>
  );
}

/** people/reports: how to reach everyone, and who holds which unit. */
export function PeopleReportsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('reports.peopleTitle')}>
      <ReportList reports={['contacts', 'roster']} />
    </Page>
  );
}
