import type { z } from 'zod';
import {
  formatCents,
  formatPercent,
  issuesOf,
  parseCents,
  parsePercent,
  parseWholeNumber,
  penaltySchema,
  penaltyThresholdSchema,
  type FieldIssue,
  type Language,
  type PenaltyInput,
  type PenaltyKind,
  type PenaltyView,
} from '@copro/domain';
import { compareText } from '../../../ui/compare';
import { prepareWith, type Prepared } from '../../../ui/prepare';

/**
 * A penalty as its form holds it: every box is text (money in dollars, the rate in percent, the
 * grace period in days); field names are the API's, so the server's issues land under their box.
 */
export interface PenaltyFormValues extends Record<string, string> {
  name: string;
  description: string;
  categoryUuid: string;
  amount: string;
  rate: string;
  gracePeriod: string;
}

/** What each kind asks for (SPEC 3 "Penalty"); the form shows only these boxes. */
export const penaltyFields = {
  defaultLatePaymentFee: ['amount', 'gracePeriod', 'categoryUuid'],
  defaultInterests: ['rate', 'gracePeriod', 'categoryUuid'],
  defaultCheckReversalFee: ['amount', 'categoryUuid'],
  customPenalty: ['name', 'description', 'amount', 'categoryUuid'],
  customFee: ['name', 'description', 'amount', 'categoryUuid'],
} as const satisfies Record<PenaltyKind, readonly (keyof PenaltyFormValues)[]>;

export const isCustomKind = (kind: PenaltyKind): kind is 'customPenalty' | 'customFee' =>
  kind === 'customPenalty' || kind === 'customFee';

/** The form of a saved penalty, or of a new one (filed under the category given, when there is one). */
export function penaltyFormValues(
  penalty: PenaltyView | null,
  defaultCategory: string,
  language: Language,
): PenaltyFormValues {
  return {
    name: penalty?.name ?? '',
    description: penalty?.description ?? '',
    categoryUuid: penalty?.categoryUuid ?? defaultCategory,
    amount: penalty?.amount == null ? '' : formatCents(penalty.amount, language),
    rate: penalty?.rate == null ? '' : formatPercent(penalty.rate, language),
    gracePeriod: penalty?.gracePeriod == null ? '' : String(penalty.gracePeriod),
  };
}

/** Text that is no number at all is reported as such; the schema judges the numbers it gets. */
function numbers(values: PenaltyFormValues, fields: readonly string[]) {
  const issues: FieldIssue[] = [];
  const read = (
    field: 'amount' | 'rate' | 'gracePeriod',
    parse: (text: string) => number | null,
    key: string,
  ) => {
    if (!fields.includes(field)) return undefined;
    const text = values[field].trim();
    if (text === '') return undefined;
    const value = parse(text);
    if (value === null) issues.push({ path: [field], key });
    return value ?? undefined;
  };
  const amount = read('amount', parseCents, 'admin.building.invalidAmount');
  // A fee of zero is no fee: said plainly rather than as the schema's "at least 1" cent.
  if (amount !== undefined && amount <= 0)
    issues.push({ path: ['amount'], key: 'validation.mustBePositive' });
  const rate = read('rate', parsePercent, 'admin.building.invalidPercent');
  const gracePeriod = read('gracePeriod', parseWholeNumber, 'admin.building.wholeNumber');
  return { amount, rate, gracePeriod, issues };
}

/** The typed form as the API's body for that kind, validated with `penaltySchema`. */
export function preparePenalty(kind: PenaltyKind, values: PenaltyFormValues): Prepared<PenaltyInput> {
  const fields: readonly string[] = penaltyFields[kind];
  const { amount, rate, gracePeriod, issues } = numbers(values, fields);
  const text = (field: 'name' | 'description' | 'categoryUuid') =>
    fields.includes(field) && values[field].trim() !== '' ? values[field].trim() : undefined;
  const body = {
    kind,
    name: text('name'),
    description: text('description'),
    categoryUuid: text('categoryUuid'),
    amount,
    rate,
    gracePeriod,
  };
  // The uuid schema words a missing category as a malformed one: said as missing here.
  if (body.categoryUuid === undefined) issues.push({ path: ['categoryUuid'], key: 'validation.required' });
  return prepareWith(penaltySchema, body, issues);
}

/** PUT penalty-threshold: the building's minimum balance, in cents. */
export type ThresholdInput = z.input<typeof penaltyThresholdSchema>;

/** The minimum balance as typed (dollars) to the API's cents; an empty box is required. */
export function prepareThreshold(text: string): Prepared<ThresholdInput> {
  const trimmed = text.trim();
  if (trimmed === '')
    return {
      input: null,
      issues: [{ path: ['minimumUnitBalanceBeforeChargingPenalties'], key: 'validation.required' }],
    };
  const cents = parseCents(trimmed);
  if (cents === null)
    return {
      input: null,
      issues: [{ path: ['minimumUnitBalanceBeforeChargingPenalties'], key: 'admin.building.invalidAmount' }],
    };
  const result = penaltyThresholdSchema.safeParse({ minimumUnitBalanceBeforeChargingPenalties: cents });
  if (!result.success) {
    // The schema's "at least 0" has no number to show: a negative minimum is said plainly.
    const issues = issuesOf(result.error).map((issue) =>
      issue.key === 'validation.numberTooSmall'
        ? { ...issue, key: 'validation.mustBePositive', params: {} }
        : issue,
    );
    return { input: null, issues };
  }
  return { input: result.data, issues: [] };
}

/** The saved default penalties by kind, and the custom ones by name. */
export function splitPenalties(penalties: readonly PenaltyView[]): {
  defaults: Partial<Record<PenaltyKind, PenaltyView>>;
  custom: PenaltyView[];
} {
  const defaults: Partial<Record<PenaltyKind, PenaltyView>> = {};
  const custom: PenaltyView[] = [];
  for (const penalty of penalties) {
    if (isCustomKind(penalty.kind)) custom.push(penalty);
    else defaults[penalty.kind] ??= penalty;
  }
  custom.sort((a, b) => compareText(a.name ?? '', b.name ?? '') || a.createdAt.localeCompare(b.createdAt));
  return { defaults, custom };
}
