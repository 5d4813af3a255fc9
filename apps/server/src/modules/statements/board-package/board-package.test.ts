import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '@copro/domain';
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
import { pdfText } from '../../../test/report-files';
import { postTransaction } from '../../ledger';
import { findRecord } from '../../registry';

/**
 * A French building (harness today 2026-11-25) with a bank holding $1,500.00 from two deposits,
 * January reconciled with the first one ticked. The reader speaks English: the package is in French.
 */
let h: Harness;
let b: BuildingFixture;
let accountant: TestUser;
const scope = () => ({ buildingId: b.id, fiscalYear: firstYear });

async function accountOf(
  collection: 'banks' | 'categories',
  body: object,
): Promise<{ uuid: string; aid: number }> {
  const uuid = await createDirectly(h, b, collection, body);
  const row = await findRecord(h.platform.db, scope(), collection, uuid);
  if (!row?.aid) throw new Error(`no account for ${uuid}`);
  return { uuid, aid: row.aid };
}

async function deposit(bank: number, capital: number, date: string, amount: number): Promise<string> {
  const view = await h.platform.db.transaction((tx) =>
    postTransaction(
      tx,
      scope(),
      { kind: 'system', id: 'backend' },
      {
        date,
        description: 'Dépôt',
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: bank, amount: cents(amount) },
          { aid: capital, amount: cents(-amount) },
        ],
      },
    ),
  );
  return view.uuid;
}

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(
    h,
    { locale: 'fr-CA', name: 'Les Jardins', address: { street: '12 rue des Érables', city: 'Montréal' } },
    { chart: true },
  );
  accountant = await createUser(h, 'accountant', { locale: 'en-CA' });
  await grantBuildingRole(h, b, accountant, 'accountant');
  const bank = await accountOf('banks', bankBody('Caisse'));
  const capital = await accountOf('categories', categoryBody('Capital', 'capital'));
  const first = await deposit(bank.aid, capital.aid, '2026-01-05', 100_000);
  await deposit(bank.aid, capital.aid, '2026-02-10', 50_000);
  const period = randomUUID();
  await h.platform.db.insert(reconciliationPeriod).values({
    buildingId: b.id,
    uuid: period,
    bankUuid: bank.uuid,
    fiscalYear: firstYear,
    periodStart: '2026-01-01',
    periodEnd: '2026-02-01',
    startingBalance: cents(0),
    closingBalance: cents(100_000),
    isReconciled: true,
  });
  await h.platform.db
    .insert(reconciliationClearing)
    .values({ buildingId: b.id, bankUuid: bank.uuid, transactionUuid: first, periodUuid: period });
});
afterAll(async () => h.close());

const url = (query: string) => `${yearPath(b)}/board-package?${query}`;

const frenchTitles = [
  'Bilan',
  'État des résultats et budget',
  'Âge des comptes clients',
  'Âge des comptes fournisseurs',
  'Conciliations bancaires',
  'Registre des chèques',
];

/** Where each text occurs, from `start` on, one after the other; -1 once one is missing. */
function positions(text: string, words: readonly string[], start: number): number[] {
  let from = start;
  return words.map((word) => {
    const at = from < 0 ? -1 : text.indexOf(word, from);
    from = at < 0 ? -1 : at + word.length;
    return at;
  });
}

describe('board package', () => {
  it('is one PDF in the building’s language: a cover with its contents, then each report in order', async () => {
    const res = await as(h, accountant).get(url('from=2026-01-01&to=2026-03-31'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('dossier-du-conseil-2026-01-01-2026-03-31.pdf');
    const text = pdfText(res.rawPayload);
    const cover = positions(
      text,
      ['Dossier du conseil', 'Les Jardins', '12 rue des Érables', 'Table des matières'],
      0,
    );
    expect(
      cover.every((at) => at >= 0),
      text.slice(0, 400),
    ).toBe(true);
    // The contents list the reports, then each report starts under its title, in the same order.
    const contents = positions(text, frenchTitles, cover[3] ?? 0);
    expect(contents.every((at) => at >= 0)).toBe(true);
    const sections = positions(text, frenchTitles, (contents.at(-1) ?? 0) + 1);
    expect(
      sections.every((at) => at >= 0),
      text,
    ).toBe(true);
    expect(text).toContain('Page 1 de ');
    // The bank reconciliation of January, in French.
    expect(text).toContain('Conciliée');
  });

  it('is one workbook with a sheet per report', async () => {
    const res = await as(h, accountant).get(url('format=xlsx&to=2026-03-31'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('dossier-du-conseil-2026-01-01-2026-03-31.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Bilan',
      'État des résultats',
      'Âge des comptes clients',
      'Âge des comptes fournisseurs',
      'Conciliations bancaires',
      'Registre des chèques',
    ]);
    const banks = workbook.getWorksheet('Conciliations bancaires');
    const rows = (banks?.getSheetValues() ?? []).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(rows).toContainEqual([
      'Caisse',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-31T00:00:00Z'),
      0,
      1000,
      0,
      1000,
      0,
      'Conciliée',
    ]);
    // At the end of March the February deposit is still outstanding.
    expect(rows).toContainEqual(['Caisse', '1', 500, 0]);
  });

  it('refuses a period outside the fiscal year', async () => {
    const res = await as(h, accountant).get(url('from=2026-04-01&to=2027-01-15'));
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['to:validation.dateTooLate']);
  });

  it('is for the readers of reports: not owners nor residents', async () => {
    for (const role of ['owner', 'resident'] as const) {
      const user = await createUser(h, role);
      await grantBuildingRole(h, b, user, role);
      expect((await as(h, user).get(url('format=xlsx'))).statusCode).toBe(403);
    }
  });
});
