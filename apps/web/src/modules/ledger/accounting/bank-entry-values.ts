import {
  dropEmpty,
  issuesOf,
  transactionInputSchema,
  zeroCents,
  type FieldIssue,
  type TransactionInput,
} from '@copro/domain';
import { bankEntryLines, bankEntryRules, bankEntryTypes, type BankEntryType } from './bank-entry-rules';
import { typedAmount } from '../../../ui/typed-amount';

/** The bank entry form as typed; accounts are held as their aid in text. */
export interface BankEntryValues {
  bank: string;
  type: BankEntryType;
  date: string;
  amount: string;
  counterpart: string;
  description: string;
}

export const isBankEntryType = (value: string): value is BankEntryType =>
  (bankEntryTypes as readonly string[]).includes(value);

// The posted lines are the bank's then the counterpart's (bankEntryLines): a line's issue goes to its field.
const fieldOfLine = ['bank', 'counterpart'] as const;

/** Where an issue about the posted body belongs in the form. */
export function toBankEntryIssue(issue: FieldIssue): FieldIssue {
  const [head, index] = issue.path;
  if (head !== 'subtransactions') return issue;
  const field = typeof index === 'number' ? fieldOfLine[index] : undefined;
  // The lines' own rules (not all zero, balanced) can only fail through the amount.
  return { ...issue, path: [field ?? 'amount'] };
}

export interface PreparedBankEntry {
  input: TransactionInput | null;
  issues: FieldIssue[];
}

/** The typed entry turned into the API's body, two balanced lines, checked with the shared schema. */
export function prepareBankEntry(values: BankEntryValues): PreparedBankEntry {
  const issues: FieldIssue[] = [];
  if (values.bank === '') issues.push({ path: ['bank'], key: 'validation.required' });
  if (values.counterpart === '') issues.push({ path: ['counterpart'], key: 'validation.required' });
  else if (values.counterpart === values.bank)
    issues.push({ path: ['counterpart'], key: 'accounting.bankEntries.sameAccount' });
  const typed = typedAmount(values.amount);
  if (typed.kind !== 'cents')
    issues.push({ path: ['amount'], key: typed.kind === 'wrong' ? typed.key : 'validation.required' });

  const amount = typed.kind === 'cents' ? typed.cents : zeroCents;
  const body = {
    date: values.date,
    description: values.description,
    kind: bankEntryRules[values.type].kind,
    taxes: [],
    indexes: [],
    subtransactions: bankEntryLines(values.type, Number(values.bank), Number(values.counterpart), amount),
  };
  const result = transactionInputSchema.safeParse(dropEmpty(body));
  if (!result.success) {
    const said = new Set(issues.map((issue) => issue.path.join('.')));
    for (const issue of issuesOf(result.error).map(toBankEntryIssue)) {
      const path = issue.path.join('.');
      // The form's own checks already said what is wrong there, in the form's words.
      if (said.has(path)) continue;
      said.add(path);
      issues.push(issue);
    }
  }
  return { input: issues.length === 0 && result.success ? result.data : null, issues };
}
