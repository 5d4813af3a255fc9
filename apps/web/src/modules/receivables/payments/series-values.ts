import {
  checkSeriesSaveSchema,
  checkSeriesSchema,
  formatCents,
  postDatedSeries,
  type CheckSeriesSave,
  type FieldIssue,
  type Language,
} from '@copro/domain';
import { centsOf } from '../../../ui/typed-amount';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';

/** The series form as typed (DOMAIN 4 post-dated checks). */
export interface SeriesValues {
  unitUuid: string;
  firstNumber: string;
  count: string;
  periodMonths: string;
  firstDate: string;
  amount: string;
  notes: string;
}

/** One check of the preview, editable before the series is saved. */
export interface SeriesRow {
  number: string;
  amount: string;
  date: string;
}

export const newSeriesValues = (firstDate: string): SeriesValues => ({
  unitUuid: '',
  firstNumber: '',
  count: '12',
  periodMonths: '1',
  firstDate,
  amount: '',
  notes: '',
});

const wholeNumber = (text: string): number | undefined =>
  /^\s*\d{1,3}\s*$/.test(text) ? Number(text) : undefined;

/** The series described by the form, one row per check, or what to correct first. */
export function previewSeries(values: SeriesValues, language: Language): Prepared<SeriesRow[]> {
  const issues: FieldIssue[] = [];
  chosenAt(values.unitUuid, ['unitUuid'], issues);
  const amount = amountAt(values.amount, ['amount'], issues);
  const count = wholeNumber(values.count);
  if (count === undefined) issues.push({ path: ['count'], key: 'validation.wrongType' });
  const { input, issues: all } = prepareWith(
    checkSeriesSchema,
    { ...values, amount, count, periodMonths: Number(values.periodMonths) },
    issues,
  );
  if (!input) return { input: null, issues: all };
  const rows = postDatedSeries(input).map((check) => ({
    number: check.number,
    date: check.date,
    amount: formatCents(check.amount, language),
  }));
  return { input: rows, issues: [] };
}

/** The previewed rows, as edited, into the body of `POST checks/series`; errors name `checks.{i}.{field}`. */
export function prepareSeriesSave(
  unitUuid: string,
  rows: readonly SeriesRow[],
  notes: string,
): Prepared<CheckSeriesSave> {
  const issues: FieldIssue[] = [];
  chosenAt(unitUuid, ['unitUuid'], issues);
  const checks = rows.map((row, i) => ({
    number: row.number,
    date: row.date,
    amount: amountAt(row.amount, ['checks', i, 'amount'], issues),
  }));
  const numbers = rows.map((row) => row.number.trim());
  numbers.forEach((number, i) => {
    if (number !== '' && numbers.indexOf(number) !== i)
      issues.push({ path: ['checks', i, 'number'], key: 'payments.series.duplicateNumber' });
  });
  return prepareWith(checkSeriesSaveSchema, { unitUuid, checks, notes }, issues);
}

/** What the previewed checks add up to, leaving out amounts that cannot be read yet. */
export const seriesTotal = (rows: readonly SeriesRow[]): number =>
  rows.reduce((sum, row) => sum + centsOf(row.amount), 0);
