import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';
import { emptyUnit } from '../../test/registry-fixtures';
import { parseCsv, pdfText } from '../../test/report-files';
import { csvField } from '../../platform/documents/render-csv';
import { drawableText, renderPdf } from '../../platform/documents/render-pdf';
import type { ReportDocument } from './report-data';

let h: Harness;
let b: BuildingFixture;
let admin: TestUser;
let adminFr: TestUser;
let accountant: TestUser;
let base: string;

const person = (firstName: string, lastName: string, extra: object = {}) => ({
  firstName,
  lastName,
  emails: [],
  phones: [],
  address: {},
  emergencyContact: {},
  ...extra,
});

async function created(url: string, body: object): Promise<string> {
  const res = await as(h, admin).post(`${base}/${url}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
}

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, { name: 'Les Jardins' }, { chart: true });
  admin = await createUser(h, 'admin', { locale: 'en-CA' });
  adminFr = await createUser(h, 'adminfr', { locale: 'fr-CA' });
  accountant = await createUser(h, 'accountant');
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, adminFr, 'admin');
  await grantBuildingRole(h, b, accountant, 'accountant');
  base = `/api/buildings/${b.ref}/fiscal-years/2026-01-01`;

  const alice = await created(
    'people',
    person('Alice', 'Tremblay', {
      emails: ['alice@example.test'],
      phones: [{ number: '514-555-0101', type: 'cell' }],
      locale: 'fr-CA',
      emergencyContact: { name: 'Luc Tremblay', phone: '514-555-0199' },
    }),
  );
  const zoe = await created('people', person('Zoé', 'Côté', { address: { street: '1, rue "Haute"' } }));
  const gone = await created('people', person('Gone', 'Archived'));
  expect((await as(h, admin).post(`${base}/people/${gone}/archive`, { archived: true })).statusCode).toBe(
    200,
  );

  await created('units', {
    ...emptyUnit,
    number: '10',
    voteShare: 0.3,
    owners: [{ personUuid: alice, from: '2020-01-01' }],
    waterHeater: { installationDate: '2010-01-01', warrantyEndDate: '2020-01-01', location: 'Closet' },
  });
  await created('units', {
    ...emptyUnit,
    number: '9',
    voteShare: 0.3,
    residents: [{ personUuid: zoe }],
    insurance: { provider: 'Desjardins', policyNumber: 'H-9', endDate: '2099-12-31' },
    waterHeater: { warrantyEndDate: '2099-12-31' },
  });
  const insured = await created('units', {
    ...emptyUnit,
    number: '100',
    voteShare: 0.3,
    insurance: { provider: 'Intact', policyNumber: 'I-100', endDate: '2099-12-31' },
    waterHeater: { warrantyEndDate: '2099-12-31' },
  });
  const proof = await as(h, admin).put(`${base}/units/${insured}/insurance-proof`, {
    fileName: 'proof.pdf',
    mimeType: 'application/pdf',
    dataUrl: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}`,
  });
  expect(proof.statusCode, proof.body).toBe(200);
  const archived = await created('units', { ...emptyUnit, number: '5', voteShare: 0.1 });
  expect((await as(h, admin).post(`${base}/units/${archived}/archive`, { archived: true })).statusCode).toBe(
    200,
  );
});
afterAll(async () => h.close());

const reports = ['roster', 'contacts', 'insurance', 'waterHeaters'] as const;
const formats = {
  pdf: { type: 'application/pdf', magic: '%PDF-' },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: 'PK\u0003\u0004',
  },
  csv: { type: 'text/csv; charset=utf-8', magic: '\uFEFF' },
} as const;

const reportUrl = (report: string, format: string) => `${base}/reports/${report}?format=${format}`;

async function csvOf(user: TestUser, report: string) {
  const res = await as(h, user).get(reportUrl(report, 'csv'));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return { res, rows: parseCsv(res.body.slice(1)) };
}

describe('registry reports', () => {
  it.each(
    reports.flatMap((report) => (['pdf', 'xlsx', 'csv'] as const).map((format) => [report, format] as const)),
  )('%s as %s answers the file', async (report, format) => {
    const res = await as(h, accountant).get(reportUrl(report, format));
    expect(res.statusCode, res.body).toBe(200);
    const expected = formats[format];
    expect(res.headers['content-type']).toBe(expected.type);
    expect(res.rawPayload.subarray(0, Buffer.byteLength(expected.magic)).toString('utf8')).toBe(
      expected.magic,
    );
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="[a-z-]+-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('writes the roster as CSV in the reader’s language, units by number, archived records left out', async () => {
    const en = await csvOf(admin, 'roster');
    expect(en.res.headers['content-disposition']).toMatch(/filename="roster-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(en.rows).toEqual([
      ['Unit', 'Role', 'Name', 'Emails', 'Phones', 'From', 'To'],
      ['9', 'Resident', 'Zoé Côté', '', '', '', ''],
      ['10', 'Owner', 'Alice Tremblay', 'alice@example.test', '514-555-0101 (Cell)', '2020-01-01', ''],
      ['100', '', '', '', '', '', ''],
    ]);
    const fr = await csvOf(adminFr, 'roster');
    expect(fr.res.headers['content-disposition']).toMatch(/filename="registre-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(fr.rows[0]).toEqual(['Unité', 'Rôle', 'Nom', 'Courriels', 'Téléphones', 'Début', 'Fin']);
    expect(fr.rows[2]?.slice(1, 5)).toEqual([
      'Copropriétaire',
      'Alice Tremblay',
      'alice@example.test',
      '514-555-0101 (Cellulaire)',
    ]);
  });

  it('quotes CSV fields that need it and keeps spreadsheet formulas from running', async () => {
    const { rows, res } = await csvOf(admin, 'contacts');
    expect(res.body).toContain('"1, rue ""Haute"""');
    expect(rows.map((r) => r[0])).toEqual(['Name', 'Zoé Côté', 'Alice Tremblay']);
    expect(rows[1]?.[3]).toBe('1, rue "Haute"');
    expect(rows[2]?.slice(4)).toEqual(['Français', '10 (Owner)', 'Luc Tremblay, 514-555-0199']);
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 514 555-0101')).toBe('+1 514 555-0101');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('lists only units whose insurance is missing, expired, expiring or without proof', async () => {
    const { rows } = await csvOf(admin, 'insurance');
    expect(rows.map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
      ['Unit', 'Status', 'Insurer', 'Owners'],
      // Unit 9 has an insurer and a date but no proof on file.
      ['9', 'No proof on file', 'Desjardins', ''],
      ['10', 'Missing', '', 'Alice Tremblay'],
    ]);
  });

  it('writes a spreadsheet with a bold, frozen header, dates as dates and the rows', async () => {
    const res = await as(h, adminFr).get(reportUrl('waterHeaters', 'xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="chauffe-eau-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    expect(sheet.name).toBe('Chauffe-eau');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(1).text).toBe('Unité');
    expect(header.getCell(4).text).toBe('Fin de la garantie');
    expect(sheet.actualRowCount).toBe(2);
    const row = sheet.getRow(2);
    expect([row.getCell(1).text, row.getCell(2).text, row.getCell(5).text, row.getCell(6).text]).toEqual([
      '10',
      'Garantie échue',
      'Closet',
      'Alice Tremblay',
    ]);
    expect(row.getCell(4).value).toEqual(new Date('2020-01-01T00:00:00Z'));
    expect(sheet.getColumn(5).width).toBeGreaterThan(8);
  });

  it('answers the rows as JSON for the page, with translated column names', async () => {
    const res = await as(h, adminFr).get(reportUrl('insurance', 'json'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { columns: string[]; rows: string[][] };
    expect(body.columns.slice(0, 3)).toEqual(['Unité', 'État', 'Assureur']);
    expect(body.rows.map((r) => r[0])).toEqual(['9', '10']);
  });

  it('refuses owners, residents and handlers, and answers 404 for an unknown report', async () => {
    for (const role of ['owner', 'resident', 'handler'] as const) {
      const user = await createUser(h, role);
      await grantBuildingRole(h, b, user, role);
      expect((await as(h, user).get(reportUrl('roster', 'pdf'))).statusCode, role).toBe(403);
      expect((await as(h, user).get(reportUrl('contacts', 'json'))).statusCode, role).toBe(403);
    }
    expect((await as(h, admin).get(reportUrl('ledger', 'pdf'))).statusCode).toBe(404);
    expect((await as(h, admin).get(reportUrl('roster', 'doc'))).statusCode).toBe(400);
    expect(
      (await as(h, admin).get(`/api/buildings/${b.ref}/fiscal-years/2020-01-01/reports/roster?format=csv`))
        .statusCode,
    ).toBe(404);
  });
});

describe('PDF rendering', () => {
  const document = (rows: string[][]): ReportDocument => ({
    title: 'Liste des copropriétaires',
    subtitle: 'Les Jardins · Exercice financier 2026',
    sheetName: 'Registre',
    columns: [
      { label: 'Unité', kind: 'text' },
      { label: 'Nom', kind: 'text' },
      { label: 'Début', kind: 'date' },
    ],
    rows,
    emptyText: 'Rien à signaler.',
    pageLabel: (page, pages) => `Page ${page} de ${pages}`,
  });

  it('repeats the header on every page and numbers the pages', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      String(i + 1),
      `Personne numéro ${i + 1}`,
      '2026-01-01',
    ]);
    const text = pdfText(await renderPdf(document(rows)));
    expect(text).toContain('Liste des copropriétaires');
    const pages = text.match(/Page \d+ de (\d+)/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toBe(`Page 1 de ${pages.length}`);
    expect(text.match(/^Unité$/gm)?.length).toBe(pages.length);
    expect(text).toContain('Personne numéro 120');
  });

  it('keeps French as is and falls back for what the built-in fonts cannot draw', () => {
    expect(drawableText('Zoé Côté « Œuvre » – 5 €')).toBe('Zoé Côté « Œuvre » – 5 €');
    expect(drawableText('Nguyễn 李 😀')).toBe('Nguyen ? ?');
  });

  it('says so when there is nothing to report', async () => {
    const text = pdfText(await renderPdf(document([])));
    expect(text).toContain('Rien à signaler.');
    expect(text).toContain('Page 1 de 1');
  });
});
