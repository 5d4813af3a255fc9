import {
  formatJournal,
  readDescription,
  trialBalance,
  type JournalEntry,
  type Language,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { ledgerAccounts, yearPostings } from './queries';
import { centsFromSql } from '../../db/money';

/** The year's trial balance, each account with what it belongs to (DOMAIN 10). */
export async function yearTrialBalance(db: DbOrTx, scope: YearScope) {
  const postings = await yearPostings(db, scope);
  const accounts = new Map((await ledgerAccounts(db, scope)).map((a) => [a.aid, a]));
  const rows = trialBalance(
    postings.map((p) => ({
      transaction: p.uuid,
      aid: p.aid,
      amount: centsFromSql(p.amount),
      cancelled: false,
    })),
  );
  return rows.map((row) => ({ ...row, account: accounts.get(row.aid) ?? null }));
}

/**
 * The year's journal in the ledger/hledger text format: one entry per non-cancelled transaction,
 * what the system wrote in the reader's `language`.
 */
export async function yearJournal(
  db: DbOrTx,
  scope: YearScope,
  currency: string,
  language: Language,
): Promise<string> {
  const postings = await yearPostings(db, scope);
  const accounts = new Map((await ledgerAccounts(db, scope)).map((a) => [a.aid, a]));
  const entries = new Map<string, JournalEntry>();
  for (const p of postings) {
    const entry = entries.get(p.uuid) ?? {
      date: p.date,
      description: readDescription(p, language),
      kind: p.kind,
      postings: [],
    };
    entry.postings.push({ aid: p.aid, amount: centsFromSql(p.amount) });
    entries.set(p.uuid, entry);
  }
  return formatJournal([...entries.values()], accounts, currency);
}
