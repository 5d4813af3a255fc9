import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cellText, languageOf, type PayablesReport } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { Page } from '../../../ui/page';
import { useRecords } from '../../registry';
import { ReportDateControls, ReportFrame, ReportRecordSelect, ReportTablePreview } from '../../reports';
import { initialChoice, reportParams, type PayablesReportChoice } from './report-params';
import {
  payablesReportKinds,
  payablesReportQuery,
  payablesReportUrl,
  type PayablesFigures,
} from './reports-api';

/**
 * One payables report in the reports' card: the boxes that choose its date, period or bank, its
 * downloads, and a preview of the table the downloads hold. While the boxes hold something wrong,
 * nothing is asked for.
 */
function PayablesReportCard<R extends PayablesReport>({ report }: { report: R }) {
  const { t } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const [choice, setChoice] = useState(() => initialChoice(fiscalYear, today));
  const { params, problem } = reportParams(report, choice);
  const set = (change: Partial<PayablesReportChoice>) => setChoice((current) => ({ ...current, ...change }));
  const ref = building.buildingRef;
  const figures = useQuery({
    ...payablesReportQuery(ref, fiscalYear.startDate, report, params),
    enabled: problem === null,
  });
  const title = t(`payablesReports.${report}.title`);
  const controls =
    report === 'supplier-totals' ? null : (
      <ReportDateControls dates={choice} onChange={set} period={report !== 'aging'} problem={problem}>
        {report === 'check-register' && (
          <BankSelect value={choice.bankUuid} onChange={(bankUuid) => set({ bankUuid })} />
        )}
      </ReportDateControls>
    );
  return (
    <ReportFrame
      title={title}
      description={t(`payablesReports.${report}.description`)}
      controls={controls}
      invalid={problem !== null}
      fileUrl={(format) => payablesReportUrl(ref, fiscalYear.startDate, report, format, params)}
      preview={figures}
    >
      {(data) => <FiguresTable report={report} figures={data} caption={title} />}
    </ReportFrame>
  );
}

/** The report's figures as the table its downloads hold, in the reader's language. */
function FiguresTable<R extends PayablesReport>({
  report,
  figures,
  caption,
}: {
  report: R;
  figures: PayablesFigures[R];
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const { building } = useBuildingShell();
  const language = languageOf(i18n.language);
  const table = useMemo(() => {
    const drawn = payablesReportKinds[report].table(figures, { language, currency: building.currency });
    return {
      columns: drawn.columns.map((column) => column.label),
      kinds: drawn.columns.map((column) => column.kind),
      rows: drawn.rows.map((row) => row.map(cellText)),
      totalRows: drawn.totalRows,
    };
  }, [figures, report, language, building.currency]);
  return <ReportTablePreview table={table} caption={caption} emptyText={t('reports.empty')} />;
}

function BankSelect({ value, onChange }: { value: string; onChange: (uuid: string) => void }) {
  const { t } = useTranslation();
  const banks = useRecords('banks');
  const options = useMemo(
    () => (banks.data ?? []).map((bank) => ({ value: bank.uuid, label: bank.name })),
    [banks.data],
  );
  return (
    <ReportRecordSelect
      label={t('payablesReports.page.bank')}
      allLabel={t('payablesReports.page.allBanks')}
      options={options}
      loading={banks.isPending}
      value={value}
      onChange={onChange}
    />
  );
}

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
