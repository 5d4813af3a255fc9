/**
 * The year's journal in the plain-text format ledger and hledger read, so an accountant can
 * check our books with those tools (issue: their balance report equals our trial balance).
 */
export interface JournalAccount {
  aid: number;
  /** units, suppliers, banks or categories. */
  collection: string | null;
  name: string;
  /** A category's parent. */
  parent: string | null;
}

export interface JournalEntry {
  date: string;
  description: string;
  kind: string;
  postings: { aid: number; amount: number }[];
}

const categoryRoots: Record<string, string> = {
  assets: 'Assets',
  'accounts-receivable': 'Assets:Receivables',
  liabilities: 'Liabilities',
  'accounts-payable': 'Liabilities:Payables',
  capital: 'Equity',
  revenues: 'Revenues',
  expenses: 'Expenses',
};

/** hledger splits names on ':' and ends them at two spaces or a tab; ';' starts a comment. */
const clean = (name: string): string =>
  name
    .replace(/[:;\t\n\r]/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim() || '?';

export function journalAccountName(account: JournalAccount): string {
  const label = `${clean(account.name)} #${account.aid}`;
  switch (account.collection) {
    case 'units':
      return `Assets:Receivables:Units:${label}`;
    case 'suppliers':
      return `Liabilities:Payables:Suppliers:${label}`;
    case 'banks':
      return `Assets:Banks:${label}`;
    case 'categories':
      return `${categoryRoots[account.parent ?? ''] ?? 'Equity'}:${label}`;
    default:
      return `Unknown:Account #${account.aid}`;
  }
}

/** Cents as a decimal with a dot, the way hledger reads amounts: 12345 → "123.45". */
export const journalAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Each account's name in the journal, computed once for a whole export. */
export const journalNames = (accounts: ReadonlyMap<number, JournalAccount>): Map<number, string> =>
  new Map([...accounts].map(([aid, account]) => [aid, journalAccountName(account)]));

/** One entry with its postings, ending with a newline; entries are separated by an empty line. */
export function formatJournalEntry(
  entry: JournalEntry,
  names: ReadonlyMap<number, string>,
  currency: string,
): string {
  let out = `${entry.date} * ${clean(entry.description)}  ; ${entry.kind}\n`;
  for (const posting of entry.postings) {
    const name =
      names.get(posting.aid) ??
      journalAccountName({ aid: posting.aid, collection: null, name: '', parent: null });
    out += `    ${name}  ${journalAmount(posting.amount)} ${currency}\n`;
  }
  return out;
}

export function formatJournal(
  entries: readonly JournalEntry[],
  accounts: ReadonlyMap<number, JournalAccount>,
  currency: string,
): string {
  const names = journalNames(accounts);
  return entries.map((entry) => formatJournalEntry(entry, names, currency)).join('\n');
}
