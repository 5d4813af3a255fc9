import { sql } from 'drizzle-orm';
import {
  cents,
  formatJournalEntry,
  journalNames,
  readDescription,
  type JournalEntry,
  type Language,
} from '@copro/domain';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { eachBatch } from '../../db/cursor';
import { centsFromSql } from '../../db/money';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { ledgerAccounts } from './queries';

/**
 * The year's trial balance, each account with what it belongs to (DOMAIN 10), summed in the
 * database from `account_months` (a few rows per account, however many postings). An account
 * appears once it has a non-cancelled line.
 */
export async function yearTrialBalance(db: DbOrTx, scope: YearScope) {
  const rows = await rowsOf<{ aid: number; debits: string; credits: string }>(
    db,
    sql`select aid, sum(debits) as debits, sum(credits) as credits from account_months
      where building_id = ${scope.buildingId} and fiscal_year = ${scope.fiscalYear}
      group by aid having sum(postings) > 0 order by aid`,
  );
  const accounts = new Map((await ledgerAccounts(db, scope)).map((a) => [a.aid, a]));
  return rows.map((r) => {
    const debits = centsFromSql(r.debits);
    const credits = centsFromSql(r.credits);
    const aid = Number(r.aid);
    return { aid, debits, credits, balance: cents(debits - credits), account: accounts.get(aid) ?? null };
  });
}

/** Lines per cursor fetch: a batch is about a megabyte of journal. */
const journalBatch = 5000;

/**
 * The year's journal in the ledger/hledger text format: one entry per non-cancelled transaction,
 * what the system wrote in the reader's `language`. Written batch by batch from a cursor (one
 * snapshot), so memory stays flat whatever the year holds.
 */
export async function writeYearJournal(
  db: Db,
  scope: YearScope,
  currency: string,
  language: Language,
  write: (chunk: string) => Promise<void>,
): Promise<void> {
  const names = journalNames(new Map((await ledgerAccounts(db, scope)).map((a) => [a.aid, a])));
  let entry: (JournalEntry & { uuid: string }) | null = null;
  let first = true;
  const entryText = (done: JournalEntry): string => {
    const text = `${first ? '' : '\n'}${formatJournalEntry(done, names, currency)}`;
    first = false;
    return text;
  };
  await eachBatch<{
    uuid: string;
    date: string;
    description: string;
    meaning: unknown;
    kind: string;
    aid: number;
    amount: string;
  }>(
    db,
    sql`select t.uuid, t.date::text as date, t.description, t.meaning, t.kind, s.aid, s.amount
      from transactions t join subtransactions s on s.building_id = t.building_id and s.transaction_uuid = t.uuid
      where t.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear} and t.status <> 'cancelled'
      order by t.date, t.created_at, t.uuid, s.line`,
    journalBatch,
    async (rows) => {
      let chunk = '';
      for (const p of rows) {
        if (entry?.uuid !== p.uuid) {
          if (entry) chunk += entryText(entry);
          entry = {
            uuid: p.uuid,
            date: p.date,
            description: readDescription(p, language),
            kind: p.kind,
            postings: [],
          };
        }
        entry.postings.push({ aid: Number(p.aid), amount: centsFromSql(p.amount) });
      }
      await write(chunk);
    },
  );
  if (entry) await write(entryText(entry));
}
