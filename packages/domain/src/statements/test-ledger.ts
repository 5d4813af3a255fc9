import fc from 'fast-check';
import { cents, type Cents } from '../money';
import { categoryParents, funds } from '../schemas/accounts';
import type { CounterpartFlow } from './cash-flow';
import type { LedgerLine } from './general-ledger';
import type { AccountFigures, AccountMovement, StatementAccount } from './statement-accounts';

/**
 * Random books for the statements' property tests: accounts of every kind, section and fund, and
 * balanced transactions dated in a year; the figures of a period are summed from them here the
 * way the ledger's SQL sums them (opening before `from`, debits and credits from `from` to `to`).
 */

export interface TestTransaction {
  date: string;
  lines: { aid: number; amount: Cents }[];
}

export const accountArb: fc.Arbitrary<Omit<StatementAccount, 'aid' | 'name'>> = fc.oneof(
  fc.constant({ kind: 'unit', parent: null, fund: 'operating' as const }),
  fc.constant({ kind: 'supplier', parent: null, fund: 'operating' as const }),
  fc.record({ kind: fc.constant('bank'), parent: fc.constant(null), fund: fc.constantFrom(...funds) }),
  fc.record({
    kind: fc.constant('category'),
    parent: fc.constantFrom(...categoryParents),
    fund: fc.constantFrom(...funds),
  }),
);

const dateArb = fc
  .integer({ min: 0, max: 364 })
  .map((day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10));

/** Accounts (aid 1…n) and balanced transactions between them, in 2026. */
export const booksArb = fc.array(accountArb, { minLength: 2, maxLength: 12 }).chain((kinds) => {
  const accounts: StatementAccount[] = kinds.map((k, i) => ({ ...k, aid: i + 1, name: `Account ${i + 1}` }));
  const transaction = fc
    .record({
      date: dateArb,
      amounts: fc.array(
        fc.record({
          aid: fc.integer({ min: 1, max: accounts.length }),
          amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      against: fc.integer({ min: 1, max: accounts.length }),
    })
    .map(({ date, amounts, against }): TestTransaction => {
      const total = amounts.reduce((s, l) => s + l.amount, 0);
      return {
        date,
        lines: [
          ...amounts.map((l) => ({ aid: l.aid, amount: cents(l.amount) })),
          { aid: against, amount: cents(total === 0 ? 0 : -total) },
        ],
      };
    });
  return fc.record({
    accounts: fc.constant(accounts),
    transactions: fc.array(transaction, { maxLength: 30 }),
  });
});

const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

/** Each account's movements of [from, to] by month, and its balance before `from`. */
export function figuresOf(transactions: readonly TestTransaction[], from: string, to: string) {
  const opening = new Map<number, Cents>();
  const moves = new Map<string, AccountMovement>();
  for (const t of transactions) {
    if (t.date > to) continue;
    for (const line of t.lines) {
      if (t.date < from) {
        opening.set(line.aid, cents((opening.get(line.aid) ?? 0) + line.amount));
        continue;
      }
      const key = `${line.aid}:${monthOf(t.date)}`;
      const m = moves.get(key) ?? {
        aid: line.aid,
        month: monthOf(t.date),
        debits: cents(0),
        credits: cents(0),
      };
      moves.set(key, {
        ...m,
        debits: cents(m.debits + Math.max(line.amount, 0)),
        credits: cents(m.credits + Math.max(-line.amount, 0)),
      });
    }
  }
  const movements = [...moves.values()];
  const figures = new Map<number, AccountFigures>();
  const touched = new Set([...opening.keys(), ...movements.map((m) => m.aid)]);
  for (const aid of touched) {
    const own = movements.filter((m) => m.aid === aid);
    figures.set(aid, {
      opening: opening.get(aid) ?? cents(0),
      debits: cents(own.reduce((s, m) => s + m.debits, 0)),
      credits: cents(own.reduce((s, m) => s + m.credits, 0)),
    });
  }
  return { opening, movements, figures };
}

/** The lines of [from, to] on other accounts than `cash`, of the transactions touching `cash`. */
export function counterpartsOf(
  transactions: readonly TestTransaction[],
  cash: ReadonlySet<number>,
  from: string,
  to: string,
): CounterpartFlow[] {
  const flows = new Map<number, { inflow: number; outflow: number }>();
  for (const t of transactions) {
    if (t.date < from || t.date > to || !t.lines.some((l) => cash.has(l.aid))) continue;
    for (const line of t.lines) {
      if (cash.has(line.aid)) continue;
      const f = flows.get(line.aid) ?? { inflow: 0, outflow: 0 };
      flows.set(line.aid, {
        inflow: f.inflow + Math.max(-line.amount, 0),
        outflow: f.outflow + Math.max(line.amount, 0),
      });
    }
  }
  return [...flows].map(([aid, f]) => ({ aid, inflow: cents(f.inflow), outflow: cents(f.outflow) }));
}

/** Every line of [from, to] by account, then date, then entry order. */
export function ledgerLinesOf(
  transactions: readonly TestTransaction[],
  from: string,
  to: string,
): LedgerLine[] {
  const lines = transactions
    .map((t, index) => ({ t, index }))
    .filter(({ t }) => t.date >= from && t.date <= to)
    .flatMap(({ t, index }) =>
      t.lines.map((line, n) => ({ aid: line.aid, date: t.date, index, n, amount: line.amount })),
    );
  lines.sort((a, b) => a.aid - b.aid || a.date.localeCompare(b.date) || a.index - b.index || a.n - b.n);
  return lines.map((l) => ({
    aid: l.aid,
    date: l.date,
    description: `T${l.index}`,
    reference: null,
    amount: l.amount,
  }));
}
