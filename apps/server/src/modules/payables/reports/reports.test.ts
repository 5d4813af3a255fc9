import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../../../test/harness';
import { bankBody, createDirectly, issueKeys, supplierBody } from '../../../test/registry-fixtures';
import { parseCsv, pdfText } from '../../../test/report-files';
import { payablesSetup, type PayablesSetup } from '../test-fixtures';
import { insertInvoice, insertPayment } from './test-rows';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const report = (s: PayablesSetup, name: string, query = '') => `${s.base}/payables-reports/${name}?${query}`;

async function json(s: PayablesSetup, name: string, query = '') {
  const res = await as(h, s.admin).get(report(s, name, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A second supplier, named to come first. */
const alpha = (s: PayablesSetup) => createDirectly(h, s.b, 'suppliers', supplierBody('Alpha Plomberie'));

/**
 * At 2026-06-30, Déneigement Nord (A) is owed an invoice 95 days old and one 40 days old, less an
 * unused credit note; Alpha (B) one not due yet and one 70 days past due, partly paid. Around them:
 * what must not count (a payment after the date, a payment pending approval, a cancelled invoice,
 * an invoice paid in full).
 */
async function agingScenario(s: PayablesSetup) {
  const [snow] = s.expenses;
  const b = await alpha(s);
  const old = await insertInvoice(s, {
    date: '2026-03-27',
    lines: [[snow.uuid, 100_000]],
    taxes: [['GST', 5_000]],
  });
  const recent = await insertInvoice(s, { date: '2026-05-21', lines: [[snow.uuid, 20_000]] });
  await insertInvoice(s, { date: '2026-06-01', creditNote: true, lines: [[snow.uuid, 5_000]] });
  await insertInvoice(s, { date: '2026-06-02', lines: [[snow.uuid, 77_700]], cancelled: true });
  await insertInvoice(s, {
    supplierUuid: b,
    date: '2026-06-15',
    dueDate: '2026-07-15',
    lines: [[snow.uuid, 30_000]],
  });
  const partly = await insertInvoice(s, {
    supplierUuid: b,
    date: '2026-04-01',
    dueDate: '2026-04-21',
    lines: [[snow.uuid, 50_000]],
  });
  const paidOff = await insertInvoice(s, {
    supplierUuid: b,
    date: '2026-02-01',
    lines: [[snow.uuid, 8_000]],
  });
  await insertPayment(s, { supplierUuid: b, date: '2026-05-01', invoices: [[partly, 20_000]] });
  await insertPayment(s, { supplierUuid: b, date: '2026-02-15', invoices: [[paidOff, 8_000]] });
  await insertPayment(s, { date: '2026-07-05', invoices: [[recent, 10_000]] });
  await insertPayment(s, {
    date: '2026-06-01',
    status: 'pending',
    approvalStatus: 'pending',
    invoices: [[old, 5_000]],
  });
  return { supplierB: b };
}

describe('payables aging', () => {
  it('ages each supplier’s open invoices by due date, partly paid ones for what is left', async () => {
    const s = await payablesSetup(h);
    const { supplierB } = await agingScenario(s);
    const aging = await json(s, 'aging', 'asOf=2026-06-30');
    expect(aging).toEqual({
      asOf: '2026-06-30',
      rows: [
        {
          supplierUuid: supplierB,
          supplierName: 'Alpha Plomberie',
          // Not due until July; 70 days past due with 30,000 of 50,000 left.
          buckets: { current: 30_000, days30: 0, days60: 30_000, days90: 0 },
          total: 60_000,
        },
        {
          supplierUuid: s.supplier.uuid,
          supplierName: 'Déneigement Nord',
          // The credit note off current; 40 days; 95 days (the pending payment pays nothing yet).
          buckets: { current: -5_000, days30: 20_000, days60: 0, days90: 105_000 },
          total: 120_000,
        },
      ],
      totals: { current: 25_000, days30: 20_000, days60: 30_000, days90: 105_000 },
      total: 180_000,
    });

    // On July 10 the payment of July 5 counts, and every invoice is older.
    const july = await json(s, 'aging', 'asOf=2026-07-10');
    expect(july.rows[1]).toMatchObject({
      buckets: { current: -5_000, days30: 10_000, days60: 0, days90: 105_000 },
      total: 110_000,
    });
    // Before anything was invoiced, nothing is owed.
    expect((await json(s, 'aging', 'asOf=2026-01-15')).rows).toEqual([]);
  });

  it('answers the aging as PDF, XLSX and CSV, with headings in the reader’s language', async () => {
    const s = await payablesSetup(h);
    await agingScenario(s);
    const csv = await as(h, s.accountant).get(report(s, 'aging', 'asOf=2026-06-30&format=csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('payables-aging-2026-06-30.csv');
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([
      ['Supplier', 'Current', '30 days', '60 days', '90 days and more', 'Total'],
      ['Alpha Plomberie', '$300.00', '$0.00', '$300.00', '$0.00', '$600.00'],
      ['Déneigement Nord', '-$50.00', '$200.00', '$0.00', '$1,050.00', '$1,200.00'],
      ['Total', '$250.00', '$200.00', '$300.00', '$1,050.00', '$1,800.00'],
    ]);

    const fr = { 'accept-language': 'fr-CA' };
    const pdf = await as(h, s.admin).get(report(s, 'aging', 'asOf=2026-06-30&format=pdf'), fr);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('age-comptes-fournisseurs-2026-06-30.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const words of ['ge des comptes fournisseurs', 'Au 2026-06-30', '90 jours et plus', '1\u00a0800,00'])
      expect(text).toContain(words);

    const xlsx = await as(h, s.admin).get(report(s, 'aging', 'asOf=2026-06-30&format=xlsx'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet] = workbook.worksheets;
    expect(sheet?.name).toBe('Aging');
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Déneigement Nord', -50, 200, 0, 1050, 1200]);
    expect(sheet?.getRow(4).getCell(1).font?.bold).toBe(true);
  });
});

describe('invoices by category and period', () => {
  it('sums the lines by category and month, credit notes taken off, then each tax', async () => {
    const s = await payablesSetup(h);
    const [snow, repairs] = s.expenses;
    await insertInvoice(s, {
      date: '2026-03-10',
      lines: [
        [snow.uuid, 60_000],
        [repairs.uuid, 40_000],
      ],
      taxes: [
        ['GST', 5_000],
        ['QC', 9_975],
      ],
    });
    await insertInvoice(s, { date: '2026-05-02', lines: [[repairs.uuid, 20_000]] });
    await insertInvoice(s, {
      date: '2026-05-20',
      creditNote: true,
      lines: [[repairs.uuid, 5_000]],
      taxes: [['GST', 250]],
    });
    // Outside the period, and cancelled: neither counts.
    await insertInvoice(s, { date: '2026-06-01', lines: [[snow.uuid, 99_900]] });
    await insertInvoice(s, { date: '2026-04-01', lines: [[snow.uuid, 11_100]], cancelled: true });

    const query = 'from=2026-03-01&to=2026-05-31';
    expect(await json(s, 'invoices-by-category', query)).toEqual({
      from: '2026-03-01',
      to: '2026-05-31',
      months: ['2026-03-01', '2026-04-01', '2026-05-01'],
      categories: [
        { categoryUuid: repairs.uuid, categoryName: 'Repairs', months: [40_000, 0, 15_000], total: 55_000 },
        { categoryUuid: snow.uuid, categoryName: 'Snow removal', months: [60_000, 0, 0], total: 60_000 },
      ],
      taxes: [
        { code: 'GST', months: [5_000, 0, -250], total: 4_750 },
        { code: 'QC', months: [9_975, 0, 0], total: 9_975 },
      ],
      totals: { months: [114_975, 0, 14_750], total: 129_725 },
    });

    const csv = await as(h, s.admin).get(report(s, 'invoices-by-category', `${query}&format=csv`));
    expect(csv.headers['content-disposition']).toContain('invoices-by-category-2026-03-01-2026-05-31.csv');
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([
      ['Category', 'Mar 2026', 'Apr 2026', 'May 2026', 'Total'],
      ['Repairs', '$400.00', '$0.00', '$150.00', '$550.00'],
      ['Snow removal', '$600.00', '$0.00', '$0.00', '$600.00'],
      ['Taxes: GST (federal)', '$50.00', '$0.00', '-$2.50', '$47.50'],
      ['Taxes: QST (Quebec)', '$99.75', '$0.00', '$0.00', '$99.75'],
      ['Total', '$1,149.75', '$0.00', '$147.50', '$1,297.25'],
    ]);

    // The whole fiscal year by default: twelve months, the June invoice in.
    const year = await json(s, 'invoices-by-category');
    expect(year.months).toHaveLength(12);
    expect(year.totals.total).toBe(129_725 + 99_900);
  });

  it('refuses a period that ends before it starts, or spans more than 36 months', async () => {
    const s = await payablesSetup(h);
    const backwards = await as(h, s.admin).get(
      report(s, 'invoices-by-category', 'from=2026-05-01&to=2026-04-30'),
    );
    expect(backwards.statusCode).toBe(400);
    expect(issueKeys(backwards)).toEqual(['to:validation.dateTooEarly']);
    const long = await as(h, s.admin).get(report(s, 'payments-by-method', 'from=2026-01-01&to=2029-01-01'));
    expect(issueKeys(long)).toEqual(['to:payablesReports.periodTooLong']);
  });
});

describe('yearly totals per supplier', () => {
  it('totals each supplier’s invoices, credit notes, taxes and posted payments of the year', async () => {
    const s = await payablesSetup(h);
    const [snow] = s.expenses;
    const b = await alpha(s);
    const first = await insertInvoice(s, {
      date: '2026-02-01',
      lines: [[snow.uuid, 100_000]],
      taxes: [['GST', 5_000]],
    });
    await insertInvoice(s, { date: '2026-03-01', lines: [[snow.uuid, 20_000]] });
    const credit = await insertInvoice(s, {
      date: '2026-03-05',
      creditNote: true,
      lines: [[snow.uuid, 5_000]],
      taxes: [['GST', 250]],
    });
    await insertPayment(s, {
      date: '2026-03-10',
      invoices: [[first, 55_250]],
      creditNotes: [[credit, 5_250]],
    });
    await insertPayment(s, {
      date: '2026-04-01',
      method: 'pre-authorized-debit',
      amount: 3_000,
      recurringBillUuid: randomUUID(),
    });
    await insertPayment(s, {
      date: '2026-04-02',
      status: 'pending',
      approvalStatus: 'pending',
      invoices: [[first, 1_000]],
    });
    const bInvoice = await insertInvoice(s, {
      supplierUuid: b,
      date: '2026-05-01',
      lines: [[snow.uuid, 30_000]],
    });
    await insertInvoice(s, {
      supplierUuid: b,
      date: '2026-05-02',
      lines: [[snow.uuid, 10_000]],
      cancelled: true,
    });
    await insertPayment(s, {
      supplierUuid: b,
      date: '2026-05-15',
      method: 'wire-transfer',
      invoices: [[bInvoice, 30_000]],
    });

    const totals = await json(s, 'supplier-totals');
    expect(totals).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      rows: [
        {
          supplierUuid: b,
          supplierName: 'Alpha Plomberie',
          invoiceCount: 1,
          invoiced: 30_000,
          creditNotes: 0,
          net: 30_000,
          taxes: 0,
          paid: 30_000,
          recurringPaid: 0,
        },
        {
          supplierUuid: s.supplier.uuid,
          supplierName: 'Déneigement Nord',
          invoiceCount: 2,
          invoiced: 125_000,
          creditNotes: 5_250,
          net: 119_750,
          taxes: 4_750,
          // 55,250 of invoices less the 5,250 credit note came out of the bank.
          paid: 50_000,
          recurringPaid: 3_000,
        },
      ],
      totals: {
        invoiceCount: 3,
        invoiced: 155_000,
        creditNotes: 5_250,
        net: 149_750,
        taxes: 4_750,
        paid: 80_000,
        recurringPaid: 3_000,
      },
    });
    const csv = await as(h, s.admin).get(report(s, 'supplier-totals', 'format=csv'));
    expect(csv.headers['content-disposition']).toContain('supplier-totals-2026-01-01.csv');
    expect(parseCsv(csv.body.replace(/^\uFEFF/, '')).at(-1)).toEqual([
      'Total',
      '3',
      '$1,550.00',
      '$52.50',
      '$1,497.50',
      '$47.50',
      '$800.00',
      '$30.00',
    ]);
  });
});

describe('check register', () => {
  it('lists every check payment with its number, payee, bank and status, by bank and number', async () => {
    const s = await payablesSetup(h);
    const b = await alpha(s);
    const national = await createDirectly(h, s.b, 'banks', bankBody('Banque Nationale'));
    const printed = await insertPayment(s, {
      date: '2026-03-02',
      amount: 50_000,
      checkNumber: '101',
      printed: true,
    });
    const voided = await insertPayment(s, {
      date: '2026-03-05',
      amount: 20_000,
      checkNumber: '102',
      printed: true,
      voidReason: 'Torn',
    });
    const pending = await insertPayment(s, {
      supplierUuid: b,
      date: '2026-04-01',
      amount: 15_000,
      status: 'pending',
      approvalStatus: 'pending',
    });
    const early = await insertPayment(s, {
      supplierUuid: b,
      date: '2026-02-01',
      amount: 12_000,
      checkNumber: '99',
      printed: true,
    });
    const unprinted = await insertPayment(s, { date: '2026-04-10', amount: 7_000 });
    const rejected = await insertPayment(s, {
      date: '2026-04-11',
      amount: 1_000,
      status: 'pending',
      approvalStatus: 'rejected',
    });
    const other = await insertPayment(s, {
      bankUuid: national,
      date: '2026-03-03',
      amount: 4_000,
      checkNumber: '7',
      printed: true,
    });
    await insertPayment(s, { date: '2026-03-04', method: 'wire-transfer', amount: 9_000 });
    await insertPayment(s, { date: '2025-12-31', amount: 9_000, checkNumber: '98', printed: true });

    const register = await json(s, 'check-register', `bankUuid=${s.bank.uuid}`);
    expect(register.bankUuid).toBe(s.bank.uuid);
    expect(
      register.rows.map((r: Record<string, unknown>) => [
        r.paymentUuid,
        r.checkNumber,
        r.date,
        r.payee,
        r.bankName,
        r.amount,
        r.status,
        r.voidReason,
      ]),
    ).toEqual([
      [early, '99', '2026-02-01', 'Alpha Plomberie', 'Caisse', 12_000, 'printed', null],
      [printed, '101', '2026-03-02', 'Déneigement Nord', 'Caisse', 50_000, 'printed', null],
      [voided, '102', '2026-03-05', 'Déneigement Nord', 'Caisse', 20_000, 'voided', 'Torn'],
      [pending, null, '2026-04-01', 'Alpha Plomberie', 'Caisse', 15_000, 'pendingApproval', null],
      [unprinted, null, '2026-04-10', 'Déneigement Nord', 'Caisse', 7_000, 'notPrinted', null],
      [rejected, null, '2026-04-11', 'Déneigement Nord', 'Caisse', 1_000, 'rejected', null],
    ]);
    // What went out: the printed checks and the one posted but not printed yet.
    expect(register.total).toBe(69_000);

    const all = await json(s, 'check-register', 'from=2026-03-01&to=2026-03-31');
    expect(all.rows.map((r: { paymentUuid: string }) => r.paymentUuid)).toEqual([other, printed, voided]);

    const csv = await as(h, s.accountant).get(
      report(s, 'check-register', `bankUuid=${s.bank.uuid}&format=csv`),
    );
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([
      ['Check number', 'Date', 'Payee', 'Bank', 'Status', 'Amount'],
      ['99', '2026-02-01', 'Alpha Plomberie', 'Caisse', 'Printed', '$120.00'],
      ['101', '2026-03-02', 'Déneigement Nord', 'Caisse', 'Printed', '$500.00'],
      ['102', '2026-03-05', 'Déneigement Nord', 'Caisse', 'Voided: Torn', '$200.00'],
      ['', '2026-04-01', 'Alpha Plomberie', 'Caisse', 'Pending approval', '$150.00'],
      ['', '2026-04-10', 'Déneigement Nord', 'Caisse', 'Not printed', '$70.00'],
      ['', '2026-04-11', 'Déneigement Nord', 'Caisse', 'Rejected', '$10.00'],
      ['', '', '', '', 'Checks issued', '$690.00'],
    ]);
    const xlsx = await as(h, s.admin).get(report(s, 'check-register', 'format=xlsx'));
    expect(xlsx.headers['content-disposition']).toContain('check-register-2026-01-01-2026-12-31.xlsx');
  });
});

describe('payments by method and period', () => {
  it('totals the posted payments of each method by month', async () => {
    const s = await payablesSetup(h);
    await insertPayment(s, { date: '2026-01-15', amount: 10_000 });
    await insertPayment(s, { date: '2026-03-01', amount: 5_000 });
    await insertPayment(s, { date: '2026-03-20', method: 'wire-transfer', amount: 2_500 });
    // Pending, cancelled or outside the period: none counts.
    await insertPayment(s, { date: '2026-02-01', amount: 900, status: 'pending', approvalStatus: 'pending' });
    await insertPayment(s, { date: '2026-02-02', method: 'wire-transfer', amount: 800, status: 'cancelled' });
    await insertPayment(s, { date: '2026-04-02', method: 'pre-authorized-debit', amount: 700 });

    const query = 'from=2026-01-01&to=2026-03-31';
    expect(await json(s, 'payments-by-method', query)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      months: ['2026-01-01', '2026-02-01', '2026-03-01'],
      methods: [
        { method: 'check', count: 2, months: [10_000, 0, 5_000], total: 15_000 },
        { method: 'wire-transfer', count: 1, months: [0, 0, 2_500], total: 2_500 },
      ],
      totals: { months: [10_000, 0, 7_500], total: 17_500 },
    });

    const fr = { 'accept-language': 'fr-CA' };
    const csv = await as(h, s.admin).get(report(s, 'payments-by-method', `${query}&format=csv`), fr);
    expect(csv.headers['content-disposition']).toContain('paiements-par-mode-2026-01-01-2026-03-31.csv');
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([
      ['Mode de paiement', 'Paiements', 'janv. 2026', 'févr. 2026', 'mars 2026', 'Total'],
      ['Chèque', '2', '100,00\u00a0$', '0,00\u00a0$', '50,00\u00a0$', '150,00\u00a0$'],
      ['Virement', '1', '0,00\u00a0$', '0,00\u00a0$', '25,00\u00a0$', '25,00\u00a0$'],
      ['Total', '3', '100,00\u00a0$', '0,00\u00a0$', '75,00\u00a0$', '175,00\u00a0$'],
    ]);
  });
});

describe('access to the payables reports', () => {
  it('lets the accountant read every report and refuses an owner', async () => {
    const s = await payablesSetup(h);
    const owner = await createUser(h, 'owner');
    await grantBuildingRole(h, s.b, owner, 'owner');
    for (const name of [
      'aging',
      'invoices-by-category',
      'supplier-totals',
      'check-register',
      'payments-by-method',
    ]) {
      const read = await as(h, s.accountant).get(report(s, name));
      expect(read.statusCode, `${name}: ${read.body}`).toBe(200);
      const pdf = await as(h, s.accountant).get(report(s, name, 'format=pdf'));
      expect(pdf.headers['content-type'], name).toBe('application/pdf');
      expect(pdfText(pdf.rawPayload), name).toContain('Nothing to report.');
      expect((await as(h, owner).get(report(s, name))).statusCode, name).toBe(403);
    }
  });
});
