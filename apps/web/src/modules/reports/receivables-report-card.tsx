import { Group, Select, TextInput } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import { compareNumbers } from '../../ui/compare';
import { Translated } from '../../ui/translated';
import { useRecords } from '../registry';
import { useBuildingToday } from '../../app/shell/use-building-today';
import { initialChoice, reportParams, type ReceivablesReportChoice } from './receivables-report-params';
import { ReportCard } from './report-card';
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
  const error = problem ? <Translated k={problem} /> : undefined;
  const date = (name: 'from' | 'to' | 'asOf', label: string, shownError?: ReactNode) => (
    <TextInput
      type="date"
      size="xs"
      label={t(label)}
      min={fiscalYear.startDate}
      max={fiscalYear.endDate}
      value={choice[name]}
      onChange={(event) => set({ [name]: event.currentTarget.value })}
      error={shownError}
      style={{ flex: '1 1 140px', maxWidth: 200 }}
    />
  );
  return (
    <ReportCard
      report={report}
      title={t(`receivablesReports.${report}.title`)}
      description={t(`receivablesReports.${report}.description`)}
      params={params}
      invalid={problem !== null}
      controls={
        <Group gap="sm" align="flex-start" wrap="wrap">
          {report === 'receivables-aging' ? (
            date('asOf', 'receivablesReportsPage.asOf', error)
          ) : (
            <>
              {date('from', 'receivablesReportsPage.from')}
              {date('to', 'receivablesReportsPage.to', error)}
              {report === 'statements' && (
                <UnitSelect value={choice.unitUuid} onChange={(unitUuid) => set({ unitUuid })} />
              )}
            </>
          )}
        </Group>
      }
    />
  );
}

/** The option for every unit: a select option needs a value, and '' means none. */
const allUnits = 'all';

function UnitSelect({ value, onChange }: { value: string; onChange: (uuid: string) => void }) {
  const { t } = useTranslation();
  const units = useRecords('units');
  const data = useMemo(
    () => [
      { value: allUnits, label: t('receivablesReportsPage.allUnits') },
      ...[...(units.data ?? [])]
        .sort((a, b) => compareNumbers(a.number, b.number))
        .map((unit) => ({ value: unit.uuid, label: unit.number })),
    ],
    [units.data, t],
  );
  return (
    <Select
      size="xs"
      label={t('receivablesReportsPage.unit')}
      data={data}
      value={value || allUnits}
      onChange={(next) => onChange(next === null || next === allUnits ? '' : next)}
      searchable
      allowDeselect={false}
      disabled={units.isPending}
      style={{ flex: '1 1 160px', maxWidth: 220 }}
    />
  );
}
