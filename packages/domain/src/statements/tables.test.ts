import { describe, expect, it } from 'vitest';
import { cents, formatMoney } from '../money';
import { balanceSheet } from './balance-sheet';
import { incomeStatement } from './income-statement';
import type { StatementAccount } from './statement-accounts';
import { balanceSheetTable, formatShare, fundWarningText, incomeStatementTable } from './tables';

const accounts: StatementAccount[] = [
  { aid: 1, kind: 'bank', parent: null, fund: 'operating', name: 'Compte d’exploitation' },
  { aid: 2, kind: 'category', parent: 'revenues', fund: 'operating', name: 'Charges communes' },
  { aid: 3, kind: 'category', parent: 'expenses', fund: 'operating', name: 'Déneigement' },
  { aid: 4, kind: 'category', parent: 'capital', fund: 'operating', name: 'Surplus accumulé' },
];
const fr = { language: 'fr' as const, currency: 'CAD' };
const $ = (amount: number) => formatMoney(amount, 'CAD', 'fr');
const f = (opening: number, debits: number, credits: number) => ({
  opening: cents(opening),
  debits: cents(debits),
  credits: cents(credits),
});

describe('statement tables', () => {
  it('draw the balance sheet beside the previous year, lines of either year matched by account', () => {
    const now = balanceSheet(
      accounts,
      new Map([
        [1, f(10_000, 5_000, 0)],
        [2, f(0, 0, 5_000)],
        [4, f(-10_000, 0, 0)],
      ]),
      'all',
    );
    const before = balanceSheet(
      accounts,
      new Map([
        [1, f(0, 10_000, 0)],
        [3, f(0, 2_000, 0)],
        [2, f(0, 0, 12_000)],
      ]),
      'all',
    );
    const table = balanceSheetTable(now, before, fr, { date: '31 mars 2027', previousDate: '31 mars 2026' });
    expect(table.columns.map((c) => c.label)).toEqual(['Compte', '31 mars 2027', '31 mars 2026']);
    expect(table.rows.map((row) => row.map((cell) => (typeof cell === 'string' ? cell : cell.text)))).toEqual(
      [
        ['Actif', '', ''],
        ['Compte d’exploitation', $(15_000), $(10_000)],
        ['Total des comptes bancaires', $(15_000), $(10_000)],
        ['Total de l’actif', $(15_000), $(10_000)],
        ['Passif', '', ''],
        ['Total du passif', $(0), $(0)],
        ['Avoir des copropriétaires', '', ''],
        ['Surplus accumulé', $(10_000), $(0)],
        ['Total des fonds et du surplus accumulé', $(10_000), $(0)],
        ['Surplus (déficit) de l’exercice à ce jour', $(5_000), $(10_000)],
        ['Total de l’avoir', $(15_000), $(10_000)],
        ['Total du passif et de l’avoir', $(15_000), $(10_000)],
      ],
    );
    expect(table.totalRows).toEqual([0, 2, 3, 4, 5, 6, 8, 10, 11]);
  });

  it('draw the income statement without a budget, a category of the previous year alone still listed', () => {
    const m = (aid: number, debits: number, credits: number) => ({
      aid,
      month: '2027-01-01',
      debits: cents(debits),
      credits: cents(credits),
    });
    const input = { accounts, from: '2027-01-01', to: '2027-01-31', budget: null, fund: 'all' as const };
    const now = incomeStatement({ ...input, movements: [m(2, 0, 5_000)] });
    const before = incomeStatement({ ...input, movements: [m(2, 0, 4_000), m(3, 1_000, 0)] });
    const table = incomeStatementTable(now, before, fr, { wholeYear: true });
    expect(table.columns.map((c) => c.label)).toEqual([
      'Catégorie',
      'janvier 2027',
      'Cumul de l’exercice',
      'Exercice précédent',
    ]);
    expect(
      table.rows.map((row) => row.map((cell) => (typeof cell === 'string' ? cell : cell.cents))),
    ).toEqual([
      ['Revenus', '', '', ''],
      ['Charges communes', 5_000, 5_000, 4_000],
      ['Total des revenus', 5_000, 5_000, 4_000],
      ['Dépenses', '', '', ''],
      ['Déneigement', 0, 0, 1_000],
      ['Total des dépenses', 0, 0, 1_000],
      ['Surplus', 5_000, 5_000, 3_000],
    ]);
  });

  it('word the funds’ warnings in the reader’s language', () => {
    expect(fundWarningText({ kind: 'contingencyUnderMinimum', share: 0.04 }, fr)).toBe(
      `Le fonds de prévoyance reçoit ${formatShare(0.04, 'fr')} des contributions du budget ; la loi québécoise exige au moins ${formatShare(0.05, 'fr')}.`,
    );
    expect(
      fundWarningText(
        { kind: 'moneyElsewhere', fund: 'selfInsurance', amount: cents(12_345) },
        { language: 'en', currency: 'CAD' },
      ),
    ).toBe("Self-insurance fund: $123.45 of its money is held in another fund's accounts.");
  });
});
