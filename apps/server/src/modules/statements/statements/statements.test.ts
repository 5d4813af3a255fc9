import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cents, formatMoney, type StatementJson, type TransactionKind } from '@copro/domain';
import { building } from '../../../db/schema/index';
import { eq } from 'drizzle-orm';
import { cancelTransaction, createFiscalYear, postTransaction } from '../../ledger';
import { saveBudget } from '../../receivables';
import { listRecords } from '../../registry';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { categoryBody, createDirectly, supplierBody, unitBody } from '../../../test/registry-fixtures';

/**
 * A small year posted by hand in one building (fees billed, a payment, a supplier's invoice and
 * its payment, the contingency fund's starting money and one month's contribution moved to its
 * bank, a bank fee, interest on the contingency account, a cancelled expense), every statement
 * checked against figures computed by hand (in the comments), per fund and over all funds, with a
 * draft budget beside the income statement; then against hledger reading the exported journal;
 * then the next year with the comparative column.
 */

const source = { kind: 'system', id: 'backend' } as const;
const year2026 = '2026-01-01';
const year2027 = '2027-01-01';
const hasHledger = spawnSync('hledger', ['--version']).status === 0;

let h: Harness;
let b: BuildingFixture;
let accountant: TestUser;
let owner: TestUser;
let resident: TestUser;
/** Ledger accounts by a short name (see `beforeAll`). */
const aid: Record<string, number> = {};
const uuid: Record<string, string> = {};

const $ = (amount: number): string => formatMoney(amount, 'CAD', 'en');
const scope = (fiscalYear = year2026) => ({ buildingId: b.id, fiscalYear });

async function post(
  date: string,
  kind: TransactionKind,
  lines: [string, number][],
  fiscalYear = date.slice(0, 4) === '2027' ? year2027 : year2026,
): Promise<string> {
  const view = await h.platform.db.transaction((tx) =>
    postTransaction(tx, scope(fiscalYear), source, {
      date,
      description: `${kind} ${date}`,
      kind,
      taxes: [],
      indexes: [],
      subtransactions: lines.map(([name, amount]) => ({ aid: aid[name] ?? 0, amount: cents(amount) })),
    }),
  );
  return view.uuid;
}

const url = (statement: string, query: string, fiscalYear = year2026) =>
  `/api/buildings/${b.ref}/fiscal-years/${fiscalYear}/financial-statements/${statement}?${query}`;

async function statementOf(statement: string, query: string, fiscalYear = year2026): Promise<StatementJson> {
  const res = await as(h, accountant).get(url(statement, query, fiscalYear));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatementJson;
}

/** The rows of a table by their first cell (the trial balance's: by the account's name). */
const rowsByLabel = (table: { rows: string[][] }, column = 0) =>
  Object.fromEntries(table.rows.map((row) => [row[column] ?? '', row.filter((_, i) => i !== column)]));

/** Each account's balance in hledger's `balance` report, in cents, by the `#aid` ending its name. */
const hledgerBalances = (file: string, args: string[]): Map<number, number> => {
  const csv = execFileSync('hledger', ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv', ...args], {
    encoding: 'utf8',
  });
  const balances = new Map<number, number>();
  for (const line of csv.trim().split('\n').slice(1)) {
    const [account = '', amount = ''] = line.split('","').map((cell) => cell.replace(/"/g, ''));
    const match = /#(\d+)$/.exec(account);
    if (match) balances.set(Number(match[1]), Math.round(Number(amount.replace(/[^0-9.-]/g, '')) * 100));
  }
  return balances;
};

/** The journal of a year, as the app exports it (`writeYearJournal`, through its route). */
async function journal(fiscalYear: string): Promise<string> {
  const res = await as(h, accountant).get(`/api/buildings/${b.ref}/fiscal-years/${fiscalYear}/journal`);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Cents from an amount as the statements write it: "$1,050.00", "-$5.00". */
const parse = (text: string): number => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/** Each account's column `column` of a trial balance, by account number, zeros left out. */
const trialColumn = (json: StatementJson, amount: (row: string[]) => number): Map<number, number> =>
  new Map(
    json.rows
      .filter((row) => /^\d+$/.test(row[0] ?? ''))
      .map((row) => [Number(row[0]), amount(row)] as const)
      .filter(([, value]) => value !== 0),
  );

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, { locale: 'en-CA' }, { chart: true });
  accountant = await createUser(h, 'accountant');
  owner = await createUser(h, 'owner');
  resident = await createUser(h, 'resident');
  await grantBuildingRole(h, b, accountant, 'accountant');
  await grantBuildingRole(h, b, owner, 'owner');
  await grantBuildingRole(h, b, resident, 'resident');
  const byKey = new Map(
    [
      ...(await listRecords(h.platform.db, scope(), 'categories')),
      ...(await listRecords(h.platform.db, scope(), 'banks')),
    ].map((r) => [`${r.collection}:${String(r.data.systemKey)}`, r]),
  );
  const chart: Record<string, string> = {
    OB: 'banks:operating',
    CB: 'banks:contingencyFund',
    Fees: 'categories:condoFees',
    CC: 'categories:contingencyFundContributions',
    Snow: 'categories:snowRemoval',
    BF: 'categories:bankFees',
    Insurance: 'categories:insurance',
    CF: 'categories:contingencyFund',
  };
  for (const [name, key] of Object.entries(chart)) {
    const record = byKey.get(key);
    if (!record?.aid) throw new Error(`no ${key}`);
    aid[name] = record.aid;
    uuid[name] = record.uuid;
  }
  const created = async (name: string, collection: string, body: object) => {
    const id = await createDirectly(h, b, collection, body);
    const [record] = (await listRecords(h.platform.db, scope(), collection as 'units')).filter(
      (r) => r.uuid === id,
    );
    aid[name] = record?.aid ?? 0;
    uuid[name] = id;
  };
  await created('A', 'units', unitBody('101', { voteShare: 0.6 }));
  await created('B', 'units', unitBody('102', { voteShare: 0.4 }));
  await created('S', 'suppliers', supplierBody('Déneigement Nord'));
  // Interest earned on the contingency fund's account belongs to that fund.
  await created('CI', 'categories', {
    ...categoryBody('Contingency interest', 'revenues'),
    fund: 'contingency',
  });

  // The year, in cents (see the figures each test computes from it).
  await post('2026-01-01', 'unitMonthlyFee', [
    ['A', 105_000],
    ['Fees', -100_000],
    ['CC', -5_000],
  ]);
  await post('2026-01-01', 'unitMonthlyFee', [
    ['B', 52_500],
    ['Fees', -50_000],
    ['CC', -2_500],
  ]);
  await post('2026-01-02', 'accountantWriting', [
    ['CB', 500_000],
    ['CF', -500_000],
  ]);
  await post('2026-01-10', 'unitPayment', [
    ['OB', 105_000],
    ['A', -105_000],
  ]);
  await post('2026-01-15', 'supplierInvoice', [
    ['Snow', 40_000],
    ['S', -40_000],
  ]);
  await post('2026-02-01', 'unitMonthlyFee', [
    ['A', 105_000],
    ['Fees', -100_000],
    ['CC', -5_000],
  ]);
  await post('2026-02-05', 'supplierPayment', [
    ['S', 40_000],
    ['OB', -40_000],
  ]);
  await post('2026-02-10', 'bankTransfer', [
    ['CB', 5_000],
    ['OB', -5_000],
  ]);
  await post('2026-02-28', 'bankFee', [
    ['BF', 500],
    ['OB', -500],
  ]);
  // Paid from the wrong account, and cancelled: it counts nowhere.
  const mistake = await post('2026-03-15', 'supplierPayment', [
    ['Snow', 10_000],
    ['CB', -10_000],
  ]);
  await h.platform.db.transaction((tx) => cancelTransaction(tx, scope(), source, mistake, 'Entered twice'));
  await post('2026-03-31', 'bankInterestReceived', [
    ['CB', 200],
    ['CI', -200],
  ]);

  // A draft budget: $12,000 of fees and $600 to the contingency fund (4.8 %, under the 5 % minimum).
  await h.platform.db.transaction((tx) =>
    saveBudget(
      tx,
      scope(),
      source,
      {
        contributions: [
          { name: 'Fees', amount: cents(1_200_000), category: uuid.Fees ?? '', appliesTo: 'all:units' },
          { name: 'Contingency', amount: cents(60_000), category: uuid.CC ?? '', appliesTo: 'all:units' },
        ],
        budgetedAmounts: {
          [uuid.Snow ?? '']: cents(240_000),
          [uuid.BF ?? '']: cents(12_000),
          [uuid.Insurance ?? '']: cents(120_000),
        },
        budgetedComments: {},
      },
      null,
    ),
  );
});
afterAll(async () => h?.close());

describe('2026, computed by hand', () => {
  it('balance sheet at March 31, over all funds and per fund', async () => {
    const all = await statementOf('balance-sheet', 'to=2026-03-31');
    expect(all.from).toBe('2026-01-01');
    expect(all.to).toBe('2026-03-31');
    // Banks 595.00 + 5,052.00; the co-owners owe 1,050.00 (A's February) + 525.00 (B's January);
    // the supplier is paid. Capital: the contingency fund's 5,000.00; surplus: 2,627.00 − 405.00.
    expect(all.rows).toEqual([
      ['Assets', ''],
      ['Operating account', $(59_500)],
      ['Contingency fund account', $(505_200)],
      ['Total bank accounts', $(564_700)],
      ["Co-owners' accounts", $(157_500)],
      ['Total receivables', $(157_500)],
      ['Total assets', $(722_200)],
      ['Liabilities', ''],
      ['Total liabilities', $(0)],
      ['Capital', ''],
      ['Contingency fund', $(500_000)],
      ['Total funds and accumulated surplus', $(500_000)],
      ['Surplus (deficit) of the year to date', $(222_200)],
      ['Total capital', $(722_200)],
      ['Total liabilities and capital', $(722_200)],
    ]);
    expect(all.columns).toEqual(['Account', 'March 31, 2026']);
    // Contributions billed 125.00, 50.00 of it moved to the contingency account: 75.00 elsewhere.
    expect(all.warnings).toEqual([
      "Contingency fund: $75.00 of its money is held in another fund's accounts.",
    ]);

    const contingency = rowsByLabel(await statementOf('balance-sheet', 'to=2026-03-31&fund=contingency'));
    expect(contingency['Due from other funds']).toEqual([$(7_500)]);
    expect(contingency['Total assets']).toEqual([$(512_700)]);
    // 125.00 of contributions and 2.00 of interest.
    expect(contingency['Surplus (deficit) of the year to date']).toEqual([$(12_700)]);
    expect(contingency['Total liabilities and capital']).toEqual([$(512_700)]);
    const operating = await statementOf('balance-sheet', 'to=2026-03-31&fund=operating');
    const rows = rowsByLabel(operating);
    expect(rows['Due to other funds']).toEqual([$(7_500)]);
    expect(rows['Total assets']).toEqual([$(217_000)]);
    expect(rows['Total liabilities and capital']).toEqual([$(217_000)]);
    expect(operating.warnings).toEqual([
      'Operating fund: its accounts hold $75.00 that belongs to another fund.',
    ]);
  });

  it('income statement for the first quarter, with the draft budget beside it', async () => {
    const statement = await statementOf('income-statement', 'to=2026-03-31');
    expect(statement.notice).toBe('The budget beside the figures is a draft: no budget is applied yet.');
    expect(statement.columns).toEqual([
      'Category',
      'March 2026',
      'Budget, March 2026',
      'Year to date',
      'Budget to date',
      'Variance',
      'Annual budget',
      '% used',
    ]);
    const rows = rowsByLabel(statement);
    // Budget by month: fees 1,000.00, contingency 50.00, snow 200.00, bank fees 10.00, insurance 100.00.
    expect(rows['Condo fees']).toEqual([
      $(0),
      $(100_000),
      $(250_000),
      $(300_000),
      $(-50_000),
      $(1_200_000),
      '20.8%',
    ]);
    expect(rows['Contingency fund contributions']).toEqual([
      $(0),
      $(5_000),
      $(12_500),
      $(15_000),
      $(-2_500),
      $(60_000),
      '20.8%',
    ]);
    expect(rows['Contingency interest']).toEqual([$(200), $(0), $(200), $(0), $(200), $(0), '']);
    expect(rows['Total revenues']).toEqual([
      $(200),
      $(105_000),
      $(262_700),
      $(315_000),
      $(-52_300),
      $(1_260_000),
      '20.8%',
    ]);
    // The cancelled 100.00 counts nowhere.
    expect(rows['Snow removal']).toEqual([
      $(0),
      $(20_000),
      $(40_000),
      $(60_000),
      $(20_000),
      $(240_000),
      '16.7%',
    ]);
    expect(rows['Bank fees']).toEqual([$(0), $(1_000), $(500), $(3_000), $(2_500), $(12_000), '4.2%']);
    expect(rows.Insurance).toEqual([$(0), $(10_000), $(0), $(30_000), $(30_000), $(120_000), '0%']);
    expect(rows['Total expenses']).toEqual([
      $(0),
      $(31_000),
      $(40_500),
      $(93_000),
      $(52_500),
      $(372_000),
      '10.9%',
    ]);
    expect(rows.Surplus).toEqual([$(200), $(74_000), $(222_200), $(222_000), $(200), $(888_000), '']);
    expect(statement.charts.revenueVsExpenses).toEqual([
      { month: '2026-01', label: 'January 2026', revenues: 1575, expenses: 400 },
      { month: '2026-02', label: 'February 2026', revenues: 1050, expenses: 5 },
      { month: '2026-03', label: 'March 2026', revenues: 2, expenses: 0 },
    ]);

    const contingency = rowsByLabel(
      await statementOf('income-statement', 'from=2026-02-01&to=2026-03-31&fund=contingency'),
    );
    expect(Object.keys(contingency)).toEqual([
      'Revenues',
      'Contingency fund contributions',
      'Contingency interest',
      'Total revenues',
      'Expenses',
      'Total expenses',
      'Surplus',
    ]);
    // February and March: 50.00 and 2.00; the budget of those two months.
    expect(contingency['Total revenues']).toEqual([
      $(200),
      $(5_000),
      $(5_200),
      $(10_000),
      $(-4_800),
      $(60_000),
      '8.7%',
    ]);
  });

  it('cash flow: the banks’ movements by counterpart, over all funds and per fund', async () => {
    const all = await statementOf('cash-flow', 'to=2026-03-31');
    expect(all.rows).toEqual([
      ['Cash at the start', '', '', $(0)],
      ['Co-owners', $(105_000), $(0), $(105_000)],
      ['Revenues', $(200), $(0), $(200)],
      ['Contingency interest', $(200), $(0), $(200)],
      ['Suppliers', $(0), $(40_000), $(-40_000)],
      ['Expenses', $(0), $(500), $(-500)],
      ['Bank fees', $(0), $(500), $(-500)],
      ['Capital', $(500_000), $(0), $(500_000)],
      ['Contingency fund', $(500_000), $(0), $(500_000)],
      ['Total', $(605_200), $(40_500), $(564_700)],
      ['Cash at the end', '', '', $(564_700)],
    ]);
    expect(all.warnings).toEqual([]);
    // The contingency fund's account: its starting money, the 50.00 moved from the operating account, interest.
    const contingency = rowsByLabel(await statementOf('cash-flow', 'to=2026-03-31&fund=contingency'));
    expect(contingency["Other funds' bank accounts"]).toEqual([$(5_000), $(0), $(5_000)]);
    expect(contingency['Cash at the end']).toEqual(['', '', $(505_200)]);
    const operating = rowsByLabel(
      await statementOf('cash-flow', 'from=2026-02-01&to=2026-03-31&fund=operating'),
    );
    expect(operating['Cash at the start']).toEqual(['', '', $(105_000)]);
    expect(operating["Other funds' bank accounts"]).toEqual([$(0), $(5_000), $(-5_000)]);
    expect(operating['Cash at the end']).toEqual(['', '', $(59_500)]);
  });

  it('trial balance of a period that cuts months: openings, debits = credits, closings', async () => {
    // From January 5 to February 20: the fees of January 1 and the fund's money of January 2 open
    // the period; the bank fee of February 28 is after it.
    const statement = await statementOf('trial-balance', 'from=2026-01-05&to=2026-02-20');
    const rows = rowsByLabel(statement, 1);
    expect(rows['Operating account']?.slice(1)).toEqual([$(0), $(105_000), $(45_000), $(60_000)]);
    expect(rows['Contingency fund account']?.slice(1)).toEqual([$(500_000), $(5_000), $(0), $(505_000)]);
    expect(rows['Unit 101']?.slice(1)).toEqual([$(105_000), $(105_000), $(105_000), $(105_000)]);
    expect(rows['Unit 102']?.slice(1)).toEqual([$(52_500), $(0), $(0), $(52_500)]);
    expect(rows['Déneigement Nord']?.slice(1)).toEqual([$(0), $(40_000), $(40_000), $(0)]);
    expect(rows['Condo fees']?.slice(1)).toEqual([$(-150_000), $(0), $(100_000), $(-250_000)]);
    expect(rows['Contingency fund contributions']?.slice(1)).toEqual([$(-7_500), $(0), $(5_000), $(-12_500)]);
    expect(rows['Snow removal']?.slice(1)).toEqual([$(0), $(40_000), $(0), $(40_000)]);
    expect(rows['Contingency fund']?.slice(1)).toEqual([$(-500_000), $(0), $(0), $(-500_000)]);
    expect(rows['Bank fees']).toBeUndefined();
    expect(rows.Total?.slice(1)).toEqual([$(0), $(295_000), $(295_000), $(0)]);
    expect(statement.warnings).toEqual([]);
    const fund = await statementOf('trial-balance', 'from=2026-01-05&to=2026-02-20&fund=contingency');
    expect(fund.notice).toContain('need not balance');
    expect(fund.rows.map((r) => r[1])).toEqual([
      'Contingency fund account',
      'Contingency fund',
      'Contingency fund contributions',
      'Total',
    ]);
  });

  it('general ledger: each account’s lines with the running balance', async () => {
    const statement = await statementOf('general-ledger', `to=2026-03-31&account=${aid.OB}`);
    expect(statement.rows).toEqual([
      ['', 'Operating account', 'Opening balance', '', '', '', $(0)],
      ['2026-01-10', 'Operating account', 'unitPayment 2026-01-10', '', $(105_000), '', $(105_000)],
      ['2026-02-05', 'Operating account', 'supplierPayment 2026-02-05', '', '', $(40_000), $(65_000)],
      ['2026-02-10', 'Operating account', 'bankTransfer 2026-02-10', '', '', $(5_000), $(60_000)],
      ['2026-02-28', 'Operating account', 'bankFee 2026-02-28', '', '', $(500), $(59_500)],
      ['', 'Operating account', 'Closing balance and totals', '', $(105_000), $(45_500), $(59_500)],
    ]);
    expect(statement.totalRows).toEqual([0, 5]);
    // Every account that moved, the first lines of the contingency fund's account opening at 5,000.00.
    const all = await statementOf('general-ledger', 'from=2026-02-01&to=2026-03-31&fund=contingency');
    expect(all.rows.slice(0, 4)).toEqual([
      ['', 'Contingency fund account', 'Opening balance', '', '', '', $(500_000)],
      ['2026-02-10', 'Contingency fund account', 'bankTransfer 2026-02-10', '', $(5_000), '', $(505_000)],
      [
        '2026-03-31',
        'Contingency fund account',
        'bankInterestReceived 2026-03-31',
        '',
        $(200),
        '',
        $(505_200),
      ],
      ['', 'Contingency fund account', 'Closing balance and totals', '', $(5_200), $(0), $(505_200)],
    ]);
  });

  it('funds: balances, bank holdings, the contingency fund’s contributions and the 5 % minimum', async () => {
    const statement = await statementOf('funds', 'to=2026-03-31');
    expect(statement.columns).toEqual([
      'Fund',
      'Balance at the start',
      'Contributions',
      'Expenses',
      'Transfers',
      'Balance at the end',
      'In its bank accounts',
      'Other assets less liabilities',
      'Held by other funds',
    ]);
    expect(statement.rows).toEqual([
      ['Operating fund', $(0), $(250_000), $(40_500), $(0), $(209_500), $(59_500), $(157_500), $(-7_500)],
      ['Contingency fund', $(0), $(12_700), $(0), $(500_000), $(512_700), $(505_200), $(0), $(7_500)],
      ['Self-insurance fund', $(0), $(0), $(0), $(0), $(0), $(0), $(0), $(0)],
      ['All funds', $(0), $(262_700), $(40_500), $(500_000), $(722_200), $(564_700), $(157_500), $(0)],
    ]);
    expect(statement.sections?.[0]?.rows).toEqual([
      ['Budgeted for the period', $(15_000)],
      ['Received in the period', $(12_700)],
      ['Difference', $(-2_300)],
      ["The fund's contributions in the annual budget", $(60_000)],
      ['All contributions in the annual budget', $(1_260_000)],
      ["The fund's share of the contributions (minimum 5%)", '4.8%'],
    ]);
    expect(statement.warnings).toEqual([
      "Contingency fund: $75.00 of its money is held in another fund's accounts.",
      "The contingency fund receives 4.8% of the budget's contributions; Quebec law requires at least 5%.",
    ]);
    expect(statement.charts.fundBalances).toEqual([
      { fund: 'operating', label: 'Operating fund', balance: 2095, bankHoldings: 595 },
      { fund: 'contingency', label: 'Contingency fund', balance: 5127, bankHoldings: 5052 },
      { fund: 'selfInsurance', label: 'Self-insurance fund', balance: 0, bankHoldings: 0 },
    ]);
    // From February: the contingency fund opens with its 5,000.00 and January's 75.00.
    const february = await statementOf('funds', 'from=2026-02-01&to=2026-03-31&fund=contingency');
    expect(february.rows).toEqual([
      ['Contingency fund', $(507_500), $(5_200), $(0), $(0), $(512_700), $(505_200), $(0), $(7_500)],
    ]);
  });

  it('answers in French, and refuses dates outside the year', async () => {
    const french = await createUser(h, 'lecteur', { locale: 'fr-CA' });
    await grantBuildingRole(h, b, french, 'accountant');
    const res = await as(h, french).get(url('balance-sheet', 'to=2026-03-31&fund=contingency'));
    const json = res.json() as StatementJson;
    expect(json.title).toBe('Bilan');
    expect(json.columns).toEqual(['Compte', '31 mars 2026']);
    expect(rowsByLabel(json)['À recevoir des autres fonds']).toEqual([formatMoney(7_500, 'CAD', 'fr')]);
    expect(json.warnings).toEqual([
      `Fonds de prévoyance : ${formatMoney(7_500, 'CAD', 'fr')} de son argent est détenu dans les comptes d’un autre fonds.`,
    ]);
    for (const query of ['to=2027-01-01', 'from=2025-12-31', 'from=2026-03-01&to=2026-02-01']) {
      const refused = await as(h, accountant).get(url('income-statement', query));
      expect(refused.statusCode, query).toBe(400);
    }
    expect((await as(h, accountant).get(url('nothing', ''))).statusCode).toBe(404);
  });
});

describe('against hledger on the exported journal', () => {
  it.skipIf(!hasHledger)('gives hledger’s balances for periods and at dates', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'copro-statements-'));
    try {
      const file = path.join(dir, '2026.journal');
      writeFileSync(file, await journal(year2026));
      for (const [from, to] of [
        ['2026-01-01', '2026-03-31'],
        ['2026-01-05', '2026-02-20'],
        ['2026-02-03', '2026-02-12'],
        ['2026-02-28', '2026-03-31'],
        // Around the cancelled payment of March 15, read among the lines or left in the month's rest.
        ['2026-03-10', '2026-03-20'],
        ['2026-03-01', '2026-03-15'],
        ['2026-03-16', '2026-03-31'],
      ] as const) {
        const theirs = hledgerBalances(file, ['-b', from, '-e', addDays(to, 1)]);
        // The period's movements: each account's debits − credits in the trial balance.
        const trial = await statementOf('trial-balance', `from=${from}&to=${to}`);
        expect(
          trialColumn(trial, (row) => parse(row[3] ?? '') - parse(row[4] ?? '')),
          `${from}…${to}`,
        ).toEqual(theirs);
        // The income statement's period column: credits − debits for revenues, the reverse for expenses.
        const income = rowsByLabel(await statementOf('income-statement', `from=${from}&to=${to}`));
        const period = (label: string) => parse(income[label]?.[2] ?? '0');
        expect(period('Condo fees')).toBe(0 - (theirs.get(aid.Fees ?? 0) ?? 0));
        expect(period('Contingency fund contributions')).toBe(0 - (theirs.get(aid.CC ?? 0) ?? 0));
        expect(period('Snow removal')).toBe(theirs.get(aid.Snow ?? 0) ?? 0);
        expect(period('Bank fees')).toBe(theirs.get(aid.BF ?? 0) ?? 0);
        // The balance sheet at the period's end: every account's closing balance.
        const atEnd = hledgerBalances(file, ['-e', addDays(to, 1)]);
        const closing = await statementOf('trial-balance', `from=2026-01-01&to=${to}`);
        expect(
          trialColumn(closing, (row) => parse(row[5] ?? '')),
          `at ${to}`,
        ).toEqual(atEnd);
        const sheet = rowsByLabel(await statementOf('balance-sheet', `to=${to}`));
        expect(parse(sheet['Total bank accounts']?.[0] ?? '0')).toBe(
          (atEnd.get(aid.OB ?? 0) ?? 0) + (atEnd.get(aid.CB ?? 0) ?? 0),
        );
        expect(parse(sheet["Co-owners' accounts"]?.[0] ?? '0')).toBe(
          (atEnd.get(aid.A ?? 0) ?? 0) + (atEnd.get(aid.B ?? 0) ?? 0),
        );
        const surplus = [aid.Fees, aid.CC, aid.CI, aid.Snow, aid.BF].reduce<number>(
          (sum, a) => sum - (atEnd.get(a ?? 0) ?? 0),
          0,
        );
        expect(parse(sheet['Surplus (deficit) of the year to date']?.[0] ?? '0')).toBe(surplus);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('roles and files', () => {
  it('lets finance readers read; an owner without access to the finances and a resident are refused', async () => {
    expect((await as(h, owner).get(url('balance-sheet', ''))).statusCode).toBe(403);
    expect((await as(h, resident).get(url('funds', ''))).statusCode).toBe(403);
    await h.platform.db.update(building).set({ ownersFinancesAccess: 'all' }).where(eq(building.id, b.id));
    expect((await as(h, owner).get(url('balance-sheet', 'to=2026-03-31'))).statusCode).toBe(200);
    await h.platform.db.update(building).set({ ownersFinancesAccess: 'none' }).where(eq(building.id, b.id));
  });

  it('downloads each statement as PDF, spreadsheet and CSV', async () => {
    const types = {
      pdf: 'application/pdf',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      csv: 'text/csv',
    };
    for (const [format, type] of Object.entries(types)) {
      const res = await as(h, accountant).get(
        url('income-statement', `to=2026-03-31&compare=true&format=${format}`),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['content-disposition']).toContain(
        `income-statement-2026-01-01-2026-03-31.${format}`,
      );
    }
    const csv = await as(h, accountant).get(url('funds', 'to=2026-03-31&format=csv'));
    expect(csv.body).toContain('Contingency fund: $75.00 of its money');
    expect(csv.body).toContain('Held by other funds');
    const pdf = await as(h, accountant).get(url('general-ledger', 'to=2026-03-31&format=pdf'));
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the next year, beside the previous one', () => {
  beforeAll(async () => {
    await h.platform.db.transaction((tx) => createFiscalYear(tx, b.id, year2027, source));
    await post('2027-01-01', 'unitMonthlyFee', [
      ['A', 105_000],
      ['Fees', -100_000],
      ['CC', -5_000],
    ]);
    await post('2027-02-15', 'unitPayment', [
      ['OB', 52_500],
      ['B', -52_500],
    ]);
  });

  it('opens with the previous closing and compares with the same date a year before', async () => {
    const sheet = await statementOf('balance-sheet', 'to=2027-03-31&compare=true', year2027);
    expect(sheet.columns).toEqual(['Account', 'March 31, 2027', 'March 31, 2026']);
    const rows = rowsByLabel(sheet);
    expect(rows['Operating account']).toEqual([$(112_000), $(59_500)]);
    expect(rows["Co-owners' accounts"]).toEqual([$(210_000), $(157_500)]);
    // Each fund's 2026 result closed into its own capital (DOMAIN 12): the operating fund's 2,095.00
    // into the accumulated surplus, the contingency fund's 127.00 into its fund. 2027's so far is 1,050.00.
    expect(rows['Accumulated surplus']).toEqual([$(209_500), $(0)]);
    expect(rows['Contingency fund']).toEqual([$(512_700), $(500_000)]);
    expect(rows['Surplus (deficit) of the year to date']).toEqual([$(105_000), $(222_200)]);
    expect(rows['Total liabilities and capital']).toEqual([$(827_200), $(722_200)]);

    const income = await statementOf('income-statement', 'to=2027-03-31&compare=true', year2027);
    expect(income.notice).toBe('The year has no budget to compare with.');
    expect(income.columns).toEqual(['Category', 'March 2027', 'Year to date', 'Previous year']);
    const lines = rowsByLabel(income);
    expect(lines['Condo fees']).toEqual([$(0), $(100_000), $(250_000)]);
    // A category that moved only the year before still shows, beside its previous amount.
    expect(lines['Contingency interest']).toEqual([$(0), $(0), $(200)]);
    expect(lines['Snow removal']).toEqual([$(0), $(0), $(40_000)]);
    expect(lines.Surplus).toEqual([$(0), $(105_000), $(222_200)]);

    // The opening is not a movement: the trial balance opens with it.
    const trial = rowsByLabel(await statementOf('trial-balance', 'to=2027-03-31', year2027), 1);
    expect(trial['Operating account']?.slice(1)).toEqual([$(59_500), $(52_500), $(0), $(112_000)]);
    expect(trial['Accumulated surplus']?.slice(1)).toEqual([$(-209_500), $(0), $(0), $(-209_500)]);
    expect(trial['Contingency fund']?.slice(1)).toEqual([$(-512_700), $(0), $(0), $(-512_700)]);

    const flow = rowsByLabel(await statementOf('cash-flow', 'to=2027-03-31&compare=true', year2027));
    expect(flow['Cash at the start']).toEqual(['', '', $(564_700), $(0)]);
    expect(flow['Cash at the end']).toEqual(['', '', $(617_200), $(564_700)]);

    // The contingency fund opens where it closed (5,127.00: its 5,000.00, 125.00 of contributions
    // and 2.00 of interest); 125.00 of its money is held by the operating fund (the 75.00 of 2026's
    // contributions and 2027's 50.00).
    const first = await statementOf('funds', 'to=2027-03-31&compare=true', year2027);
    expect(first.rows[1]).toEqual([
      'Contingency fund',
      $(512_700),
      $(5_000),
      $(0),
      $(0),
      $(517_700),
      $(505_200),
      $(0),
      $(12_500),
      $(512_700),
    ]);
    // Nothing before 2026: no comparison, said so.
    const lonely = await statementOf('balance-sheet', 'to=2026-03-31&compare=true');
    expect(lonely.notice).toBe('There is no previous fiscal year to compare with.');
  });

  it.skipIf(!hasHledger)('agrees with hledger across the year end', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'copro-statements-'));
    try {
      const file = path.join(dir, '2027.journal');
      writeFileSync(file, await journal(year2027));
      // At a date, the opening included.
      for (const to of ['2027-01-01', '2027-02-15', '2027-03-31']) {
        const closing = await statementOf('trial-balance', `to=${to}`, year2027);
        expect(
          trialColumn(closing, (row) => parse(row[5] ?? '')),
          to,
        ).toEqual(hledgerBalances(file, ['-e', addDays(to, 1)]));
      }
      // A period after the first day: the movements alone.
      const trial = await statementOf('trial-balance', 'from=2027-01-02&to=2027-03-31', year2027);
      expect(trialColumn(trial, (row) => parse(row[3] ?? '') - parse(row[4] ?? ''))).toEqual(
        hledgerBalances(file, ['-b', '2027-01-02', '-e', '2027-04-01']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
