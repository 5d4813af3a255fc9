import { describe, expect, it } from 'vitest';
import { financialStatements, hasKey, statementQuerySchema } from '@copro/domain';
import {
  accountChoices,
  boardPackagePeriod,
  boardPackageUrl,
  fundFilterOf,
  initialStatementChoice,
  statementControls,
  statementParams,
  statementUrl,
  type StatementChoice,
} from './statement-query';

const year = { startDate: '2026-01-01', endDate: '2026-12-31' };
const choice = (change: Partial<StatementChoice> = {}): StatementChoice => ({
  ...initialStatementChoice(year, '2026-05-10'),
  ...change,
});

describe('statementControls', () => {
  it('gives the balance sheet one date and the others a period', () => {
    expect(statementControls('balance-sheet').period).toBe(false);
    for (const statement of financialStatements.filter((s) => s !== 'balance-sheet'))
      expect(statementControls(statement).period).toBe(true);
  });

  it('lets every statement but the funds one choose a fund, and only the general ledger an account', () => {
    expect(financialStatements.filter((s) => statementControls(s).fund)).toEqual([
      'balance-sheet',
      'income-statement',
      'cash-flow',
      'trial-balance',
      'general-ledger',
    ]);
    expect(financialStatements.filter((s) => statementControls(s).account)).toEqual(['general-ledger']);
    expect(financialStatements.filter((s) => !statementControls(s).compare)).toEqual(['general-ledger']);
  });
});

describe('initialStatementChoice', () => {
  it('starts on the income statement of the year up to today, every fund, no comparison', () => {
    expect(initialStatementChoice(year, '2026-05-10')).toEqual({
      statement: 'income-statement',
      from: '2026-01-01',
      to: '2026-05-10',
      asOf: '2026-05-10',
      fund: 'all',
      compare: false,
      account: '',
    });
    expect(initialStatementChoice(year, '2027-03-01').to).toBe('2026-12-31');
  });
});

describe('statementParams', () => {
  it('asks the balance sheet for its date only, as `to`', () => {
    expect(statementParams(choice({ statement: 'balance-sheet', asOf: '2026-03-31' }), year)).toEqual({
      params: { to: '2026-03-31' },
      problem: null,
    });
    expect(statementParams(choice({ statement: 'balance-sheet', asOf: '' }), year).problem).toEqual({
      key: 'validation.required',
    });
    // Its period boxes are not shown: an emptied one is no problem.
    expect(statementParams(choice({ statement: 'balance-sheet', from: '' }), year).problem).toBeNull();
  });

  it('asks the others for their period, in order', () => {
    expect(statementParams(choice(), year)).toEqual({
      params: { from: '2026-01-01', to: '2026-05-10' },
      problem: null,
    });
    expect(statementParams(choice({ to: '' }), year).problem).toEqual({ key: 'validation.required' });
    expect(statementParams(choice({ to: '2025-12-31', from: '2026-02-01' }), year).problem).toEqual({
      key: 'reports.invalidPeriod',
    });
  });

  it('keeps the dates within the fiscal year', () => {
    const outside = { key: 'statementsPage.outsideYear' };
    expect(statementParams(choice({ from: '2025-12-31' }), year).problem).toEqual(outside);
    expect(statementParams(choice({ to: '2027-01-01' }), year).problem).toEqual(outside);
    expect(statementParams(choice({ statement: 'balance-sheet', asOf: '2027-01-01' }), year).problem).toEqual(
      outside,
    );
    expect(statementParams(choice({ from: '2026-01-01', to: '2026-12-31' }), year).problem).toBeNull();
  });

  it('adds the fund, the comparison and the account only where the statement reads them', () => {
    const all = { fund: 'contingency', compare: true, account: '1200' } as const;
    expect(statementParams(choice({ ...all, statement: 'income-statement' }), year).params).toEqual({
      from: '2026-01-01',
      to: '2026-05-10',
      fund: 'contingency',
      compare: true,
    });
    expect(statementParams(choice({ ...all, statement: 'general-ledger' }), year).params).toEqual({
      from: '2026-01-01',
      to: '2026-05-10',
      fund: 'contingency',
      account: 1200,
    });
    expect(statementParams(choice({ ...all, statement: 'funds' }), year).params).toEqual({
      from: '2026-01-01',
      to: '2026-05-10',
      compare: true,
    });
    expect(
      statementParams(choice({ statement: 'general-ledger', account: '' }), year).params,
    ).not.toHaveProperty('account');
  });
});

describe('statementUrl', () => {
  it('names the statement under the year, its format first, and only the parameters set', () => {
    expect(statementUrl('rue des Érables', '2026-01-01', 'income-statement', 'json', {})).toBe(
      '/api/buildings/rue%20des%20%C3%89rables/fiscal-years/2026-01-01/financial-statements/income-statement?format=json',
    );
    expect(
      statementUrl('b1', '2026-01-01', 'general-ledger', 'xlsx', {
        from: '2026-01-01',
        to: '2026-03-31',
        fund: 'selfInsurance',
        account: 1200,
      }),
    ).toBe(
      '/api/buildings/b1/fiscal-years/2026-01-01/financial-statements/general-ledger' +
        '?format=xlsx&from=2026-01-01&to=2026-03-31&fund=selfInsurance&account=1200',
    );
  });

  it('writes a query the server reads back as the same request', () => {
    const url = statementUrl('b1', '2026-01-01', 'balance-sheet', 'pdf', {
      to: '2026-03-31',
      fund: 'operating',
      compare: true,
    });
    const query = Object.fromEntries(new URL(url, 'http://copro.test').searchParams);
    expect(statementQuerySchema.parse(query)).toEqual({
      to: '2026-03-31',
      fund: 'operating',
      compare: true,
      format: 'pdf',
    });
    const plain = Object.fromEntries(
      new URL(statementUrl('b1', '2026-01-01', 'funds', 'json', {}), 'http://copro.test').searchParams,
    );
    expect(statementQuerySchema.parse(plain)).toEqual({ fund: 'all', compare: false, format: 'json' });
  });
});

describe('the board package', () => {
  it('is asked for a period within the year, as a PDF or a workbook', () => {
    const dates = { from: '2026-01-01', to: '2026-03-31', asOf: '' };
    expect(boardPackagePeriod(dates, year)).toEqual({
      period: { from: '2026-01-01', to: '2026-03-31' },
      problem: null,
    });
    expect(boardPackagePeriod({ ...dates, from: '' }, year)).toEqual({
      period: null,
      problem: { key: 'validation.required' },
    });
    expect(boardPackagePeriod({ ...dates, to: '2027-01-31' }, year).problem).toEqual({
      key: 'statementsPage.outsideYear',
    });
    expect(boardPackageUrl('b1', '2026-01-01', 'xlsx', { from: '2026-01-01', to: '2026-03-31' })).toBe(
      '/api/buildings/b1/fiscal-years/2026-01-01/board-package?from=2026-01-01&to=2026-03-31&format=xlsx',
    );
  });
});

describe('the boxes', () => {
  it('reads the fund box back, "" being every fund', () => {
    expect(fundFilterOf('')).toBe('all');
    expect(fundFilterOf('contingency')).toBe('contingency');
    expect(fundFilterOf('nonsense')).toBe('all');
  });

  it("lists the general ledger's accounts by number", () => {
    const accounts = [
      { aid: 40, name: 'Insurance' },
      { aid: 3, name: 'Main account' },
    ];
    expect(accountChoices(accounts, (a) => a.name)).toEqual([
      { value: '3', label: '3 · Main account' },
      { value: '40', label: '40 · Insurance' },
    ]);
  });
});

// The page builds these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...financialStatements.flatMap((statement) => [
    `statementsPage.statements.${statement}.title`,
    `statementsPage.statements.${statement}.description`,
  ]),
  ...['pdf', 'xlsx', 'csv'].map((format) => `reports.formats.${format}`),
  ...['revenueVsExpenses', 'fundBalances'].map((chart) => `statementsPage.charts.${chart}`),
  ...['operating', 'contingency', 'selfInsurance'].map((fund) => `fundChoice.names.${fund}`),
];

describe('the keys the statements page builds', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
