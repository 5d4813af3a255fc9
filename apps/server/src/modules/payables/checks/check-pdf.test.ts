import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountInWords,
  checkLayout as layout,
  dateCellCentre,
  formatMoney,
  largestCheckAmount,
  type CheckText,
} from '@copro/domain';
import { as, createHarness, type Harness } from '../../../test/harness';
import { payablesSetup, type PayablesSetup } from '../test-fixtures';
import { readPdf, type DrawnText, type ReadPage } from './pdf-reading';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** Within a point and a half of where the layout says: what a check printer's alignment allows. */
const tolerance = 1.5;
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

async function invoice(
  s: PayablesSetup,
  number: string,
  amount: number,
  creditNote = false,
): Promise<string> {
  const res = await as(h, s.admin).post(`${s.base}/supplier-invoices`, {
    supplierUuid: s.supplier.uuid,
    number,
    date: '2026-02-27',
    ...(creditNote ? { creditNote } : {}),
    lines: [{ categoryUuid: s.expenses[0].uuid, amount }],
    taxes: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { uuid: string }).uuid;
}

/** Pays the invoices (less the credit notes) by check on 2026-03-05 and prints it: the PDF read back. */
async function printedCheck(
  s: PayablesSetup,
  invoices: { invoiceUuid: string; amount: number }[],
  creditNotes: { invoiceUuid: string; amount: number }[] = [],
  memo?: string,
): Promise<ReadPage> {
  const paid = await as(h, s.admin).post(`${s.base}/supplier-payments`, {
    supplierUuid: s.supplier.uuid,
    bankUuid: s.bank.uuid,
    date: '2026-03-05',
    paymentMethod: 'check',
    invoices,
    creditNotes,
    ...(memo ? { memo } : {}),
    acceptLowBalance: true,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const uuid = (paid.json() as { payment: { uuid: string } }).payment.uuid;
  const res = await as(h, s.admin).post(`${s.base}/supplier-checks/print`, { paymentUuids: [uuid] });
  expect(res.statusCode, res.body).toBe(200);
  const pages = await readPdf(res.rawPayload);
  expect(pages).toHaveLength(1);
  const [page] = pages;
  if (!page) throw new Error('no page');
  return page;
}

/** The texts drawn exactly so. */
const drawn = (page: ReadPage, text: string): DrawnText[] =>
  page.items.filter((i) => plain(i.str) === plain(text));

/** The one text drawn so, checked to sit at its field: its baseline, and its left or right end. */
function expectAt(page: ReadPage, text: string, f: CheckText, dy = 0): void {
  const found = drawn(page, text).filter((i) => Math.abs(i.y - (f.y + dy)) <= tolerance);
  expect(found, `${text} at y ${f.y + dy}`).toHaveLength(1);
  const [item] = found as [DrawnText];
  if (f.align === 'right')
    expect(Math.abs(item.x + item.width - (f.x + f.width)), text).toBeLessThanOrEqual(tolerance);
  else expect(Math.abs(item.x - f.x), text).toBeLessThanOrEqual(tolerance);
  expect(item.x + item.width, text).toBeLessThanOrEqual(f.x + f.width + tolerance);
}

/** Each digit of the date centred in its cell, and each letter of the indicator under it. */
function expectDate(page: ReadPage, digits: string, indicator: string): void {
  const { date } = layout;
  const row = (y: number) =>
    page.items
      .filter(
        (i) => Math.abs(i.y - y) <= tolerance && i.x >= date.digits.x - tolerance && i.str.trim() !== '',
      )
      .sort((a, b) => a.x - b.x);
  for (const [line, y, expected] of [
    ['digits', date.digits.y, digits],
    ['indicator', date.indicator.y, indicator],
  ] as const) {
    const items = row(y);
    expect(items.map((i) => i.str).join(''), line).toBe(expected);
    items.forEach((item, i) => {
      expect(Math.abs(item.x + item.width / 2 - dateCellCentre(i)), `${line} ${i}`).toBeLessThanOrEqual(
        tolerance,
      );
    });
  }
}

/** Nothing drawn in the MICR band, where the stock's pre-printed line is read. */
function expectClearBand(page: ReadPage): void {
  const inBand = page.items.filter(
    (i) => i.y + 0.21 * i.size > layout.micrBand.y && i.y - 0.72 * i.size < layout.check.height,
  );
  expect(inBand.map((i) => i.str)).toEqual([]);
}

describe('the printed check (CPA 006 layout) read back', () => {
  it('writes each field where the layout puts it, in English and Canadian dollars', async () => {
    const s = await payablesSetup(h, { locale: 'en-CA', currency: 'CAD', name: 'Les Jardins du Parc' });
    const a = await invoice(s, 'A-100', 130_000);
    const credit = await invoice(s, 'CN-7', 6_544, true);
    const page = await printedCheck(
      s,
      [{ invoiceUuid: a, amount: 130_000 }],
      [{ invoiceUuid: credit, amount: 6_544 }],
      'March snow removal',
    );
    const words = amountInWords(123_456, 'CAD', 'en');
    expect(words).toBe('One thousand two hundred thirty-four and 56/100 dollars');
    expectAt(page, words, layout.words.text);
    expectAt(page, '**1,234.56', layout.amount.figures);
    expectAt(page, 'Déneigement Nord', layout.payee.text);
    expectAt(page, 'March snow removal', layout.memo.text);
    expectAt(page, 'No 1', layout.checkNumber);
    expectAt(page, 'Les Jardins du Parc', layout.payor);
    expectAt(page, 'Pay', layout.words.label);
    expectAt(page, 'To the order of', layout.payee.label);
    expectDate(page, '20260305', 'YYYYMMDD');
    // No approval was needed: both lines wait for a signature.
    for (const signature of layout.signatures) expectAt(page, 'Authorized signature', signature.caption);
    expectClearBand(page);

    // Both stubs: the invoice paid, the credit note used, the total.
    const { stub } = layout;
    for (const { y: top } of layout.stubs) {
      const row = (f: CheckText, i: number): CheckText => ({ ...f, y: stub.firstRowY + i * stub.rowHeight });
      expectAt(page, 'A-100', row(stub.headers.number, 0), top);
      expectAt(page, '2026-02-27', row(stub.headers.date, 0), top);
      expectAt(page, '$1,300.00', row(stub.headers.amount, 0), top);
      expectAt(page, 'CN-7 (credit note)', row(stub.headers.number, 1), top);
      expectAt(page, '-$65.44', row(stub.headers.amount, 1), top);
      expectAt(page, formatMoney(123_456, 'CAD', 'en'), stub.total, top);
      expectAt(page, 'Déneigement Nord', stub.payee, top);
      expectAt(page, 'Check no 1 · 2026-03-05', stub.reference, top);
    }
  });

  it('writes the largest amount in French and US dollars on two lines, with the memo of invoices', async () => {
    const s = await payablesSetup(h, { locale: 'fr-CA', currency: 'USD' });
    const a = await invoice(s, 'F-2026-01', largestCheckAmount);
    const page = await printedCheck(s, [{ invoiceUuid: a, amount: largestCheckAmount }]);
    const words = amountInWords(largestCheckAmount, 'USD', 'fr');
    const lines = [layout.words.text.y, layout.words.secondLineY].map((y) =>
      page.items.filter(
        (i) => Math.abs(i.y - y) <= tolerance && Math.abs(i.x - layout.words.text.x) <= tolerance,
      ),
    );
    expect(lines.map((items) => items.length)).toEqual([1, 1]);
    expect(lines.map((items) => items[0]?.str).join(' ')).toBe(words);
    expect(words).toMatch(/^Neuf cent quatre-vingt-dix-neuf millions .* et 99\/100 dollars américains$/);
    expectAt(page, '**999 999 999,99', layout.amount.figures);
    expectAt(page, 'Payez', layout.words.label);
    expectAt(page, "À l'ordre de", layout.payee.label);
    expectAt(page, 'Factures F-2026-01', layout.memo.text);
    expectDate(page, '20260305', 'AAAAMMJJ');
    expectClearBand(page);
  });
});
