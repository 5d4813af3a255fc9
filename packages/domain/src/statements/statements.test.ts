import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { funds } from '../schemas/accounts';
import { fundFilters } from '../schemas/statements';
import { balanceSheet } from './balance-sheet';
import { budgetBetween, budgetMonths } from './budget-months';
import { cashFlow, isCash } from './cash-flow';
import { previousPeriod } from './comparative';
import { fundPositions, fundsStatement } from './funds';
import { generalLedger } from './general-ledger';
import { incomeStatement } from './income-statement';
import { closingOf, inFund, sectionOf, type StatementAccount } from './statement-accounts';
import { booksArb, counterpartsOf, figuresOf, ledgerLinesOf } from './test-ledger';
import { trialBalanceStatement } from './trial-balance';

const periodArb = fc
  .tuple(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 364 }))
  .map(([a, b]) =>
    [Math.min(a, b), Math.max(a, b)].map((d) =>
      new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10),
    ),
  )
  .map(([from = '2026-01-01', to = '2026-12-31']) => ({ from, to }));

describe('balance sheet', () => {
  it('balances over all funds, and each fund balances with its interfund balance; those add up to zero', () => {
    fc.assert(
      fc.property(booksArb, periodArb, ({ accounts, transactions }, { to }) => {
        const { figures } = figuresOf(transactions, '2026-01-01', to);
        const all = balanceSheet(accounts, figures, 'all');
        expect(all.interfund).toBe(0);
        expect(all.assets).toBe(all.liabilitiesAndCapital);
        let interfund = 0;
        for (const fund of funds) {
          const sheet = balanceSheet(accounts, figures, fund);
          expect(sheet.assets).toBe(sheet.liabilitiesAndCapital);
          interfund += sheet.interfund;
        }
        expect(interfund).toBe(0);
      }),
    );
  });

  it('sums each section and shows the year’s surplus (revenues − expenses)', () => {
    const accounts: StatementAccount[] = [
      { aid: 1, kind: 'bank', parent: null, fund: 'operating', name: 'Operating' },
      { aid: 2, kind: 'bank', parent: null, fund: 'contingency', name: 'Contingency bank' },
      { aid: 3, kind: 'unit', parent: null, fund: 'operating', name: 'Unit 101' },
      { aid: 4, kind: 'unit', parent: null, fund: 'operating', name: 'Unit 102' },
      { aid: 5, kind: 'supplier', parent: null, fund: 'operating', name: 'Snow' },
      { aid: 6, kind: 'category', parent: 'revenues', fund: 'operating', name: 'Fees' },
      {
        aid: 7,
        kind: 'category',
        parent: 'revenues',
        fund: 'contingency',
        name: 'Contingency contributions',
      },
      { aid: 8, kind: 'category', parent: 'expenses', fund: 'operating', name: 'Snow removal' },
      { aid: 9, kind: 'category', parent: 'capital', fund: 'contingency', name: 'Contingency fund' },
    ];
    const f = (opening: number, debits: number, credits: number) => ({
      opening: cents(opening),
      debits: cents(debits),
      credits: cents(credits),
    });
    const figures = new Map([
      [1, f(0, 90_000, 30_000)], // 600.00 in the operating bank
      [2, f(50_000, 0, 0)], // 500.00 in the contingency bank
      [3, f(0, 100_000, 90_000)], // unit 101 owes 100.00
      [4, f(0, 10_000, 0)], // unit 102 owes 100.00
      [5, f(0, 30_000, 40_000)], // the supplier is owed 100.00
      [6, f(0, 0, 100_000)],
      [7, f(0, 0, 10_000)],
      [8, f(0, 40_000, 0)],
      [9, f(-50_000, 0, 0)],
    ]);
    const sheet = balanceSheet(accounts, figures, 'all');
    expect(sheet.parts.map((p) => [p.section, p.lines.map((l) => [l.key, l.amount]), p.total])).toEqual([
      [
        'banks',
        [
          ['aid:1', 60_000],
          ['aid:2', 50_000],
        ],
        110_000,
      ],
      ['receivables', [['units', 20_000]], 20_000],
      ['otherAssets', [], 0],
      ['payables', [['suppliers', 10_000]], 10_000],
      ['otherLiabilities', [], 0],
      ['capital', [['aid:9', 50_000]], 50_000],
    ]);
    expect(sheet.surplus).toBe(70_000);
    expect(sheet.assets).toBe(130_000);
    expect(sheet.liabilitiesAndCapital).toBe(130_000);
    // The contingency fund: its bank (500) and capital (500) and its contribution (100), billed to a
    // unit of the operating fund: the operating fund owes it 100.
    const contingency = balanceSheet(accounts, figures, 'contingency');
    expect(contingency.interfund).toBe(10_000);
    expect(contingency.assets).toBe(60_000);
    expect(balanceSheet(accounts, figures, 'operating').interfund).toBe(-10_000);
  });
});

describe('trial balance', () => {
  it('balances over all funds: debits = credits, openings and closings add up to zero', () => {
    fc.assert(
      fc.property(booksArb, periodArb, ({ accounts, transactions }, { from, to }) => {
        const { figures } = figuresOf(transactions, from, to);
        const balance = trialBalanceStatement(accounts, figures, 'all');
        expect(balance.balanced).toBe(true);
        for (const line of balance.lines)
          expect(line.closing).toBe(line.opening + line.debits - line.credits);
      }),
    );
  });

  it('lists one fund’s accounts only, in the statements’ order', () => {
    fc.assert(
      fc.property(booksArb, ({ accounts, transactions }) => {
        const { figures } = figuresOf(transactions, '2026-01-01', '2026-12-31');
        for (const fund of funds) {
          const lines = trialBalanceStatement(accounts, figures, fund).lines;
          expect(lines.every((l) => l.account.fund === fund)).toBe(true);
        }
      }),
    );
  });
});

describe('cash flow', () => {
  it('ends with what the bank accounts hold: opening + money in − money out, for every fund filter', () => {
    fc.assert(
      fc.property(booksArb, periodArb, ({ accounts, transactions }, { from, to }) => {
        const { figures } = figuresOf(transactions, from, to);
        for (const fund of fundFilters) {
          const cash = new Set(accounts.filter((a) => isCash(a, fund)).map((a) => a.aid));
          const flow = cashFlow(accounts, figures, counterpartsOf(transactions, cash, from, to), fund);
          expect(flow.closing).toBe(flow.opening + flow.inflow - flow.outflow);
          expect(flow.balanced).toBe(true);
          expect(flow.groups.reduce((s, g) => s + g.net, 0)).toBe(flow.net);
        }
      }),
    );
  });

  it('groups the co-owners and the suppliers on one line each, categories by section', () => {
    const accounts: StatementAccount[] = [
      { aid: 1, kind: 'bank', parent: null, fund: 'operating', name: 'Operating' },
      { aid: 2, kind: 'unit', parent: null, fund: 'operating', name: 'Unit 101' },
      { aid: 3, kind: 'unit', parent: null, fund: 'operating', name: 'Unit 102' },
      { aid: 4, kind: 'category', parent: 'expenses', fund: 'operating', name: 'Bank fees' },
      { aid: 5, kind: 'bank', parent: null, fund: 'contingency', name: 'Contingency bank' },
    ];
    const figures = new Map([[1, { opening: cents(1_000), debits: cents(5_000), credits: cents(1_200) }]]);
    const flow = cashFlow(
      accounts,
      figures,
      [
        { aid: 2, inflow: cents(3_000), outflow: cents(0) },
        { aid: 3, inflow: cents(2_000), outflow: cents(0) },
        { aid: 4, inflow: cents(0), outflow: cents(200) },
        { aid: 5, inflow: cents(0), outflow: cents(1_000) },
      ],
      'operating',
    );
    expect(flow.groups.map((g) => [g.group, g.lines.map((l) => l.key), g.net])).toEqual([
      ['units', ['units'], 5_000],
      ['expenses', ['aid:4'], -200],
      ['banks', ['aid:5'], -1_000],
    ]);
    expect(flow.closing).toBe(4_800);
    expect(flow.balanced).toBe(true);
  });
});

describe('funds', () => {
  it('each fund closes at opening + contributions − expenses + transfers, which is what its own accounts and the others hold for it', () => {
    fc.assert(
      fc.property(booksArb, periodArb, ({ accounts, transactions }, { from, to }) => {
        const { figures } = figuresOf(transactions, from, to);
        const positions = fundPositions(accounts, figures);
        expect(positions.reduce((s, p) => s + p.heldElsewhere, 0)).toBe(0);
        for (const p of positions) {
          const equity = accounts
            .filter((a) => a.fund === p.fund && ['capital', 'revenues', 'expenses'].includes(sectionOf(a)))
            .reduce(
              (s, a) =>
                s -
                closingOf(figures.get(a.aid) ?? { opening: cents(0), debits: cents(0), credits: cents(0) }),
              0,
            );
          expect(p.closing).toBe(equity);
          // A fund's money held elsewhere is what its balance sheet shows as due from other funds.
          const { figures: atEnd } = figuresOf(transactions, '2026-01-01', to);
          expect(balanceSheet(accounts, atEnd, p.fund).interfund).toBe(
            fundPositions(accounts, atEnd).find((q) => q.fund === p.fund)?.heldElsewhere,
          );
        }
      }),
    );
  });

  it('warns when a fund’s money is in another fund’s accounts, and when the contingency fund is under 5%', () => {
    const accounts: StatementAccount[] = [
      { aid: 1, kind: 'bank', parent: null, fund: 'operating', name: 'Operating' },
      { aid: 2, kind: 'bank', parent: null, fund: 'contingency', name: 'Contingency bank' },
      { aid: 3, kind: 'category', parent: 'revenues', fund: 'operating', name: 'Fees' },
      {
        aid: 4,
        kind: 'category',
        parent: 'revenues',
        fund: 'contingency',
        name: 'Contingency contributions',
      },
    ];
    // 960 of fees and 40 of contingency contributions, all deposited in the operating account.
    const figures = new Map([
      [1, { opening: cents(0), debits: cents(100_000), credits: cents(0) }],
      [3, { opening: cents(0), debits: cents(0), credits: cents(96_000) }],
      [4, { opening: cents(0), debits: cents(0), credits: cents(4_000) }],
    ]);
    const budget = budgetMonths('2026-01-01', [
      { aid: 3, amount: cents(1_152_000) },
      { aid: 4, amount: cents(48_000) },
    ]);
    const statement = fundsStatement({
      accounts,
      figures,
      budget,
      from: '2026-01-01',
      to: '2026-01-31',
      fund: 'all',
    });
    expect(statement.funds.map((p) => [p.fund, p.closing, p.bankHoldings, p.heldElsewhere])).toEqual([
      ['operating', 96_000, 100_000, -4_000],
      ['contingency', 4_000, 0, 4_000],
      ['selfInsurance', 0, 0, 0],
    ]);
    expect(statement.contingency).toEqual({
      budgeted: 4_000,
      received: 4_000,
      annualContingency: 48_000,
      annualContributions: 1_200_000,
      share: 0.04,
      underMinimum: true,
    });
    expect(statement.warnings).toEqual([
      { kind: 'moneyElsewhere', fund: 'contingency', amount: 4_000 },
      { kind: 'contingencyUnderMinimum', share: 0.04 },
    ]);
    // The operating fund's own statement names its side of it.
    expect(
      fundsStatement({ accounts, figures, budget, from: '2026-01-01', to: '2026-01-31', fund: 'operating' })
        .warnings,
    ).toEqual([{ kind: 'holdsOtherFunds', fund: 'operating', amount: 4_000 }]);
  });
});

describe('budget by month', () => {
  it('spreads each annual amount over the months it bills, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 12 }), (amount, months) => {
        const end = `2026-${String(months).padStart(2, '0')}-15`;
        const budget = budgetMonths('2026-01-01', [
          { aid: 1, amount: cents(amount), endDate: end },
          { aid: 2, amount: cents(amount) },
        ]);
        const exceptional = budget.byAccount.get(1) ?? [];
        expect(exceptional.reduce((s, v) => s + v, 0)).toBe(amount);
        expect(exceptional.slice(months).every((v) => v === 0)).toBe(true);
        expect(budgetBetween(budget, 2, '2026-01-01', '2026-12-31')).toBe(amount);
        expect(
          budgetBetween(budget, 2, '2026-01-01', '2026-06-30') +
            budgetBetween(budget, 2, '2026-07-01', '2026-12-31'),
        ).toBe(amount);
      }),
    );
  });

  it('counts the whole month of a period that touches it', () => {
    const budget = budgetMonths('2026-01-01', [{ aid: 1, amount: cents(120_000) }]);
    expect(budgetBetween(budget, 1, '2026-03-15', '2026-04-02')).toBe(20_000);
    expect(budgetBetween(budget, 9, '2026-01-01', '2026-12-31')).toBe(0);
  });
});

describe('income statement', () => {
  const accounts: StatementAccount[] = [
    { aid: 1, kind: 'category', parent: 'revenues', fund: 'operating', name: 'Fees' },
    { aid: 2, kind: 'category', parent: 'revenues', fund: 'contingency', name: 'Contingency contributions' },
    { aid: 3, kind: 'category', parent: 'expenses', fund: 'operating', name: 'Snow removal' },
    { aid: 4, kind: 'category', parent: 'expenses', fund: 'operating', name: 'Insurance' },
    { aid: 5, kind: 'bank', parent: null, fund: 'operating', name: 'Bank' },
  ];
  const m = (aid: number, month: string, debits: number, credits: number) => ({
    aid,
    month,
    debits: cents(debits),
    credits: cents(credits),
  });
  const movements = [
    m(1, '2026-01-01', 0, 100_000),
    m(1, '2026-02-01', 0, 100_000),
    m(2, '2026-01-01', 0, 5_000),
    m(2, '2026-02-01', 0, 5_000),
    m(3, '2026-01-01', 30_000, 0),
    m(3, '2026-02-01', 50_000, 5_000),
    m(5, '2026-02-01', 5_000, 0),
  ];
  const budget = budgetMonths('2026-01-01', [
    { aid: 1, amount: cents(1_200_000) },
    { aid: 2, amount: cents(60_000) },
    { aid: 3, amount: cents(240_000) },
    { aid: 4, amount: cents(120_000) },
  ]);

  it('shows the month, the year to date, the budget, the variance and the share of the annual budget used', () => {
    const s = incomeStatement({
      accounts,
      movements,
      from: '2026-01-01',
      to: '2026-02-20',
      budget,
      fund: 'all',
    });
    expect(s.month).toBe('2026-02-01');
    const line = (aid: number) =>
      [...s.revenues.lines, ...s.expenses.lines].find((l) => l.account.aid === aid);
    expect(line(1)).toMatchObject({
      month: 100_000,
      period: 200_000,
      monthBudget: 100_000,
      periodBudget: 200_000,
      variance: 0,
      annualBudget: 1_200_000,
    });
    expect(line(3)).toMatchObject({
      month: 45_000,
      period: 75_000,
      periodBudget: 40_000,
      variance: -35_000,
      annualBudget: 240_000,
      used: 0.3125,
    });
    // Budgeted but not spent: listed, all its budget in its favour.
    expect(line(4)).toMatchObject({ period: 0, periodBudget: 20_000, variance: 20_000, used: 0 });
    expect(s.revenues.totals).toMatchObject({ period: 210_000, periodBudget: 210_000, variance: 0 });
    expect(s.expenses.totals).toMatchObject({ period: 75_000, periodBudget: 60_000, variance: -15_000 });
    expect(s.surplus).toMatchObject({
      month: 60_000,
      period: 135_000,
      periodBudget: 150_000,
      variance: -15_000,
    });
    expect(s.months).toEqual([
      { month: '2026-01-01', revenues: 105_000, expenses: 30_000 },
      { month: '2026-02-01', revenues: 105_000, expenses: 45_000 },
    ]);
  });

  it('keeps one fund’s categories and budget; without a budget, no budget columns', () => {
    const s = incomeStatement({
      accounts,
      movements,
      from: '2026-01-01',
      to: '2026-02-28',
      budget: null,
      fund: 'contingency',
    });
    expect(s.revenues.lines.map((l) => l.account.aid)).toEqual([2]);
    expect(s.expenses.lines).toEqual([]);
    expect(s.surplus).toMatchObject({ period: 10_000, periodBudget: null, variance: null, used: null });
  });

  it('makes the surplus the income accounts’ change, for any books', () => {
    fc.assert(
      fc.property(booksArb, periodArb, ({ accounts: random, transactions }, { from, to }) => {
        const { movements: moved, figures } = figuresOf(transactions, from, to);
        for (const fund of fundFilters) {
          const s = incomeStatement({ accounts: random, movements: moved, from, to, budget: null, fund });
          const change = random
            .filter((a) => inFund(a, fund) && ['revenues', 'expenses'].includes(sectionOf(a)))
            .reduce((sum, a) => {
              const f = figures.get(a.aid);
              return f ? sum + f.credits - f.debits : sum;
            }, 0);
          expect(s.surplus.period).toBe(change);
          expect(s.months.reduce((sum, month) => sum + month.revenues - month.expenses, 0)).toBe(change);
        }
      }),
    );
  });
});

describe('general ledger', () => {
  it('runs each account’s balance from its opening to its closing', () => {
    fc.assert(
      fc.property(booksArb, periodArb, ({ accounts, transactions }, { from, to }) => {
        const { figures } = figuresOf(transactions, from, to);
        const ledger = generalLedger(accounts, figures, ledgerLinesOf(transactions, from, to), 'all', true);
        for (const account of ledger.accounts) {
          const last = account.lines.at(-1)?.balance ?? account.opening;
          expect(last).toBe(account.closing);
          expect(account.lines.reduce((s, l) => s + Math.max(l.amount, 0), 0)).toBe(account.debits);
        }
      }),
    );
  });

  it('ends a cut document at the last account it reached', () => {
    const accounts: StatementAccount[] = [1, 2, 3].map((aid) => ({
      aid,
      kind: 'bank',
      parent: null,
      fund: 'operating',
      name: `B${aid}`,
    }));
    const figures = new Map(
      accounts.map((a) => [a.aid, { opening: cents(0), debits: cents(300), credits: cents(0) }]),
    );
    const lines = [1, 1, 1, 2].map((aid) => ({
      aid,
      date: '2026-01-02',
      description: '',
      reference: null,
      amount: cents(100),
    }));
    const ledger = generalLedger(accounts, figures, lines, 'all', false);
    expect(ledger.accounts.map((a) => [a.account.aid, a.lines.length, a.closing])).toEqual([
      [1, 3, 300],
      [2, 1, 300],
    ]);
  });
});

describe('comparative period', () => {
  it('is the same dates a year earlier, inside the previous year', () => {
    const year = { start: '2025-01-01', end: '2025-12-31' };
    expect(previousPeriod({ from: '2026-01-01', to: '2026-06-30' }, year)).toEqual({
      from: '2025-01-01',
      to: '2025-06-30',
    });
    expect(
      previousPeriod({ from: '2028-02-29', to: '2028-02-29' }, { start: '2027-01-01', end: '2027-12-31' }),
    ).toEqual({
      from: '2027-02-28',
      to: '2027-02-28',
    });
    // A previous year that started mid-year: its part of the period.
    expect(
      previousPeriod({ from: '2026-01-01', to: '2026-06-30' }, { start: '2025-04-01', end: '2025-12-31' }),
    ).toEqual({
      from: '2025-04-01',
      to: '2025-06-30',
    });
    expect(
      previousPeriod({ from: '2026-01-01', to: '2026-02-28' }, { start: '2025-04-01', end: '2025-12-31' }),
    ).toBeNull();
    // A previous year cut short by the current one's early start.
    expect(
      previousPeriod({ from: '2026-11-01', to: '2026-12-31' }, { start: '2025-01-01', end: '2025-10-31' }),
    ).toBeNull();
  });
});
