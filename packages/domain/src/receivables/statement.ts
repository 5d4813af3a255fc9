import { translate } from '../i18n/index';
import { describeTransaction, type TransactionMeaning } from '../ledger/descriptions';
import type { Language } from '../locale';
import { cents, sumCents, zeroCents } from '../money';
import type { StatementLine, StatementPeriod, StatementView } from '../schemas/receivables';
import type { UnitPosting } from './aging';

/**
 * How one of a payment's lines on the unit's account was paid: the method (a payment method,
 * SPEC 9; null when none was recorded) and the check's number when it was a check.
 */
export interface PaidBy {
  method: string | null;
  check: string | null;
}

/** A unit's posting as its statement reads it: a payment (`unitPayment`) says how it was paid. */
export interface StatementPosting extends UnitPosting {
  paidBy?: readonly PaidBy[];
}

/**
 * A statement line as computed: a payment's keeps how it was paid, a generated line what it
 * means, to be described in any language.
 */
export interface StatementEntry extends StatementLine {
  paidBy?: PaidBy[];
  meaning?: TransactionMeaning;
}

/** A statement's figures, without the unit and owners it is about. */
export type StatementFigures = Pick<
  StatementView,
  'from' | 'to' | 'openingBalance' | 'totalInvoiced' | 'totalPaid' | 'closingBalance'
> & { lines: StatementEntry[] };

const byDate = (a: UnitPosting, b: UnitPosting): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * DOMAIN 1 and 10: a unit account's statement for a period. Everything before `from` makes the
 * opening balance; each posting of the period is a line, a charge in Invoiced (a debit) or a
 * payment or credit in Paid, with the balance after it; postings after `to` are left out.
 * Postings of the same day keep their order (the ledger's, when they were entered).
 */
export function statementOf(
  postings: readonly StatementPosting[],
  period: StatementPeriod,
): StatementFigures {
  const sorted = [...postings].sort(byDate);
  const openingBalance = sumCents(sorted.filter((p) => p.date < period.from).map((p) => p.amount));
  let balance = openingBalance;
  let totalInvoiced = zeroCents;
  let totalPaid = zeroCents;
  const lines: StatementEntry[] = sorted
    .filter((p) => p.date >= period.from && p.date <= period.to)
    .map((p) => {
      const invoiced = p.amount > 0 ? p.amount : zeroCents;
      const paid = p.amount < 0 ? cents(-p.amount) : zeroCents;
      balance = cents(balance + p.amount);
      totalInvoiced = cents(totalInvoiced + invoiced);
      totalPaid = cents(totalPaid + paid);
      return {
        uuid: p.uuid,
        date: p.date,
        kind: p.kind,
        description: p.description,
        invoiced,
        paid,
        balance,
        ...(p.paidBy ? { paidBy: [...p.paidBy] } : {}),
        ...(p.meaning ? { meaning: p.meaning } : {}),
      };
    });
  return {
    from: period.from,
    to: period.to,
    openingBalance,
    lines,
    totalInvoiced,
    totalPaid,
    closingBalance: cents(openingBalance + totalInvoiced - totalPaid),
  };
}

/**
 * DOMAIN 4: a payment as the owner knows it, in `language`: "Check 501", "Checks 501, 502",
 * "Wire transfer", "Cash", or several of them for a deposit of checks and cash. Null when a line's
 * method was not recorded: the payment's own description says more then.
 */
export function paymentDescription(paidBy: readonly PaidBy[], language: Language): string | null {
  if (paidBy.length === 0 || paidBy.some((p) => p.method === null)) return null;
  const checks = paidBy.flatMap((p) => (p.check !== null ? [p.check] : []));
  const methods = [...new Set(paidBy.flatMap((p) => (p.check === null && p.method ? [p.method] : [])))];
  const [only] = checks;
  return [
    ...(only === undefined
      ? []
      : [
          checks.length === 1
            ? translate(language, 'statements.payment.check', { number: only })
            : translate(language, 'statements.payment.checks', { numbers: checks.join(', ') }),
        ]),
    ...methods.map((method) => translate(language, `admin.paymentMethods.${method}`)),
  ].join(', ');
}

/**
 * The statement read in `language`: each payment described as what it is, each line the system
 * wrote in `language` (DESIGN 3), what a user typed as typed.
 */
export function statementIn<T extends StatementFigures>(statement: T, language: Language): T {
  return {
    ...statement,
    lines: statement.lines.map((line) => ({
      ...line,
      description:
        (line.paidBy && paymentDescription(line.paidBy, language)) ??
        (line.meaning ? describeTransaction(line.meaning, language) : line.description),
    })),
  };
}
