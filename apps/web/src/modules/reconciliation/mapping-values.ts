import {
  csvDateFormats,
  csvMappingSchema,
  type CsvDateFormat,
  type CsvMapping,
  type FieldIssue,
} from '@copro/domain';
import { prepareWith, type Prepared } from '../../ui/prepare';

/**
 * The mapping form of a bank's CSV (DOMAIN 9 statement import): which column holds what. Selects
 * hold a column's index as text ('' for none); the amount is one signed column or a money-out and
 * a money-in column. The body is checked with the shared `csvMappingSchema`, as the server does.
 */
export interface MappingValues {
  hasHeader: boolean;
  date: string;
  dateFormat: CsvDateFormat;
  description: string;
  amountMode: AmountMode;
  amount: string;
  debit: string;
  credit: string;
  checkNumber: string;
  decimalComma: boolean;
}

export const amountModes = ['signed', 'split'] as const;
export type AmountMode = (typeof amountModes)[number];

const columnText = (column: number | undefined): string => (column === undefined ? '' : String(column));

/** The form's start: the server's suggestion, else the first columns in the usual order. */
export function mappingValuesOf(suggested: CsvMapping | null): MappingValues {
  if (!suggested)
    return {
      hasHeader: true,
      date: '0',
      dateFormat: csvDateFormats[0],
      description: '1',
      amountMode: 'signed',
      amount: '2',
      debit: '',
      credit: '',
      checkNumber: '',
      decimalComma: false,
    };
  return {
    hasHeader: suggested.hasHeader,
    date: columnText(suggested.date),
    dateFormat: suggested.dateFormat,
    description: columnText(suggested.description),
    amountMode: suggested.amount === undefined ? 'split' : 'signed',
    amount: columnText(suggested.amount),
    debit: columnText(suggested.debit),
    credit: columnText(suggested.credit),
    checkNumber: columnText(suggested.checkNumber),
    decimalComma: suggested.decimalComma,
  };
}

const columnOf = (text: string): number | undefined => (text === '' ? undefined : Number(text));

/**
 * The body of PUT …/imports/:importUuid/mapping, or what to correct: the date, the description and
 * the amount columns of the chosen mode are required, and no column does two jobs.
 */
export function prepareMapping(values: MappingValues): Prepared<CsvMapping> {
  const issues: FieldIssue[] = [];
  const roles: (keyof MappingValues)[] = [
    'date',
    'description',
    ...(values.amountMode === 'signed' ? (['amount'] as const) : (['debit', 'credit'] as const)),
  ];
  for (const role of roles)
    if (values[role] === '') issues.push({ path: [role], key: 'validation.required' });
  const used = new Map<string, keyof MappingValues>();
  for (const role of [...roles, 'checkNumber'] as const) {
    const column = values[role];
    if (typeof column !== 'string' || column === '') continue;
    if (used.has(column)) issues.push({ path: [role], key: 'reconciliationPages.mapping.columnTaken' });
    else used.set(column, role);
  }
  const body = {
    hasHeader: values.hasHeader,
    date: columnOf(values.date),
    dateFormat: values.dateFormat,
    description: columnOf(values.description),
    ...(values.amountMode === 'signed'
      ? { amount: columnOf(values.amount) }
      : { debit: columnOf(values.debit), credit: columnOf(values.credit) }),
    checkNumber: columnOf(values.checkNumber),
    decimalComma: values.decimalComma,
  };
  const prepared = prepareWith(csvMappingSchema, body, issues);
  // The schema says a missing amount column at `amount`; with two columns, the form has said which one.
  if (values.amountMode === 'signed') return prepared;
  return { ...prepared, issues: prepared.issues.filter((issue) => issue.path.join('.') !== 'amount') };
}

/** How many columns the first rows have (the widest row). */
export const columnCount = (rows: readonly (readonly string[])[]): number =>
  rows.reduce((most, row) => Math.max(most, row.length), 0);

/**
 * The choices of a column select: each column by its number, with its header's text when the
 * first row is a header, else with the first row's value as an example.
 */
export function columnOptions(
  rows: readonly (readonly string[])[],
  columnLabel: (number: number) => string,
): { value: string; label: string }[] {
  const first = rows[0] ?? [];
  return Array.from({ length: columnCount(rows) }, (_, index) => {
    const sample = (first[index] ?? '').trim();
    const label = columnLabel(index + 1);
    return { value: String(index), label: sample ? `${label} · ${sample.slice(0, 30)}` : label };
  });
}
