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

export function formatJournal(
  entries: readonly JournalEntry[],
  accounts: ReadonlyMap<number, JournalAccount>,
  currency: string,
): string {
  const out: string[] = [];
  for (const entry of entries) {
    out.push(`${entry.date} * ${clean(entry.description)}  ; ${entry.kind}`);
    for (const posting of entry.postings) {
      const account = accounts.get(posting.aid) ?? {
        aid: posting.aid,
        collection: null,
        name: '',
        parent: null,
      };
      out.push(`    ${journalAccountName(account)}  ${journalAmount(posting.amount)} ${currency}`);
    }
    out.push('');
  }
  return out.join('\n');
}
