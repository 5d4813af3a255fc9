import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type Harness,
  type TestUser,
} from '../../test/harness';
import { emptyUnit } from '../../test/registry-fixtures';
import { parseCsv, pdfText } from '../../test/report-files';

let h: Harness;
let admin: TestUser;
let adminFr: TestUser;
let accountant: TestUser;
let owner: TestUser;

beforeAll(async () => {
  h = await createHarness();
  admin = await createUser(h, 'admin', { locale: 'en-CA' });
  adminFr = await createUser(h, 'adminfr', { locale: 'fr-CA' });
  accountant = await createUser(h, 'accountant');
  owner = await createUser(h, 'owner');
});
afterAll(async () => h.close());

interface Setup {
  base: string;
  categories: Map<string, string>;
}

/**
 * A building with the default chart; units 101, 102 and 103 (shares 50/30/20 %), unit 104 that
 * pays no monthly fees, parking P1 of unit 101, and locker L1 that belongs to no unit.
 */
async function setup(): Promise<Setup> {
  const b = await createBuildingFixture(h, { name: 'Les Jardins' }, { chart: true });
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, adminFr, 'admin');
  await grantBuildingRole(h, b, accountant, 'accountant');
  await grantBuildingRole(h, b, owner, 'owner');
  const base = `/api/buildings/${b.ref}/fiscal-years/2026-01-01`;
  const created = async (url: string, body: object): Promise<string> => {
    const res = await as(h, admin).post(`${base}/${url}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uuid as string;
  };
  const categories = new Map(
    (
      (await as(h, admin).get(`${base}/categories`)).json().items as { uuid: string; systemKey: string }[]
    ).map((c) => [c.systemKey, c.uuid]),
  );
  const parking = await created('parkings', { number: 'P1', voteShare: 1, renter: {}, noMonthlyFees: false });
  await created('lockers', { number: 'L1', voteShare: 1, noMonthlyFees: false });
  for (const [number, voteShare, noMonthlyFees] of [
    ['101', 0.5, false],
    ['102', 0.3, false],
    ['103', 0.2, false],
    ['104', 0.1, true],
  ] as const) {
    await created('units', {
      ...emptyUnit,
      number,
      voteShare,
      noMonthlyFees,
      parkings: number === '101' ? [parking] : [],
    });
  }
  return { base, categories };
}

/** 13,240.00 a year: condo fees, the contingency fund (7.6 %, above the minimum) and the parking. */
const budgetBody = (s: Setup, extra: object = {}) => ({
  contributions: [
    {
      name: 'Condo fees',
      amount: 1_200_000,
      category: s.categories.get('condoFees'),
      appliesTo: 'all:units',
    },
    {
      name: 'Contingency fund',
      amount: 100_000,
      category: s.categories.get('contingencyFundContributions'),
      appliesTo: 'all:units',
    },
    { name: 'Parking', amount: 24_000, category: s.categories.get('condoFees'), appliesTo: 'all:parkings' },
  ],
  budgetedAmounts: {
    [s.categories.get('insurance') ?? '']: 1_000_000,
    [s.categories.get('snowRemoval') ?? '']: 250_000,
  },
  budgetedComments: { [s.categories.get('insurance') ?? '']: 'Renewal in May, 5% more' },
  ...extra,
});

async function createBudget(s: Setup, body: object = budgetBody(s)): Promise<string> {
  const res = await as(h, admin).post(`${s.base}/budgets`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
}

async function applied(s: Setup): Promise<string> {
  const uuid = await createBudget(s);
  const res = await as(h, admin).post(`${s.base}/budgets/${uuid}/apply`, { applicationDate: '2026-01-01' });
  expect(res.statusCode, res.body).toBe(200);
  return uuid;
}

const url = (s: Setup, format: string) => `${s.base}/reports/budget?format=${format}`;

/** The CSV's tables: each starts after a blank line with its heading. */
async function csvTables(s: Setup, user: TestUser) {
  const res = await as(h, user).get(url(s, 'csv'));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(res.body.slice(1));
  const tables: string[][][] = [];
  for (const row of rows.slice(1)) {
    if (row.length === 1 && row[0] === '') tables.push([]);
    else tables.at(-1)?.push(row);
  }
  return { title: rows[0], tables };
}

/** "$1,234.56" → 123456. */
const centsOf = (text: string | undefined): number =>
  Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);

interface JsonTable {
  heading?: string;
  columns: string[];
  kinds: string[];
  rows: string[][];
  totalRows: number[];
}
type JsonReport = JsonTable & { title: string; notice?: string; emptyText: string; sections?: JsonTable[] };

describe('budget report', () => {
  it('answers the applied budget as PDF, XLSX and CSV files', async () => {
    const s = await setup();
    await applied(s);
    const files = {
      pdf: { type: 'application/pdf', magic: '%PDF-' },
      xlsx: {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        magic: 'PK\u0003\u0004',
      },
      csv: { type: 'text/csv; charset=utf-8', magic: '\uFEFF' },
    } as const;
    for (const [format, expected] of Object.entries(files)) {
      const res = await as(h, accountant).get(url(s, format));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(expected.type);
      expect(res.rawPayload.subarray(0, Buffer.byteLength(expected.magic)).toString('utf8')).toBe(
        expected.magic,
      );
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="budget-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
      );
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('writes the contributions, the expenses and every member’s fee, adding up to the cent', async () => {
    const s = await setup();
    await applied(s);
    const { title, tables } = await csvTables(s, admin);
    expect(title).toEqual(['Budget and condo fees']);
    const [revenues, expenses, members] = tables;
    expect(revenues).toEqual([
      ['Revenues: contributions'],
      ['Contribution', 'Category', 'Applies to', 'Annual amount', 'Monthly (January 2026)', 'Ends on'],
      ['Condo fees', 'Condo fees', 'All units', '$12,000.00', '$1,000.00', ''],
      ['Contingency fund', 'Contingency fund contributions', 'All units', '$1,000.00', '$83.34', ''],
      ['Parking', 'Condo fees', 'All parkings', '$240.00', '$20.00', ''],
      ['Total contributions', '', '', '$13,240.00', '$1,103.34', ''],
    ]);
    expect(expenses).toEqual([
      ['Expenses'],
      ['Category', 'Budgeted amount', 'Comment'],
      ['Insurance', '$10,000.00', 'Renewal in May, 5% more'],
      ['Snow removal', '$2,500.00', ''],
      ['Total expenses', '$12,500.00', ''],
      ['Total contributions', '$13,240.00', ''],
      ['Surplus', '$740.00', ''],
      ['Contingency fund', '$1,000.00', '7.6% of the contributions.'],
    ]);
    expect(members?.slice(0, 2)).toEqual([
      ['Monthly fees by unit, parking and locker'],
      ['Type', 'Number', 'Billed to unit', 'Monthly fee (January 2026)', 'Annual total', 'Note'],
    ]);
    const memberRows = members?.slice(2, -1) ?? [];
    expect(memberRows.map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual([
      ['Unit', '101', '101', '$6,500.00', ''],
      ['Unit', '102', '102', '$3,900.00', ''],
      ['Unit', '103', '103', '$2,600.00', ''],
      ['Unit', '104', '104', '', 'Left out: no monthly fees'],
      ['Parking', 'P1', '101', '$240.00', ''],
      ['Locker', 'L1', '', '$0.00', ''],
    ]);
    // Every member's year adds up to the budget, and their first month to what the contributions bill.
    expect(memberRows.reduce((sum, r) => sum + centsOf(r[4]), 0)).toBe(1_324_000);
    expect(memberRows.reduce((sum, r) => sum + centsOf(r[3]), 0)).toBe(110_334);
    expect(members?.at(-1)).toEqual(['Total fees', '', '', '$1,103.34', '$13,240.00', '']);
  });

  it('writes French headers, words and amounts', async () => {
    const s = await setup();
    await applied(s);
    const { title, tables } = await csvTables(s, adminFr);
    expect(title).toEqual(['Budget prévisionnel et contributions']);
    expect(tables.map((t) => t[0]?.[0])).toEqual([
      'Revenus : contributions',
      'Dépenses',
      'Contributions mensuelles par unité, stationnement et casier',
    ]);
    expect(tables[0]?.[1]).toEqual([
      'Contribution',
      'Catégorie',
      "S'applique à",
      'Montant annuel',
      'Mensuel (janvier 2026)',
      'Se termine le',
    ]);
    expect(tables[0]?.[2]?.slice(2, 5)).toEqual([
      'Toutes les unités',
      '12\u00a0000,00\u00a0$',
      '1\u00a0000,00\u00a0$',
    ]);
    expect(tables[1]?.at(-2)).toEqual(['Surplus', '740,00\u00a0$', '']);
    expect(tables[2]?.[1]?.[3]).toBe('Contribution mensuelle (janvier 2026)');
    expect(tables[2]?.[5]?.[5]).toBe('Exclu : sans contributions mensuelles');
  });

  it('writes a worksheet per table, amounts as numbers in the currency format, totals in bold', async () => {
    const s = await setup();
    await applied(s);
    const res = await as(h, adminFr).get(url(s, 'xlsx'));
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Revenus',
      'Dépenses',
      'Contributions mensuelles',
    ]);
    const [revenues, expenses, members] = workbook.worksheets;
    if (!revenues || !expenses || !members) throw new Error('missing worksheets');
    expect(revenues.getRow(1).getCell(4).text).toBe('Montant annuel');
    expect(revenues.getRow(1).getCell(1).font?.bold).toBe(true);
    const annual = revenues.getRow(2).getCell(4);
    expect(annual.value).toBe(12_000);
    expect(annual.numFmt).toBe('#,##0.00 "$";-#,##0.00 "$"');
    const total = revenues.getRow(5);
    expect([total.getCell(1).value, total.getCell(4).value, total.getCell(5).value]).toEqual([
      'Total des contributions',
      13_240,
      1_103.34,
    ]);
    expect(total.getCell(1).font?.bold).toBe(true);
    expect(revenues.getRow(4).getCell(1).font?.bold).not.toBe(true);
    expect(expenses.getRow(6).getCell(2).value).toBe(740);

    // Members: rows 2 to 7, then the total; their annual totals add up to the budget.
    const annualTotals = [2, 3, 4, 5, 6, 7].map((r) => members.getRow(r).getCell(5).value);
    const cents = annualTotals.reduce<number>((sum, v) => sum + Math.round(Number(v ?? 0) * 100), 0);
    expect(cents).toBe(1_324_000);
    expect(members.getRow(8).getCell(5).value).toBe(13_240);
    expect(members.getRow(5).getCell(6).text).toBe('Exclu : sans contributions mensuelles');
  });

  it('draws the tables in the PDF, with their headings and amounts', async () => {
    const s = await setup();
    await applied(s);
    const res = await as(h, adminFr).get(url(s, 'pdf'));
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Budget prévisionnel et contributions',
      'Revenus : contributions',
      'Dépenses',
      'Contributions mensuelles par unité, stationnement et casier',
      'Total des contributions',
      '13\u00a0240,00\u00a0$',
      'Page 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('uses the latest applied budget, else the latest draft and says so', async () => {
    const s = await setup();
    const none = (await as(h, admin).get(url(s, 'json'))).json() as JsonReport;
    expect(none.title).toBe('Budget and condo fees');
    expect(none.rows).toEqual([]);
    expect(none.emptyText).toBe('No budget has been prepared for this fiscal year.');

    await createBudget(s, budgetBody(s, { budgetedAmounts: {} }));
    const newer = await createBudget(s, budgetBody(s, { budgetedAmounts: {}, budgetedComments: {} }));
    await as(h, admin).put(`${s.base}/budgets/${newer}`, {
      ...budgetBody(s),
      contributions: [
        {
          name: 'Draft fees',
          amount: 600_000,
          category: s.categories.get('condoFees'),
          appliesTo: 'all:units',
        },
      ],
    });
    const draft = (await as(h, admin).get(url(s, 'json'))).json() as JsonReport;
    expect(draft.title).toBe('Budget and condo fees (draft, not applied)');
    expect(draft.notice).toMatch(/latest draft/);
    expect(draft.rows.map((r) => r[0])).toEqual(['Draft fees', 'Total contributions']);
    expect(draft.sections?.map((t) => t.heading)).toEqual([
      'Expenses',
      'Monthly fees by unit, parking and locker',
    ]);
    expect(draft.kinds).toEqual(['text', 'text', 'text', 'money', 'money', 'date']);
    expect(draft.totalRows).toEqual([1]);

    await applied(s);
    await createBudget(s, budgetBody(s, { contributions: [] }));
    const report = (await as(h, admin).get(url(s, 'json'))).json() as JsonReport;
    expect(report.title).toBe('Budget and condo fees');
    expect(report.notice).toBeUndefined();
    expect(report.rows.map((r) => r[0])).toEqual([
      'Condo fees',
      'Contingency fund',
      'Parking',
      'Total contributions',
    ]);
    const pdf = pdfText((await as(h, admin).get(url(s, 'pdf'))).rawPayload);
    expect(pdf).not.toContain('draft');
  });

  it('warns when the contingency fund gets less than the 5 % the law asks', async () => {
    const s = await setup();
    const body = budgetBody(s);
    await createBudget(s, { ...body, contributions: [body.contributions[0], body.contributions[2]] });
    const report = (await as(h, admin).get(url(s, 'json'))).json() as JsonReport;
    expect(report.sections?.[0]?.rows.at(-1)).toEqual([
      'Contingency fund',
      '$0.00',
      '0% of the contributions. Under the 5% minimum that Quebec law sets for the contingency fund.',
    ]);
  });

  it('is not served to owners', async () => {
    const s = await setup();
    await applied(s);
    expect((await as(h, owner).get(url(s, 'json'))).statusCode).toBe(403);
    expect((await as(h, owner).get(url(s, 'pdf'))).statusCode).toBe(403);
  });
});
