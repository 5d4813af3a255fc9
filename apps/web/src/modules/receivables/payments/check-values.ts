import {
  checkSchema,
  formatCents,
  type CheckInput,
  type CheckStatus,
  type CheckView,
  type FieldIssue,
  type Language,
} from '@copro/domain';
import { compareNumbers } from '../../../ui/compare';
import { searchable } from '../../../ui/format';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';

/** A check as typed on payments/checks: the amount in dollars. */
export interface CheckValues {
  unitUuid: string;
  number: string;
  amount: string;
  date: string;
  notes: string;
}

export const newCheckValues = (date: string, unitUuid = ''): CheckValues => ({
  unitUuid,
  number: '',
  amount: '',
  date,
  notes: '',
});

/** A recorded check back in the form, to correct it. */
export const checkValuesOf = (check: CheckView, language: Language): CheckValues => ({
  unitUuid: check.unitUuid,
  number: check.number,
  amount: formatCents(check.amount, language),
  date: check.date,
  notes: check.notes,
});

export function prepareCheck(values: CheckValues): Prepared<CheckInput> {
  const issues: FieldIssue[] = [];
  chosenAt(values.unitUuid, ['unitUuid'], issues);
  const amount = amountAt(values.amount, ['amount'], issues);
  return prepareWith(checkSchema, { ...values, amount }, issues);
}

/** The status filter of the list: one status, or every check. */
export type CheckStatusFilter = CheckStatus | 'all';

/**
 * The checks shown: of the status asked, found by the unit's number or the check's number
 * (ignoring case, accents and a leading "#"), oldest date first, then by unit and number.
 */
export function filterChecks(
  checks: readonly CheckView[],
  status: CheckStatusFilter,
  query: string,
): CheckView[] {
  const needle = searchable(query.trim().replace(/^#/, ''));
  return checks
    .filter((check) => status === 'all' || check.status === status)
    .filter(
      (check) =>
        needle === '' ||
        searchable(check.unitNumber).includes(needle) ||
        searchable(check.number).includes(needle),
    )
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        compareNumbers(a.unitNumber, b.unitNumber) ||
        compareNumbers(a.number, b.number),
    );
}

export const totalOf = (items: readonly { amount: number }[]): number =>
  items.reduce((sum, item) => sum + item.amount, 0);

/** DOMAIN 4: only a check waiting for its deposit can still be corrected or deleted. */
export const isEditable = (check: Pick<CheckView, 'status'>): boolean => check.status === 'recorded';
