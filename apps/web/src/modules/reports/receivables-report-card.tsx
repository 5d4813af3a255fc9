import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import { useBuildingToday } from '../../app/shell/use-building-today';
import { compareNumbers } from '../../ui/compare';
import { useRecords } from '../registry';
import { initialChoice, reportParams, type ReceivablesReportChoice } from './receivables-report-params';
import { ReportCard } from './report-card';
import { ReportDateControls, ReportRecordSelect } from './report-controls';
import type { ReceivablesReport } from './reports-api';

/** A receivables report with the boxes that choose its date or period, and its unit for statements. */
export function ReceivablesReportCard({ report }: { report: ReceivablesReport }) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const [choice, setChoice] = useState(() => initialChoice(fiscalYear, today));
  const { params, problem } = reportParams(report, choice);
  const set = (change: Partial<ReceivablesReportChoice>) =>
    setChoice((current) => ({ ...current, ...change }));
  return (
    <ReportCard
      report={report}
      title={t(`receivablesReports.${report}.title`)}
      description={t(`receivablesReports.${report}.description`)}
      params={params}
      invalid={problem !== null}
      controls={
        <ReportDateControls
          dates={choice}
          onChange={set}
          period={report !== 'receivables-aging'}
          problem={problem}
        >
          {report === 'statements' && (
            <UnitSelect value={choice.unitUuid} onChange={(unitUuid) => set({ unitUuid })} />
          )}
        </ReportDateControls>
      }
    />
  );
}

function UnitSelect({ value, onChange }: { value: string; onChange: (uuid: string) => void }) {
  const { t } = useTranslation();
  const units = useRecords('units');
  const options = useMemo(
    () =>
      [...(units.data ?? [])]
        .sort((a, b) => compareNumbers(a.number, b.number))
        .map((unit) => ({ value: unit.uuid, label: unit.number })),
    [units.data],
  );
  return (
    <ReportRecordSelect
      label={t('receivablesReportsPage.unit')}
      allLabel={t('receivablesReportsPage.allUnits')}
      options={options}
      loading={units.isPending}
      value={value}
      onChange={onChange}
    />
  );
}
