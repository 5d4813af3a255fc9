import {
  formatCents,
  newPeriodSchema,
  parseCents,
  periodEditSchema,
  type BankReconciliation,
  type Cents,
  type FieldIssue,
  type Language,
  type NewPeriodInput,
  type PeriodEditInput,
  type ReconciliationPeriod,
} from '@copro/domain';
import { prepareWith, type Prepared } from '../../ui/prepare';

/**
 * The forms of a period (DOMAIN 9): a new one, proposed by the server (`next`), and an open one's
 * end date and balances. Balances may be below zero (an overdrawn account), so they are read as
 * signed amounts. A bank's first period alone takes a typed start and starting balance; later
 * ones start where the previous one ended.
 */
export interface PeriodValues {
  periodStart: string;
  periodEnd: string;
  startingBalance: string;
  closingBalance: string;
}

export const newPeriodValues = (next: BankReconciliation['next'], language: Language): PeriodValues => ({
  periodStart: next.periodStart,
  periodEnd: next.periodEnd,
  startingBalance: formatCents(next.startingBalance, language),
  closingBalance: '',
});

export const editPeriodValues = (period: ReconciliationPeriod, language: Language): PeriodValues => ({
  periodStart: period.periodStart,
  periodEnd: period.periodEnd,
  startingBalance: formatCents(period.startingBalance, language),
  closingBalance: period.closingBalance === null ? '' : formatCents(period.closingBalance, language),
});

/** A signed amount typed in dollars, as cents; '' is none; what cannot be read adds its issue. */
function signedAt(
  text: string,
  path: string,
  issues: FieldIssue[],
  required: boolean,
): Cents | null | undefined {
  if (text.trim() === '') {
    if (required) issues.push({ path: [path], key: 'validation.required' });
    return null;
  }
  const amount = parseCents(text);
  if (amount === null) {
    issues.push({ path: [path], key: 'accounting.invalidAmount' });
    return undefined;
  }
  return amount;
}

/** Both dates, the end after the start: the end is exclusive, a period of no day holds nothing. */
function dateIssues(values: PeriodValues, startEditable: boolean, issues: FieldIssue[]): void {
  if (startEditable && values.periodStart === '')
    issues.push({ path: ['periodStart'], key: 'validation.required' });
  if (values.periodEnd === '') issues.push({ path: ['periodEnd'], key: 'validation.required' });
  else if (values.periodStart !== '' && values.periodEnd <= values.periodStart)
    issues.push({ path: ['periodEnd'], key: 'reconciliationPages.period.endAfterStart' });
}

/** The body of POST …/periods, or what to correct. */
export function prepareNewPeriod(values: PeriodValues, startEditable: boolean): Prepared<NewPeriodInput> {
  const issues: FieldIssue[] = [];
  dateIssues(values, startEditable, issues);
  const startingBalance = startEditable
    ? signedAt(values.startingBalance, 'startingBalance', issues, true)
    : null;
  const closingBalance = signedAt(values.closingBalance, 'closingBalance', issues, false);
  return prepareWith(
    newPeriodSchema,
    {
      ...(startEditable ? { periodStart: values.periodStart, startingBalance } : {}),
      periodEnd: values.periodEnd,
      closingBalance,
    },
    issues,
  );
}

/**
 * The body of PUT …/periods/:periodUuid: the end date and the closing balance (emptied, it is
 * cleared: null), and the starting balance of a bank's first period.
 */
export function preparePeriodEdit(values: PeriodValues, first: boolean): Prepared<PeriodEditInput> {
  const issues: FieldIssue[] = [];
  dateIssues(values, false, issues);
  const startingBalance = first ? signedAt(values.startingBalance, 'startingBalance', issues, true) : null;
  const closingBalance = signedAt(values.closingBalance, 'closingBalance', issues, false);
  // The schema's check drops empty values, so the cleared balance is put back once it passed.
  const prepared = prepareWith(
    periodEditSchema,
    { periodEnd: values.periodEnd, closingBalance, ...(first ? { startingBalance } : {}) },
    issues,
  );
  if (!prepared.input) return prepared;
  return { input: { ...prepared.input, closingBalance: closingBalance ?? null }, issues: [] };
}
