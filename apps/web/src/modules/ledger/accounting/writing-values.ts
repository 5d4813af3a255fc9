import {
  dropEmpty,
  issuesOf,
  subtractCents,
  subtransactionsProblem,
  transactionInputSchema,
  type Cents,
  type FieldIssue,
  type Subtransaction,
  type TransactionInput,
} from '@copro/domain';
import { centsOf, typedAmount } from '../../../ui/typed-amount';

/** One line of the general-journal form, as typed: the account's aid, and a debit or a credit. */
export interface WritingLine {
  aid: string;
  debit: string;
  credit: string;
}

/** A tax the writing carries, for the records: its code and its amount as typed. */
export interface WritingTax {
  code: string;
  amount: string;
}

export interface WritingValues {
  date: string;
  description: string;
  lines: WritingLine[];
  taxes: WritingTax[];
}

export const blankLine = (): WritingLine => ({ aid: '', debit: '', credit: '' });

/** A writing needs two lines at least, so the form starts with two. */
export const newWriting = (date: string): WritingValues => ({
  date,
  description: '',
  lines: [blankLine(), blankLine()],
  taxes: [],
});

const isBlank = (line: WritingLine): boolean =>
  line.aid === '' && line.debit.trim() === '' && line.credit.trim() === '';

/** The line's signed amount in cents: its debit, or minus its credit (the form keeps only one). */
const signedCents = (line: WritingLine): Cents => subtractCents(centsOf(line.debit), centsOf(line.credit));

export interface Balance {
  debits: number;
  credits: number;
  /** Debits minus credits: zero when the writing balances. */
  difference: number;
  /** The SPEC 5 message key while the lines cannot be posted, else null. */
  problem: string | null;
}

/** The live check under the lines: totals of what can be read, and the rule the lines break. */
export function balanceOf(lines: readonly WritingLine[]): Balance {
  const debits = lines.reduce((sum, line) => sum + centsOf(line.debit), 0);
  const credits = lines.reduce((sum, line) => sum + centsOf(line.credit), 0);
  const amounts = lines.filter((line) => !isBlank(line)).map((line) => ({ amount: signedCents(line) }));
  return { debits, credits, difference: debits - credits, problem: subtransactionsProblem(amounts) };
}

/** What is wrong with a line's boxes as typed, shown while typing. */
export function lineAmountIssues(line: WritingLine, index: number): FieldIssue[] {
  return (['debit', 'credit'] as const).flatMap((box) => {
    const typed = typedAmount(line[box]);
    return typed.kind === 'wrong' ? [{ path: ['lines', index, box], key: typed.key }] : [];
  });
}

function lineIssues(line: WritingLine, index: number): FieldIssue[] {
  const issues = lineAmountIssues(line, index);
  if (line.aid === '') issues.push({ path: ['lines', index, 'aid'], key: 'validation.required' });
  if (line.debit.trim() === '' && line.credit.trim() === '')
    issues.push({ path: ['lines', index, 'debit'], key: 'accounting.writing.lineNeedsAmount' });
  return issues;
}

function taxIssues(tax: WritingTax, index: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (tax.code === '') issues.push({ path: ['taxes', index, 'code'], key: 'validation.required' });
  const typed = typedAmount(tax.amount);
  if (typed.kind !== 'cents')
    issues.push({
      path: ['taxes', index, 'amount'],
      key: typed.kind === 'wrong' ? typed.key : 'validation.required',
    });
  return issues;
}

/**
 * Where an issue about the posted body belongs in the form: the body holds only the filled
 * lines, so `lineOf[i]` is the form line the i-th posted line came from; the lines' own rules
 * (balanced, not all zero, two at least) belong to the lines as a whole.
 */
export function toFormIssue(issue: FieldIssue, lineOf: readonly number[]): FieldIssue {
  const [head, index, ...rest] = issue.path;
  if (head !== 'subtransactions') return issue;
  const line = typeof index === 'number' ? lineOf[index] : undefined;
  return { ...issue, path: line === undefined ? ['lines'] : ['lines', line, ...rest] };
}

export interface PreparedWriting {
  /** The body to post, when the form holds no error. */
  input: TransactionInput | null;
  issues: FieldIssue[];
  /** For each posted line, the form line it came from. */
  lineOf: number[];
}

/**
 * The typed form turned into the API's body (blank lines left out, amounts in signed cents),
 * checked with the shared transaction schema.
 */
export function prepareWriting(values: WritingValues): PreparedWriting {
  const issues: FieldIssue[] = [];
  const lineOf: number[] = [];
  const subtransactions: Subtransaction[] = [];
  values.lines.forEach((line, index) => {
    if (isBlank(line)) return;
    const found = lineIssues(line, index);
    issues.push(...found);
    if (found.length > 0) return;
    subtransactions.push({ aid: Number(line.aid), amount: signedCents(line) });
    lineOf.push(index);
  });
  values.taxes.forEach((tax, index) => issues.push(...taxIssues(tax, index)));
  const body = {
    date: values.date,
    description: values.description,
    kind: 'accountantWriting',
    taxes: values.taxes.map((tax) => ({ code: tax.code, amount: centsOf(tax.amount) })),
    indexes: [],
    subtransactions,
  };
  const result = transactionInputSchema.safeParse(dropEmpty(body));
  if (!result.success) {
    const said = new Set(issues.map((issue) => issue.path.join('.')));
    const lineInError = issues.some((issue) => issue.path[0] === 'lines');
    for (const issue of issuesOf(result.error).map((i) => toFormIssue(i, lineOf))) {
      const path = issue.path.join('.');
      // The form's own checks already said what is wrong there, in the form's words.
      if (said.has(path)) continue;
      // A line in error is left out of the body, so the lines' totals would blame the wrong thing.
      if (path === 'lines' && lineInError) continue;
      said.add(path);
      issues.push(issue);
    }
  }
  return { input: issues.length === 0 && result.success ? result.data : null, issues, lineOf };
}
