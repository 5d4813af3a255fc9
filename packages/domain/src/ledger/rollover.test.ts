import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from '../money';
import { categoryParents, fundOf, funds } from '../schemas/accounts';
import {
  closingTargets,
  fundCapitalAccounts,
  incomeParents,
  openingLines,
  type ClosingCategory,
} from './rollover';

const targets = [100, 101, 102];

/** Closing balances of a year that balanced: random accounts, the last one evening the sum out. */
const closingArb = fc
  .array(
    fc.record({
      aid: fc.integer({ min: 1, max: 30 }),
      balance: fc.integer({ min: -1e9, max: 1e9 }).map(cents),
      closesInto: fc.option(fc.constantFrom(...targets)),
    }),
    { maxLength: 30 },
  )
  .chain((accounts) =>
    // The targets are capital accounts: some of them hold a balance of their own.
    fc.subarray(targets).map((own) => {
      const unique = [...new Map(accounts.map((a) => [a.aid, a])).values()];
      const withTargets = [
        ...unique,
        ...own.map((aid) => ({ aid, balance: cents(aid * 7), closesInto: null })),
      ];
      const sum = withTargets.reduce((s, a) => s + a.balance, 0);
      return [...withTargets, { aid: 31, balance: cents(0 - sum), closesInto: null }];
    }),
  );

describe('opening balances', () => {
  it('carry every balance-sheet account, close income into its target, and sum to zero', () => {
    fc.assert(
      fc.property(closingArb, (closing) => {
        const lines = openingLines(closing);
        expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
        const amountOf = (aid: number) => lines.find((l) => l.aid === aid)?.amount ?? 0;
        for (const account of closing.filter((a) => !targets.includes(a.aid))) {
          expect(amountOf(account.aid)).toBe(account.closesInto === null ? account.balance : 0);
        }
        for (const target of targets) {
          const own = closing.find((a) => a.aid === target)?.balance ?? 0;
          const closed = closing.filter((a) => a.closesInto === target).reduce((s, a) => s + a.balance, 0);
          expect(amountOf(target)).toBe(own + closed);
        }
        expect(lines.every((l) => l.amount !== 0)).toBe(true);
        expect(lines.map((l) => l.aid)).toEqual([...lines.map((l) => l.aid)].sort((a, b) => a - b));
      }),
    );
  });
});

const systemKeys = [
  null,
  'accumulatedSurplus',
  'contingencyFund',
  'selfInsuranceFund',
  'contingencyFundContributions',
  'condoFees',
];

/**
 * A chart: random categories of every parent and fund, aids unique, each system key used at most
 * once. The accumulated surplus is the operating fund's capital account, as the default chart
 * makes it; the other default accounts may have been moved to any fund.
 */
const chartArb = fc
  .uniqueArray(
    fc.record({
      aid: fc.integer({ min: 1, max: 40 }),
      parent: fc.constantFrom(...categoryParents),
      fund: fc.option(fc.constantFrom(...funds)),
      systemKey: fc.constantFrom(...systemKeys),
      archived: fc.boolean(),
    }),
    { selector: (c) => c.aid, minLength: 1, maxLength: 25 },
  )
  .map((categories) =>
    categories.map((c, i) => {
      if (c.systemKey && categories.findIndex((o) => o.systemKey === c.systemKey) !== i) {
        return { ...c, systemKey: null };
      }
      return c.systemKey === 'accumulatedSurplus' ? { ...c, parent: 'capital' as const, fund: null } : c;
    }),
  );

/** The chart with a year's closing balances that sum to zero (the last account evens them out). */
const yearArb = chartArb.chain((categories) =>
  fc
    .array(fc.integer({ min: -1e9, max: 1e9 }), {
      minLength: categories.length,
      maxLength: categories.length,
    })
    .map((amounts) => {
      const sum = amounts.slice(0, -1).reduce((s, a) => s + a, 0);
      const balances = categories.map((c, i) => ({
        aid: c.aid,
        balance: cents(i === categories.length - 1 ? 0 - sum : (amounts[i] ?? 0)),
      }));
      return { categories, balances };
    }),
);

const chart = (...categories: (Partial<ClosingCategory> & { aid: number; parent: string })[]) =>
  categories.map((c) => ({ archived: false, ...c }));

describe('closing targets', () => {
  it('close each fund into its own capital account, the default chart’s first', () => {
    const categories = chart(
      { aid: 1, parent: 'capital', systemKey: 'accumulatedSurplus' },
      // The fund's other capital account, with a lower number than the default chart's: not chosen.
      { aid: 2, parent: 'capital', fund: 'contingency' },
      { aid: 10, parent: 'capital', systemKey: 'contingencyFund', fund: 'contingency' },
      { aid: 3, parent: 'capital', systemKey: 'selfInsuranceFund', fund: 'selfInsurance' },
      { aid: 4, parent: 'revenues', systemKey: 'condoFees' },
      { aid: 5, parent: 'revenues', systemKey: 'contingencyFundContributions', fund: 'contingency' },
      { aid: 6, parent: 'expenses', fund: 'contingency' },
      { aid: 7, parent: 'expenses' },
      { aid: 8, parent: 'revenues', systemKey: 'selfInsuranceFundContributions' },
      { aid: 9, parent: 'assets', fund: 'contingency' },
    );
    expect(closingTargets(categories)).toEqual(
      new Map([
        [4, 1],
        [5, 10],
        [6, 10],
        [7, 1],
        [8, 3],
      ]),
    );
  });

  it('fall back to a live capital account of the fund, then to the operating fund’s', () => {
    const categories = chart(
      { aid: 1, parent: 'capital', systemKey: 'accumulatedSurplus' },
      // The default contingency account moved to the operating fund, and one archived.
      { aid: 2, parent: 'capital', systemKey: 'contingencyFund', fund: 'operating' },
      { aid: 3, parent: 'capital', fund: 'contingency', archived: true },
      { aid: 5, parent: 'capital', fund: 'contingency' },
      { aid: 4, parent: 'capital', fund: 'contingency' },
    );
    expect(fundCapitalAccounts(categories)).toEqual({ operating: 1, contingency: 4, selfInsurance: 1 });
    // Without a live one, the archived one still keeps the fund's money in the fund.
    expect(fundCapitalAccounts(categories.filter((c) => c.aid < 4)).contingency).toBe(3);
    // Without an accumulated surplus, the operating fund's own capital account; without one, nothing.
    expect(fundCapitalAccounts(categories.filter((c) => c.aid !== 1)).operating).toBe(2);
    expect(
      closingTargets(
        chart({ aid: 1, parent: 'revenues' }, { aid: 2, parent: 'capital', fund: 'contingency' }),
      ),
    ).toEqual(new Map([[1, null]]));
  });

  it('carry each fund’s equity into the new year, its result closed into its own capital account', () => {
    fc.assert(
      fc.property(yearArb, ({ categories, balances }) => {
        const closesInto = closingTargets(categories);
        const capital = fundCapitalAccounts(categories);
        const fundOfAid = new Map(categories.map((c) => [c.aid, fundOf(c)]));
        const fundAt = (aid: number) => fundOfAid.get(aid) ?? 'operating';
        for (const c of categories) {
          expect(closesInto.has(c.aid)).toBe(incomeParents.includes(c.parent));
        }
        for (const fund of funds) {
          const own = categories.filter((c) => c.parent === 'capital' && fundOf(c) === fund);
          const target = capital[fund];
          // A fund with a capital account of its own closes there, a live one when it has one (the
          // operating fund: the accumulated surplus, as it always did, even archived).
          if (own.length > 0) {
            expect(target === null ? undefined : fundAt(target), fund).toBe(fund);
            const chosen = categories.find((c) => c.aid === target);
            expect(chosen?.parent).toBe('capital');
            const surplus = fund === 'operating' && chosen?.systemKey === 'accumulatedSurplus';
            if (!surplus && own.some((c) => !c.archived)) expect(chosen?.archived).toBe(false);
          } else if (fund !== 'operating') {
            expect(target).toBe(capital.operating);
          }
        }
        if (capital.operating === null) return;
        const lines = openingLines(
          balances.map((b) => ({ ...b, closesInto: closesInto.get(b.aid) ?? null })),
        );
        expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
        expect(lines.some((l) => closesInto.has(l.aid))).toBe(false);
        // Each fund opens with its closing equity: its balance-sheet accounts, plus the results of
        // the funds that close into one of its accounts (its own; others only when they have none).
        const home = (fund: (typeof funds)[number]) => fundAt(capital[fund] ?? 0);
        for (const fund of funds) {
          const expected = balances
            .filter((b) => (closesInto.has(b.aid) ? home(fundAt(b.aid)) === fund : fundAt(b.aid) === fund))
            .reduce((s, b) => s + b.balance, 0);
          const opened = lines.filter((l) => fundAt(l.aid) === fund).reduce((s, l) => s + l.amount, 0);
          expect(opened, fund).toBe(expected);
        }
      }),
    );
  });
});
