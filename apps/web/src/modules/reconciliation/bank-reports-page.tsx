import { useState } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bankReports, languageOf, type BankReport, type ReportJson } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { useBuildingToday } from '../../app/shell/use-building-today';
import { Page } from '../../ui/page';
import { dateRequired, initialDates, type ReportDates } from '../../ui/report-dates';
import { ReportDateControls, ReportFrame, ReportTablePreview } from '../reports';
import { bankReportQuery, bankReportUrl } from './bank-reports-api';

/** SPEC 2 banks/reports: each bank's balance, each period's reconciliation, the items still outstanding. */
export function BankReportsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('reconciliationPages.reports.title')}>
      <Stack gap="lg">
        {bankReports.map((report) => (
          <BankReportCard key={report} report={report} />
        ))}
      </Stack>
    </Page>
  );
}

/** One bank report: its date (inside the year), its downloads and its tables. */
function BankReportCard({ report }: { report: BankReport }) {
  const { t, i18n } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const [dates, setDates] = useState<ReportDates>(() => initialDates(fiscalYear, today));
  // Drawn at a date, which the box keeps inside the fiscal year; emptied, nothing is asked for.
  const problem = dates.asOf ? null : dateRequired;
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  const tables = useQuery({
    ...bankReportQuery(ref, year, report, languageOf(i18n.language), dates.asOf),
    enabled: problem === null,
  });
  const title = t(`reconciliationPages.reports.${report}.title`);
  return (
    <ReportFrame
      title={title}
      description={t(`reconciliationPages.reports.${report}.description`)}
      controls={
        <ReportDateControls
          dates={dates}
          onChange={(change) => setDates((current) => ({ ...current, ...change }))}
          period={false}
          problem={problem}
        />
      }
      invalid={problem !== null}
      fileUrl={(format) => bankReportUrl(ref, year, report, format, dates.asOf)}
      preview={tables}
    >
      {(data) => <BankReportTables report={data} caption={title} />}
    </ReportFrame>
  );
}

/** The report's notice, then each of its tables (a bank's periods, say) under its heading. */
function BankReportTables({ report, caption }: { report: ReportJson; caption: string }) {
  const tables = [report, ...(report.sections ?? [])];
  return (
    <Stack gap="md">
      {report.notice && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {report.notice}
        </Alert>
      )}
      {tables.map((table, i) => (
        // Tables have no identity of their own and never move: their place is their key.
        <Stack key={i} gap={4}>
          {table.heading && (
            <Title order={3} size="h5">
              {table.heading}
            </Title>
          )}
          <ReportTablePreview table={table} caption={table.heading ?? caption} emptyText={report.emptyText} />
        </Stack>
      ))}
    </Stack>
  );
}
