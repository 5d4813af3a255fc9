import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegistryReport } from '@copro/domain';
import { Page } from '../../ui/page';
import { ReportCard } from './report-card';

function ReportList({ reports }: { reports: readonly RegistryReport[] }) {
  return (
    <Stack gap="lg">
      {reports.map((report) => (
        <ReportCard key={report} report={report} />
      ))}
    </Stack>
  );
}

/** units/reports: who lives in and owns each unit, and the units whose papers need attention. */
export function UnitsReportsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('reports.unitsTitle')}>
      <ReportList reports={['roster', 'insurance', 'waterHeaters']} />
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
