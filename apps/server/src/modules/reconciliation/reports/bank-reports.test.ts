import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, type ReconciliationChange, type TransactionMeaning } from '@copro/domain';
import { reconciliationClearing, reconciliationPeriod } from '../../../db/schema/index';
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
import {
  bankBody,
  categoryBody,
  createDirectly,
  firstYear,
  issueKeys,
  yearPath,
} from '../../../test/registry-fixtures';
import { parseCsv, pdfText } from '../../../test/report-files';
import { cancelTransaction, postTransaction } from '../../ledger';
import { findRecord } from '../../registry';

/**
 * One building (harness today 2026-11-25). The "Caisse" checking account (operating fund):
 *
 *   2026-01-01 opening deposit   +1,000.00   ticked in January
 *   2026-01-10 wire transfer       +500.00   ticked in January
 *   2026-01-20 check 101           −200.00   ticked in January
 *   2026-01-28 check 102            −50.00   ticked in February (carried forward)
 *   2026-02-05 deposit             +300.00   ticked in February
 *   2026-02-10 bank fee             −10.00   ticked in February, then cancelled: counts nowhere
 *   2026-03-15 deposit              +70.00   never ticked
 *
 * January [01-01, 02-01): 0 + 1,500 − 200 − closing 1,300 = 0, reconciled. February [02-01,
 * 03-01): 1,300 + 300 − 50 − closing 1,550 = 0, reopened by a correction with one change.
 * "Fonds de prévoyance" (contingency fund): one deposit of 2,000.00 on 2026-01-15, no period.
 */
let h: Harness;
let b: BuildingFixture;
let admin: TestUser;
let caisse: { uuid: string; aid: number };
let fonds: { uuid: string; aid: number };
const january = randomUUID();
const february = randomUUID();

const source = { kind: 'system', id: 'backend' } as const;
const scope = () => ({ buildingId: b.id, fiscalYear: firstYear });

async function post(
  bank: number,
  other: number,
  date: string,
  amount: number,
  description: string,
  extra: { checkNumber?: string; meaning?: TransactionMeaning } = {},
): Promise<string> {
  const view = await h.platform.db.transaction((tx) =>
    postTransaction(
      tx,
      scope(),
      source,
      {
        date,
        description,
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: bank, amount: cents(amount) },
          { aid: other, amount: cents(-amount) },
        ],
      },
      extra,
    ),
  );
  return view.uuid;
}

async function period(row: {
  uuid: string;
  bankUuid: string;
  periodStart: string;
  periodEnd: string;
  startingBalance: number;
  closingBalance: number;
  isReconciled: boolean;
  changes?: ReconciliationChange[];
  cleared: string[];
}) {
  const { cleared, ...values } = row;
  await h.platform.db.insert(reconciliationPeriod).values({
    ...values,
    buildingId: b.id,
    fiscalYear: firstYear,
    startingBalance: cents(values.startingBalance),
    closingBalance: cents(values.closingBalance),
    changes: values.changes ?? null,
  });
  await h.platform.db.insert(reconciliationClearing).values(
    cleared.map((transactionUuid) => ({
      buildingId: b.id,
      bankUuid: row.bankUuid,
      transactionUuid,
      periodUuid: row.uuid,
    })),
  );
}

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, { locale: 'en-CA' });
  admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const account = async (collection: string, body: object) => {
    const uuid = await createDirectly(h, b, collection, body);
    const row = await findRecord(
      h.platform.db,
      scope(),
      collection === 'banks' ? 'banks' : 'categories',
      uuid,
    );
    if (!row?.aid) throw new Error(`no account for ${uuid}`);
    return { uuid, aid: row.aid };
  };
  caisse = await account('banks', bankBody('Caisse'));
  fonds = await account('banks', bankBody('Fonds de prévoyance', { fund: 'contingency' }));
  const capital = (await account('categories', categoryBody('Capital', 'capital'))).aid;
  const opening = await post(caisse.aid, capital, '2026-01-01', 100_000, 'Opening deposit');
  const wire = await post(caisse.aid, capital, '2026-01-10', 50_000, 'Wire', {
    meaning: { kind: 'wireTransfer', unit: '101' },
  });
  const check101 = await post(caisse.aid, capital, '2026-01-20', -20_000, 'Plumber', { checkNumber: '101' });
  const check102 = await post(caisse.aid, capital, '2026-01-28', -5_000, 'Locksmith', { checkNumber: '102' });
  const deposit = await post(caisse.aid, capital, '2026-02-05', 30_000, 'Deposit');
  const fee = await post(caisse.aid, capital, '2026-02-10', -1_000, 'Bank fee');
  await post(caisse.aid, capital, '2026-03-15', 7_000, 'Late deposit');
  await post(fonds.aid, capital, '2026-01-15', 200_000, 'Contingency contributions');
  await period({
    uuid: january,
    bankUuid: caisse.uuid,
    periodStart: '2026-01-01',
    periodEnd: '2026-02-01',
    startingBalance: 0,
    closingBalance: 130_000,
    isReconciled: true,
    cleared: [opening, wire, check101],
  });
  await period({
    uuid: february,
    bankUuid: caisse.uuid,
    periodStart: '2026-02-01',
    periodEnd: '2026-03-01',
    startingBalance: 130_000,
    closingBalance: 155_000,
    isReconciled: false,
    changes: [{ kind: 'difference', before: cents(0), after: cents(1_000) }],
    cleared: [check102, deposit, fee],
  });
  await h.platform.db.transaction((tx) => cancelTransaction(tx, scope(), source, fee, 'Refunded'));
});
afterAll(async () => h.close());

/** French amounts as Intl writes them: no-break spaces. */
const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

const url = (report: string, query = '') => `${yearPath(b)}/bank-reports/${report}?${query}`;

async function json(report: string, query = '', headers: Record<string, string> = {}) {
  const res = await as(h, admin).get(url(report, query), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('bank balances', () => {
  it('gives each bank’s balance in the books, last reconciled period and what was outstanding', async () => {
    const report = await json('balances', 'at=2026-01-31');
    expect(report.title).toBe('Bank balances');
    expect(report.columns).toEqual([
      'Bank account',
      'Fund',
      'Balance in the books',
      'Reconciled through',
      'Statement balance',
      'Outstanding items',
      'Outstanding deposits',
      'Outstanding checks',
    ]);
    expect(report.rows).toEqual([
      // 1,000 + 500 − 200 − 50; January ended on the 31st; check 102 was not on its statement.
      ['Caisse', 'Operating fund', '$1,250.00', '2026-01-31', '$1,300.00', '1', '$0.00', '$50.00'],
      ['Fonds de prévoyance', 'Contingency fund', '$2,000.00', '', '', '1', '$2,000.00', '$0.00'],
      ['Total', '', '$3,250.00', '', '', '2', '$2,000.00', '$50.00'],
    ]);
    expect(report.totalRows).toEqual([2]);

    // Today: February is ended but not reconciled; the cancelled fee moved nothing; only the
    // March deposit is outstanding, and 1,620 − 70 is February's statement balance.
    const today = await json('balances');
    expect(today.rows[0]).toEqual([
      'Caisse',
      'Operating fund',
      '$1,620.00',
      '2026-01-31',
      '$1,300.00',
      '1',
      '$70.00',
      '$0.00',
    ]);
  });

  it('refuses a day outside the fiscal year', async () => {
    const res = await as(h, admin).get(url('balances', 'at=2027-01-01'));
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['at:validation.dateTooLate']);
  });
});

describe('reconciliation status', () => {
  it('lists each period with its balances, ticked credits and debits, difference and status', async () => {
    const report = await json('reconciliation-status');
    expect(report.rows).toEqual([
      [
        'Caisse',
        '2026-01-01',
        '2026-01-31',
        '$0.00',
        '$1,500.00',
        '$200.00',
        '$1,300.00',
        '$0.00',
        'Reconciled',
      ],
      // The fee's tick is left, but it was cancelled: it no longer counts.
      [
        'Caisse',
        '2026-02-01',
        '2026-02-28',
        '$1,300.00',
        '$300.00',
        '$50.00',
        '$1,550.00',
        '$0.00',
        'Reopened, changes to review',
      ],
    ]);
    const fr = await json('reconciliation-status', '', { 'accept-language': 'fr-CA' });
    expect(fr.title).toBe('État des conciliations');
    expect(fr.rows[0]?.[8]).toBe('Conciliée');
    expect(fr.rows[1]?.[8]).toBe('Rouverte, changements à vérifier');
  });
});

describe('outstanding items', () => {
  it('lists what no period ended by the date ticked, in the reader’s language, with totals per bank', async () => {
    const report = await json('outstanding', 'at=2026-01-31');
    expect(report.rows).toEqual([
      ['Caisse', '2026-01-28', 'Locksmith', '102', '', '$50.00'],
      ['Total Caisse', '', '', '', '$0.00', '$50.00'],
      ['Fonds de prévoyance', '2026-01-15', 'Contingency contributions', '', '$2,000.00', ''],
      ['Total Fonds de prévoyance', '', '', '', '$2,000.00', '$0.00'],
    ]);
    expect(report.totalRows).toEqual([1, 3]);

    // Before January is over, its ticks do not count yet: everything of the month is outstanding.
    const mid = await json('outstanding', 'at=2026-01-15', { 'accept-language': 'fr-CA' });
    expect(mid.rows.slice(0, 3)).toEqual([
      ['Caisse', '2026-01-01', 'Opening deposit', '', nbsp('1 000,00 $'), ''],
      ['Caisse', '2026-01-10', 'Virement, unité 101', '', nbsp('500,00 $'), ''],
      ['Total Caisse', '', '', '', nbsp('1 500,00 $'), nbsp('0,00 $')],
    ]);
  });

  it('downloads as CSV, PDF and XLSX', async () => {
    const csv = await as(h, admin).get(url('outstanding', 'at=2026-01-31&format=csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('outstanding-items-2026-01-31.csv');
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([
      ['Bank account', 'Date', 'Description', 'Check number', 'Money in', 'Money out'],
      ['Caisse', '2026-01-28', 'Locksmith', '102', '', '$50.00'],
      ['Total Caisse', '', '', '', '$0.00', '$50.00'],
      ['Fonds de prévoyance', '2026-01-15', 'Contingency contributions', '', '$2,000.00', ''],
      ['Total Fonds de prévoyance', '', '', '', '$2,000.00', '$0.00'],
    ]);

    const pdf = await as(h, admin).get(url('balances', 'at=2026-01-31&format=pdf'), {
      'accept-language': 'fr-CA',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('soldes-bancaires-2026-01-31.pdf');
    const text = pdfText(pdf.rawPayload);
    for (const words of ['Soldes bancaires', 'Au 2026-01-31', 'Fonds de pr', '3\u00a0250,00'])
      expect(text).toContain(words);

    const xlsx = await as(h, admin).get(url('reconciliation-status', 'format=xlsx'));
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet] = workbook.worksheets;
    expect(sheet?.name).toBe('Reconciliation status');
    const row = sheet?.getRow(2).values as unknown[];
    expect(row.slice(1, 8)).toEqual([
      'Caisse',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-31T00:00:00Z'),
      0,
      1500,
      200,
      1300,
    ]);
  });
});

describe('who reads them', () => {
  it('answers 403 to an owner of a building that keeps its books closed', async () => {
    const owner = await createUser(h, 'owner');
    await grantBuildingRole(h, b, owner, 'owner');
    expect((await as(h, owner).get(url('balances'))).statusCode).toBe(403);
    const accountant = await createUser(h, 'accountant');
    await grantBuildingRole(h, b, accountant, 'accountant');
    expect((await as(h, accountant).get(url('balances'))).statusCode).toBe(200);
  });
});
