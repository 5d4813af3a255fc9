import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayablesReport } from '@copro/domain';
import { Page } from '../../../ui/page';
import { PayablesReportCard } from './payables-report-card';

function ReportList({ reports }: { reports: readonly PayablesReport[] }) {
  return (
    <Stack gap="lg">
      {reports.map((report) => (
        <PayablesReportCard key={report} report={report} />
      ))}
    </Stack>
  );
}

/** suppliers/reports: what is owed to whom and since when, what was bought, and each supplier's year. */
export function SuppliersReportsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('payablesReports.suppliersTitle')}>
      <ReportList reports={['aging', 'invoices-by-category', 'supplier-totals']} />
    </Page>
  );
}

/** payments/reports: every check written, and the payments of each method. */
export function PaymentsReportsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('payablesReports.paymentsTitle')}>
      <ReportList reports={['check-register', 'payments-by-method']} />
    </Page>
  );
}
