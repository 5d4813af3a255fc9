import { Group, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import type { ChoiceProblem, ReportDates } from '../../ui/report-dates';
import { Translated } from '../../ui/translated';

/**
 * A report's date boxes, kept inside the fiscal year: its date (`asOf`), or its `period`; then
 * what else it is asked for (`children`). What is wrong with the dates shows under the last one.
 */
export function ReportDateControls({
  dates,
  onChange,
  period,
  problem,
  children,
}: {
  dates: ReportDates;
  onChange: (change: Partial<ReportDates>) => void;
  period: boolean;
  problem: ChoiceProblem | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const error = problem ? <Translated k={problem.key} params={problem.params} /> : undefined;
  const date = (name: keyof ReportDates, shownError?: ReactNode) => (
    <TextInput
      type="date"
      size="xs"
      label={t(`reports.${name}`)}
      min={fiscalYear.startDate}
      max={fiscalYear.endDate}
      value={dates[name]}
      onChange={(event) => onChange({ [name]: event.currentTarget.value })}
      error={shownError}
      style={{ flex: '1 1 140px', maxWidth: 200 }}
    />
  );
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      {period ? (
        <>
          {date('from')}
          {date('to', error)}
        </>
      ) : (
        date('asOf', error)
      )}
      {children}
    </Group>
  );
}

/** The option for every record: a select option needs a value, and '' means none. */
const every = 'all';

/** A report's choice of one record (a unit, a bank) or of all of them (''). */
export function ReportRecordSelect({
  label,
  allLabel,
  options,
  loading,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  loading: boolean;
  value: string;
  onChange: (uuid: string) => void;
}) {
  return (
    <Select
      size="xs"
      label={label}
      data={[{ value: every, label: allLabel }, ...options]}
      value={value || every}
      onChange={(next) => onChange(next === null || next === every ? '' : next)}
      searchable
      allowDeselect={false}
      disabled={loading}
      style={{ flex: '1 1 160px', maxWidth: 240 }}
    />
  );
}
