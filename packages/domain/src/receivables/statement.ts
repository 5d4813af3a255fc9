import type { StatementLine, StatementPeriod, StatementView } from '../schemas/receivables';
import type { UnitPosting } from './aging';

/** A statement's figures, without the unit and owners it is about. */
export type StatementFigures = Pick<
  StatementView,
  'from' | 'to' | 'openingBalance' | 'lines' | 'totalInvoiced' | 'totalPaid' | 'closingBalance'
>;

const byDate = (a: UnitPosting, b: UnitPosting): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * DOMAIN 1 and 10: a unit account's statement for a period. Everything before `from` makes the
 * opening balance; each posting of the period is a line, a charge in Invoiced (a debit) or a
 * payment or credit in Paid, with the balance after it; postings after `to` are left out.
 * Postings of the same day keep their order (the ledger's, when they were entered).
 */
export function statementOf(postings: readonly UnitPosting[], period: StatementPeriod): StatementFigures {
  const sorted = [...postings].sort(byDate);
  const openingBalance = sorted.filter((p) => p.date < period.from).reduce((sum, p) => sum + p.amount, 0);
  let balance = openingBalance;
  let totalInvoiced = 0;
  let totalPaid = 0;
  const lines: StatementLine[] = sorted
    .filter((p) => p.date >= period.from && p.date <= period.to)
    .map((p) => {
      const invoiced = p.amount > 0 ? p.amount : 0;
      const paid = p.amount < 0 ? -p.amount : 0;
      balance += p.amount;
      totalInvoiced += invoiced;
      totalPaid += paid;
      return {
        uuid: p.uuid,
        date: p.date,
        kind: p.kind,
        description: p.description,
        invoiced,
        paid,
        balance,
      };
    });
  return {
    from: period.from,
    to: period.to,
    openingBalance,
    lines,
    totalInvoiced,
    totalPaid,
    closingBalance: openingBalance + totalInvoiced - totalPaid,
  };
}
