import {
  depositSchema,
  type CheckView,
  type DepositInput,
  type DepositView,
  type FieldIssue,
} from '@copro/domain';
import { centsOf } from '../../../ui/typed-amount';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';

/** A check written in with the deposit itself. */
export interface NewCheckLine {
  unitUuid: string;
  number: string;
  amount: string;
  date: string;
}

/** Cash handed in for a unit. */
export interface CashLine {
  unitUuid: string;
  amount: string;
}

/** The deposit being built on payments/deposits, amounts in dollars as typed. */
export interface DepositValues {
  description: string;
  number: string;
  date: string;
  bankUuid: string;
  checkUuids: string[];
  newChecks: NewCheckLine[];
  cash: CashLine[];
}

export const newDepositValues = (date: string, bankUuid: string, description: string): DepositValues => ({
  description,
  number: '',
  date,
  bankUuid,
  checkUuids: [],
  newChecks: [],
  cash: [],
});

export const blankNewCheck = (date: string): NewCheckLine => ({ unitUuid: '', number: '', amount: '', date });
export const blankCash = (): CashLine => ({ unitUuid: '', amount: '' });

/** Why a recorded check cannot go in this deposit, or null when it can. */
export type IneligibleReason = 'postDated' | 'notRecorded';

/**
 * DOMAIN 4: a deposit takes the checks still waiting for one, and a post-dated check only on or
 * after the date written on it.
 */
export function ineligibleReason(
  check: Pick<CheckView, 'status' | 'date'>,
  depositDate: string,
): IneligibleReason | null {
  if (check.status !== 'recorded') return 'notRecorded';
  if (depositDate !== '' && check.date > depositDate) return 'postDated';
  return null;
}

/** The checks still to deposit: those that can go today first, post-dated ones after, by date. */
export function pickableChecks(checks: readonly CheckView[], depositDate: string): CheckView[] {
  return checks
    .filter((check) => check.status === 'recorded')
    .sort((a, b) => {
      const aLater = ineligibleReason(a, depositDate) ? 1 : 0;
      const bLater = ineligibleReason(b, depositDate) ? 1 : 0;
      return aLater - bLater || a.date.localeCompare(b.date) || a.unitNumber.localeCompare(b.unitNumber);
    });
}

export interface DepositTotals {
  checks: number;
  newChecks: number;
  cash: number;
  total: number;
  /** Items in the deposit (checks picked, new checks and cash lines). */
  count: number;
}

/** The live totals: picked checks at their recorded amount, typed lines as far as they can be read. */
export function depositTotals(values: DepositValues, checks: readonly CheckView[]): DepositTotals {
  const picked = new Set(values.checkUuids);
  const filled = withoutBlankLines(values);
  const checksTotal = checks.filter((check) => picked.has(check.uuid)).reduce((sum, c) => sum + c.amount, 0);
  const newChecks = values.newChecks.reduce((sum, line) => sum + centsOf(line.amount), 0);
  const cash = values.cash.reduce((sum, line) => sum + centsOf(line.amount), 0);
  return {
    checks: checksTotal,
    newChecks,
    cash,
    total: checksTotal + newChecks + cash,
    // Lines added and left empty are dropped on saving: they are not items.
    count: values.checkUuids.length + filled.newChecks.length + filled.cash.length,
  };
}

const isBlank = (line: object): boolean =>
  Object.entries(line).every(([key, value]) => key === 'date' || String(value).trim() === '');

/** Lines added and left empty are dropped before the deposit is checked and saved. */
export function withoutBlankLines(values: DepositValues): DepositValues {
  const newChecks = values.newChecks.filter((line) => !isBlank(line));
  const cash = values.cash.filter((line) => !isBlank(line));
  return newChecks.length === values.newChecks.length && cash.length === values.cash.length
    ? values
    : { ...values, newChecks, cash };
}

/** The deposit's body; a picked check that can no longer go (the date moved back) is an issue. */
export function prepareDeposit(values: DepositValues, checks: readonly CheckView[]): Prepared<DepositInput> {
  const issues: FieldIssue[] = [];
  chosenAt(values.bankUuid, ['bankUuid'], issues);
  const byUuid = new Map(checks.map((check) => [check.uuid, check]));
  const tooEarly = values.checkUuids.some((uuid) => {
    const check = byUuid.get(uuid);
    return check !== undefined && ineligibleReason(check, values.date) !== null;
  });
  if (tooEarly) issues.push({ path: ['checkUuids'], key: 'payments.deposit.postDatedPicked' });
  const newChecks = values.newChecks.map((line, i) => {
    chosenAt(line.unitUuid, ['newChecks', i, 'unitUuid'], issues);
    if (line.date !== '' && values.date !== '' && line.date > values.date)
      issues.push({ path: ['newChecks', i, 'date'], key: 'payments.deposit.newCheckPostDated' });
    return { ...line, amount: amountAt(line.amount, ['newChecks', i, 'amount'], issues) };
  });
  const cash = values.cash.map((line, i) => {
    chosenAt(line.unitUuid, ['cash', i, 'unitUuid'], issues);
    return { ...line, amount: amountAt(line.amount, ['cash', i, 'amount'], issues) };
  });
  return prepareWith(depositSchema, { ...values, newChecks, cash }, issues);
}

/** A deposit's checks and cash as the list shows them: checks by unit, then cash. */
export function depositItemRows(deposit: DepositView) {
  return [...deposit.items].sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'check' ? -1 : 1) ||
      a.unitNumber.localeCompare(b.unitNumber, undefined, { numeric: true }) ||
      (a.checkNumber ?? '').localeCompare(b.checkNumber ?? '', undefined, { numeric: true }),
  );
}

/** The period and bank filters of the deposit list, as the API's query string. */
export interface DepositFilters {
  bankUuid: string;
  from: string;
  to: string;
}

export function depositQuery(filters: DepositFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.bankUuid) params.set('bankUuid', filters.bankUuid);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params.toString();
}

/** A period is usable when its end is not before its start. */
export const periodProblem = (from: string, to: string): string | null =>
  from !== '' && to !== '' && to < from ? 'validation.dateTooEarly' : null;
