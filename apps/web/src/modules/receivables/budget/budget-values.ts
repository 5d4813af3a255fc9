import {
  budgetInputSchema,
  formatCents,
  issuesOf,
  limits,
  parseCents,
  zeroCents,
  type BudgetInput,
  type Cents,
  type Contribution,
  type FieldIssue,
  type Language,
} from '@copro/domain';
import { appliesToValue, isSingleMember, parseAppliesTo, type AppliesToScope } from './applies-to';

/** One contribution as typed: the amount is text, the target is picked in two steps. */
export interface ContributionValues {
  name: string;
  amount: string;
  category: string;
  scope: AppliesToScope;
  target: string;
  endDate: string;
}

export interface ExpenseValues {
  amount: string;
  comment: string;
}

/** The budget form; expenses are keyed by category uuid, as the API keys them. */
export interface BudgetValues {
  contributions: ContributionValues[];
  expenses: Record<string, ExpenseValues>;
}

export const blankContribution = (category: string): ContributionValues => ({
  name: '',
  amount: '',
  category,
  scope: 'all:units',
  target: '',
  endDate: '',
});

/**
 * The form for a budget, or for a new one (starting with one contribution to the category given,
 * condo fees in practice). Every expense category gets its row, and so does any category the
 * budget already holds an amount for, so nothing saved is dropped unseen.
 */
export function budgetValues(
  content: BudgetInput | null,
  {
    expenseCategories,
    defaultCategory,
    language,
  }: {
    expenseCategories: readonly string[];
    defaultCategory: string;
    language: Language;
  },
): BudgetValues {
  const contributions = content
    ? content.contributions.map((contribution) => ({
        name: contribution.name,
        amount: formatCents(contribution.amount, language),
        category: contribution.category,
        ...parseAppliesTo(contribution.appliesTo),
        endDate: contribution.endDate ?? '',
      }))
    : [blankContribution(defaultCategory)];
  const amounts = content?.budgetedAmounts ?? {};
  const comments = content?.budgetedComments ?? {};
  const uuids = new Set([...expenseCategories, ...Object.keys(amounts), ...Object.keys(comments)]);
  const expenses = Object.fromEntries(
    [...uuids].map((uuid) => {
      const amount = amounts[uuid];
      return [
        uuid,
        { amount: amount === undefined ? '' : formatCents(amount, language), comment: comments[uuid] ?? '' },
      ];
    }),
  );
  return { contributions, expenses };
}

/** What an amount box holds: nothing, cents (zero allowed), or the key of what is wrong. */
export type TypedCents = { kind: 'empty' } | { kind: 'cents'; cents: Cents } | { kind: 'wrong'; key: string };

export function typedCents(text: string): TypedCents {
  if (text.trim() === '') return { kind: 'empty' };
  const cents = parseCents(text);
  if (cents === null) return { kind: 'wrong', key: 'budget.form.invalidAmount' };
  if (cents < 0) return { kind: 'wrong', key: 'validation.mustBePositive' };
  return { kind: 'cents', cents };
}

/** The cents of a box, 0 while it is empty or unreadable (the live totals skip what cannot be read). */
export const centsOf = (text: string): Cents => {
  const typed = typedCents(text);
  return typed.kind === 'cents' ? typed.cents : zeroCents;
};

const tooLong = (max: number) => ({ key: 'validation.tooLong', params: { max } });

function contributionIssues(values: ContributionValues, index: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (field: string, issue: Omit<FieldIssue, 'path'>) =>
    issues.push({ path: ['contributions', index, field], ...issue });
  const name = values.name.trim();
  if (name === '') at('name', { key: 'validation.required' });
  else if (name.length > limits.name) at('name', tooLong(limits.name));
  const amount = typedCents(values.amount);
  if (amount.kind !== 'cents')
    at('amount', { key: amount.kind === 'wrong' ? amount.key : 'validation.required' });
  if (values.category === '') at('category', { key: 'validation.required' });
  if (isSingleMember(values.scope) && values.target === '') at('target', { key: 'validation.required' });
  return issues;
}

function expenseIssues(values: ExpenseValues, uuid: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const amount = typedCents(values.amount);
  if (amount.kind === 'wrong') issues.push({ path: ['expenses', uuid, 'amount'], key: amount.key });
  if (values.comment.length > limits.notes)
    issues.push({ path: ['expenses', uuid, 'comment'], ...tooLong(limits.notes) });
  return issues;
}

/**
 * The typed form as the API's body, checked with the shared schema: amounts in cents, the target
 * as one value, no end date when none is set. An expense with no amount and no comment is simply
 * not budgeted.
 */
export function prepareBudget(values: BudgetValues): { input: BudgetInput | null; issues: FieldIssue[] } {
  const issues = [
    ...values.contributions.flatMap(contributionIssues),
    ...Object.entries(values.expenses).flatMap(([uuid, expense]) => expenseIssues(expense, uuid)),
  ];
  if (issues.length > 0) return { input: null, issues };
  const contributions = values.contributions.map((values): Contribution => {
    const contribution: Contribution = {
      name: values.name.trim(),
      amount: centsOf(values.amount),
      category: values.category,
      appliesTo: appliesToValue(values) ?? '',
    };
    return values.endDate === '' ? contribution : { ...contribution, endDate: values.endDate };
  });
  const budgetedAmounts: Record<string, Cents> = {};
  const budgetedComments: Record<string, string> = {};
  for (const [uuid, expense] of Object.entries(values.expenses)) {
    if (expense.amount.trim() !== '') budgetedAmounts[uuid] = centsOf(expense.amount);
    const comment = expense.comment.trim();
    if (comment !== '') budgetedComments[uuid] = comment;
  }
  // The shared schema has the last word (the number of contributions, a target's form).
  const result = budgetInputSchema.safeParse({ contributions, budgetedAmounts, budgetedComments });
  return result.success
    ? { input: result.data, issues: [] }
    : { input: null, issues: issuesOf(result.error).map((issue) => toFormIssue(issue, values)) };
}

/**
 * Where the server's issue belongs in the form: a contribution's target is one field in the
 * body but two in the form, and expenses are two maps in the body but one row per category here.
 */
export function toFormIssue(issue: FieldIssue, values: BudgetValues): FieldIssue {
  const [head, key, field, ...rest] = issue.path;
  if (head === 'contributions' && typeof key === 'number' && field === 'appliesTo') {
    const scope = values.contributions[key]?.scope ?? 'all:units';
    return { ...issue, path: ['contributions', key, isSingleMember(scope) ? 'target' : 'scope', ...rest] };
  }
  if (head === 'budgetedAmounts' && key !== undefined) return { ...issue, path: ['expenses', key, 'amount'] };
  if (head === 'budgetedComments' && key !== undefined)
    return { ...issue, path: ['expenses', key, 'comment'] };
  return issue;
}
