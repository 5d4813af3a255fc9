import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { as, createHarness, type Harness } from '../../../test/harness';
import { issueKeys } from '../../../test/registry-fixtures';
import { parseCsv, pdfText } from '../../../test/report-files';
import { accountsBuilding, member, type AccountsBuilding } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

interface JsonReport {
  title: string;
  columns: string[];
  kinds: string[];
  rows: string[][];
  totalRows: number[];
  heading?: string;
  sections?: { heading?: string; columns: string[]; rows: string[][] }[];
}

/**
 * 101 (Ann) owes January in part and February; 102 (Bo) owes part of April; 103 was sold on
 * March 1st by Cy to Di with Cy's January fee left on the old account, and Di owes mid-March.
 */
async function receivables(t: AccountsBuilding) {
  const unit101 = await t.unit('101', [await t.person('Ann')]);
  const unit102 = await t.unit('102', [await t.person('Bo')]);
  const unit103 = await t.unit('103', [await t.person('Cy')]);
  await t.fee(unit101.aid, 30_000, '2026-01-01');
  await t.fee(unit101.aid, 30_000, '2026-02-01');
  await t.payment(unit101.aid, 20_000, '2026-02-10', 'check', '12');
  await t.fee(unit102.aid, 10_000, '2026-04-01');
  await t.payment(unit102.aid, 4_000, '2026-04-05');
  await t.fee(unit103.aid, 5_000, '2026-01-10');
  const di = await t.person('Di');
  const sold = await as(h, t.admin).post(`${t.base}/units/${unit103.uuid}/sale`, {
    date: '2026-03-01',
    newOwners: [di],
    balance: 'leave',
  });
  expect(sold.statusCode, sold.body).toBe(201);
  await t.fee(await t.aidOf(unit103.uuid), 7_000, '2026-03-15');
  return { unit101, unit102, unit103 };
}

const report = (t: AccountsBuilding, name: string, query: string) => `${t.base}/reports/${name}?${query}`;

describe('receivables reports', () => {
  it('ages every account at a date, former owners’ accounts included, with exact buckets and totals', async () => {
    const t = await accountsBuilding(h);
    const { unit103 } = await receivables(t);
    const res = await as(h, t.admin).get(report(t, 'receivables-aging', 'format=json&asOf=2026-04-15'));
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json() as JsonReport;
    expect(json.title).toBe('Receivables aging');
    expect(json.columns).toEqual([
      'Unit',
      'Owners',
      'Balance',
      'Current',
      '30 days',
      '60 days',
      '90 days and more',
    ]);
    expect(json.kinds).toEqual(['text', 'text', 'money', 'money', 'money', 'money', 'money']);
    // 101: January's 10,000 left is 104 days old, February 73; 102: 14 days; 103 (Di): 31 days;
    // Cy's January fee (95 days) stays on the former owner's account.
    expect(json.rows).toEqual([
      ['101', 'Ann', '$400.00', '$0.00', '$0.00', '$300.00', '$100.00'],
      ['102', 'Bo', '$60.00', '$60.00', '$0.00', '$0.00', '$0.00'],
      [`103 (former owner, account ${unit103.aid})`, 'Cy', '$50.00', '$0.00', '$0.00', '$0.00', '$50.00'],
      ['103', 'Di', '$70.00', '$0.00', '$70.00', '$0.00', '$0.00'],
      ['Total', '', '$580.00', '$60.00', '$70.00', '$300.00', '$150.00'],
    ]);
    expect(json.totalRows).toEqual([4]);

    // On March 1st: February's fee is current, January's 10,000 (59 days) and Cy's fee (50 days) are 30 days old.
    const march = (
      await as(h, t.admin).get(report(t, 'receivables-aging', 'format=json&asOf=2026-03-01'))
    ).json() as JsonReport;
    expect(march.rows.at(-1)).toEqual(['Total', '', '$450.00', '$300.00', '$150.00', '$0.00', '$0.00']);
  });

  it('writes the aging in French, and as PDF, XLSX and CSV', async () => {
    const t = await accountsBuilding(h);
    await receivables(t);
    const fr = { 'accept-language': 'fr-CA' };
    const json = (
      await as(h, t.admin).get(report(t, 'receivables-aging', 'format=json&asOf=2026-04-15'), fr)
    ).json() as JsonReport;
    expect(json.title).toBe('Âge des comptes clients');
    expect(json.columns).toEqual([
      'Unité',
      'Copropriétaires',
      'Solde',
      'Courant',
      '30 jours',
      '60 jours',
      '90 jours et plus',
    ]);
    expect(json.rows[0]).toEqual([
      '101',
      'Ann',
      '400,00\u00a0$',
      '0,00\u00a0$',
      '0,00\u00a0$',
      '300,00\u00a0$',
      '100,00\u00a0$',
    ]);
    expect(json.rows.at(-1)?.[0]).toBe('Total');

    const pdf = await as(h, t.admin).get(report(t, 'receivables-aging', 'format=pdf&asOf=2026-04-15'), fr);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const word of ['ge des comptes clients', 'Copropriétaires', '90 jours et plus', '580,00'])
      expect(text).toContain(word);
    expect(pdf.headers['content-disposition']).toContain('age-comptes-clients-2026-04-15.pdf');

    const xlsx = await as(h, t.admin).get(report(t, 'receivables-aging', 'format=xlsx&asOf=2026-04-15'));
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet] = workbook.worksheets;
    expect(sheet?.name).toBe('Aging');
    expect(sheet?.getRow(2).values).toEqual([undefined, '101', 'Ann', 400, 0, 0, 300, 100]);
    expect(sheet?.getRow(6).getCell(3).value).toBe(580);
    expect(sheet?.getRow(6).getCell(1).font?.bold).toBe(true);

    const csv = await as(h, t.admin).get(report(t, 'receivables-aging', 'format=csv&asOf=2026-04-15'));
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Unit',
      'Owners',
      'Balance',
      'Current',
      '30 days',
      '60 days',
      '90 days and more',
    ]);
    expect(rows[5]).toEqual(['Total', '', '$580.00', '$60.00', '$70.00', '$300.00', '$150.00']);
  });

  it('gives the statements of one unit or of every unit, one account after another', async () => {
    const t = await accountsBuilding(h);
    const { unit101, unit103 } = await receivables(t);
    const one = (
      await as(h, t.admin).get(
        report(t, 'statements', `format=json&unitUuid=${unit101.uuid}&from=2026-02-01&to=2026-02-28`),
      )
    ).json() as JsonReport;
    expect(one.title).toBe('Statement of account of unit 101');
    expect(one.heading).toBe(
      `Unit 101 · Account ${unit101.aid} · Owners: Ann · From 2026-02-01 to 2026-02-28`,
    );
    expect(one.columns).toEqual(['Date', 'Kind', 'Description', 'Invoiced', 'Paid', 'Balance']);
    expect(one.rows).toEqual([
      ['2026-02-01', '', 'Opening balance', '', '', '$300.00'],
      ['2026-02-01', 'Monthly contribution', 'Fees 2026-02-01', '$300.00', '', '$600.00'],
      // A payment reads as what it is (DOMAIN 4), not as its description.
      ['2026-02-10', 'Payment', 'Check 12', '', '$200.00', '$400.00'],
      ['', '', 'Totals', '$300.00', '$200.00', ''],
      ['2026-02-28', '', 'Closing balance', '', '', '$400.00'],
    ]);
    expect(one.sections).toEqual([]);

    // Every unit, the whole year: 101, 102, then 103's two accounts.
    const all = (await as(h, t.admin).get(report(t, 'statements', 'format=json'))).json() as JsonReport;
    const headings = [all.heading, ...(all.sections ?? []).map((s) => s.heading)];
    expect(headings.map((heading) => heading?.split(' · ').slice(0, 3).join(' · '))).toEqual([
      `Unit 101 · Account ${unit101.aid} · Owners: Ann`,
      expect.stringMatching(/^Unit 102 · Account \d+ · Owners: Bo$/),
      `Unit 103 · Account ${unit103.aid} · Owners: Cy`,
      expect.stringMatching(/^Unit 103 · Account \d+ · Owners: Di$/),
    ]);
    expect(all.sections?.at(-1)?.rows.at(-1)).toEqual([
      '2026-12-31',
      '',
      'Closing balance',
      '',
      '',
      '$70.00',
    ]);

    const xlsx = await as(h, t.admin).get(report(t, 'statements', 'format=xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets).toHaveLength(4);
    const pdf = await as(h, t.admin).get(report(t, 'statements', 'format=pdf'));
    expect(pdfText(pdf.rawPayload)).toContain('Statements of account');

    const backwards = await as(h, t.admin).get(
      report(t, 'statements', 'format=json&from=2026-05-01&to=2026-01-01'),
    );
    expect(issueKeys(backwards)).toEqual(['to:validation.dateTooEarly']);
    const unknown = await as(h, t.admin).get(
      report(t, 'statements', 'format=json&unitUuid=00000000-0000-4000-8000-000000000000'),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the payments received in a period with method, check number and total, moved ones once', async () => {
    const t = await accountsBuilding(h);
    await receivables(t);
    // A payment after a sale date moves to the new owner's account: it is still received once.
    const unit = await t.unit('104', [await t.person('Eve')]);
    await t.payment(unit.aid, 1_500, '2026-04-20', 'check', '900');
    const buyer = await t.person('Fay');
    await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/sale`, {
      date: '2026-04-10',
      newOwners: [buyer],
      balance: 'carry',
    });
    const json = (
      await as(h, t.admin).get(report(t, 'payments-received', 'format=json&from=2026-02-01&to=2026-04-30'))
    ).json() as JsonReport;
    expect(json.columns).toEqual(['Date', 'Unit', 'Method', 'Check number', 'Description', 'Amount']);
    expect(json.rows).toEqual([
      ['2026-02-10', '101', 'Check', '12', 'Payment 2026-02-10', '$200.00'],
      ['2026-04-05', '102', 'Cash', '', 'Payment 2026-04-05', '$40.00'],
      ['2026-04-20', '104', 'Check', '900', 'Payment 2026-04-20', '$15.00'],
      ['', '', '', '', 'Total', '$255.00'],
    ]);
    const april = (
      await as(h, t.admin).get(report(t, 'payments-received', 'format=json&from=2026-04-06&to=2026-04-19'), {
        'accept-language': 'fr',
      })
    ).json() as JsonReport;
    expect(april.title).toBe('Paiements reçus');
    expect(april.rows).toEqual([]);
    const csv = await as(h, t.admin).get(
      report(t, 'payments-received', 'format=csv&from=2026-02-01&to=2026-02-28'),
    );
    expect(parseCsv(csv.body.replace(/^\uFEFF/, '')).slice(1)).toEqual([
      ['2026-02-10', '101', 'Check', '12', 'Payment 2026-02-10', '$200.00'],
      ['', '', '', '', 'Total', '$200.00'],
    ]);
  });

  it('is for readers of the reports only', async () => {
    const t = await accountsBuilding(h, { ownersFinancesAccess: 'all' });
    const owner = await member(h, t.b, 'owner', 'owner');
    for (const name of ['receivables-aging', 'statements', 'payments-received'])
      expect((await as(h, owner).get(report(t, name, 'format=json'))).statusCode).toBe(403);
    const accountant = await member(h, t.b, 'accountant', 'accountant');
    const aging = await as(h, accountant).get(report(t, 'receivables-aging', 'format=json'));
    expect(aging.statusCode).toBe(200);
    // No date given: today, kept inside the fiscal year.
    expect(aging.json().rows).toEqual([]);
  });
});
