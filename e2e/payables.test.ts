import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { PDFParse } from 'pdf-parse';
import type { Locator, Page } from 'playwright-core';
import {
  buildingToday,
  type AccountPage,
  type BillbackView,
  type CheckRegister,
  type InvoiceList,
  type LedgerAccount,
  type SupplierInvoiceView,
  type SupplierPaymentView,
} from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
// The demo's fiscal year starts on January 1 of the building's today (scripts/src/demo.ts).
const today = buildingToday(jardins, new Date());
const year = `${today.slice(0, 4)}-01-01`;
const api = `/api/buildings/${jardins.ref}/fiscal-years/${year}`;
const building = `/building/${jardins.ref}`;

// A demo supplier of « Les Jardins du Parc » (French), paid by check (scripts/src/demo-registry.ts).
const supplier = 'Entretien Ménager Étoile';
// Unique, so the rows of this run are found whatever other demo payables exist.
const invoiceNumber = `E2E-${Date.now().toString(36).toUpperCase()}`;
// 1 200,00 $ before taxes: GST 60,00 $, QST 119,70 $, 1 379,70 $ in all; half of it is 689,85 $.
const total = 137_970;
const half = 68_985;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const frenchMonths = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** The supplier's invoice as its software prints it: a heading, then rows of a label and a value, in French. */
function invoicePdf(): Promise<Buffer> {
  const [y, m, d] = today.split('-').map(Number);
  const rows: [string, string][] = [
    ['Facture no', invoiceNumber],
    ['Date', `${d} ${frenchMonths[(m ?? 1) - 1]} ${y}`],
    ['Entretien ménager des aires communes', '1 200,00 $'],
    ['Sous-total', '1 200,00 $'],
    ['TPS (5 %)', '60,00 $'],
    ['TVQ (9,975 %)', '119,70 $'],
    ['Total', '1 379,70 $'],
  ];
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text(supplier);
    doc.fontSize(11).text('4500, boulevard Saint-Laurent, Montréal (Québec) H2T 1R2');
    let top = 200;
    for (const [label, value] of rows) {
      doc.text(label, 50, top, { lineBreak: false });
      doc.text(value, 400, top, { width: 140, align: 'right', lineBreak: false });
      top += 22;
    }
    doc.end();
  });
}

/** Waits until the element is shown, on the page's state, never on time; if it never is, the page is kept as a screenshot. */
async function seen(locator: Locator, timeout = 15_000): Promise<void> {
  try {
    await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
  } catch (error) {
    await shot(locator.page(), 'payables-failure');
    throw error;
  }
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

const findInvoice = async (page: Page): Promise<SupplierInvoiceView | undefined> =>
  (
    await getJson<InvoiceList>(page, `${api}/supplier-invoices?q=${encodeURIComponent(invoiceNumber)}`)
  ).items.find((invoice) => invoice.number === invoiceNumber);

const findPayment = async (page: Page): Promise<SupplierPaymentView | undefined> =>
  (await getJson<{ items: SupplierPaymentView[] }>(page, `${api}/supplier-payments?pageSize=500`)).items.find(
    (payment) => payment.invoices.some((line) => line.number === invoiceNumber),
  );

/** The payment's card on the approvals page: the one that pays this run's invoice. */
const paymentCard = (page: Page) =>
  page
    .getByRole('article')
    .filter({ has: page.getByText(new RegExp(`^(Invoice|Facture) ${invoiceNumber}$`)) });

describe('payables', () => {
  it(
    'enters an invoice from its PDF, bills half back to the units, pays it by check after two approvals (one on a phone, in French), prints the check and finds it in the register',
    { timeout: 420_000 },
    async () => {
      // (1) Wendy enters the invoice from its PDF, in English on a computer.
      const wendy = await newPage(e);
      const page = wendy.page;
      await signInAs(page, 'accountant-write@example.com');
      await page.goto(`${building}/suppliers/invoices`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'From a PDF' }).click();
      await (
        await chooser
      ).setFiles({ name: `${invoiceNumber}.pdf`, mimeType: 'application/pdf', buffer: await invoicePdf() });

      const form = page.getByRole('dialog', { name: 'Invoice read from a PDF' });
      // Reading loads pdf.js on the server's first use: slower than a page.
      await seen(form, 60_000);
      // The fields read from the PDF, as read.
      expect(await form.getByRole('textbox', { name: 'Supplier' }).inputValue()).toBe(supplier);
      expect(await form.getByRole('textbox', { name: 'Invoice number', exact: true }).inputValue()).toBe(
        invoiceNumber,
      );
      expect(await form.getByLabel(/^Date\s*\*?$/).inputValue()).toBe(today);
      expect(await form.getByRole('textbox', { name: 'Amount before taxes', exact: true }).inputValue()).toBe(
        '1200.00',
      );
      expect(await form.getByRole('textbox', { name: 'GST (federal)', exact: true }).inputValue()).toBe(
        '60.00',
      );
      expect(await form.getByRole('textbox', { name: 'QST (Quebec)', exact: true }).inputValue()).toBe(
        '119.70',
      );
      await seen(form.getByText('Total read from the PDF: $1,379.70'));
      // The PDF goes with the invoice.
      await seen(form.getByText(`${invoiceNumber}.pdf`));
      const confirm = form.getByRole('checkbox', { name: 'I have checked the values read from the PDF' });
      if (await confirm.isVisible()) await confirm.check();

      const category = form.getByRole('textbox', { name: 'Expense category' });
      await category.click();
      await page.getByRole('option', { name: 'Entretien et réparations', exact: true }).click();
      expect(await category.inputValue()).toBe('Entretien et réparations');
      await shot(page, 'payables-invoice-from-pdf-en');
      await form.getByRole('button', { name: 'Save invoice' }).click();
      await seen(page.getByText(`Invoice ${invoiceNumber} of ${supplier} saved`).first());
      const invoice = await findInvoice(page);
      expect(invoice).toMatchObject({
        total,
        supplierName: supplier,
        date: today,
        unpaid: total,
        attachments: [{ fileName: `${invoiceNumber}.pdf` }],
        // The API names a default category in its reader's language (Wendy reads English).
        lines: [{ categoryName: 'Maintenance and repairs', amount: 120_000 }],
      });

      // (2) The saved invoice opens; half of it is billed back to every unit by vote share.
      const detail = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}`, exact: true });
      await seen(detail);
      await detail.getByRole('button', { name: 'Bill back to units' }).click();
      const billback = page.getByRole('dialog', { name: `Bill back invoice ${invoiceNumber} to units` });
      await seen(billback);
      expect(await billback.getByRole('radio', { name: 'By vote share' }).isChecked()).toBe(true);
      const units = (await getJson<LedgerAccount[]>(page, `${api}/accounts`)).filter(
        (a) => a.kind === 'unit',
      );
      expect(units.length).toBeGreaterThan(1);
      await seen(billback.getByText(`Units (${units.length} of ${units.length} chosen)`));
      await billback.getByLabel('Amount to bill back').fill('689.85');
      await seen(billback.getByText(`$689.85 billed to ${units.length} units`));
      await shot(page, 'payables-billback-en');
      await billback.getByRole('button', { name: 'Bill back', exact: true }).click();
      await seen(page.getByText(`Invoice ${invoiceNumber} billed back to ${units.length} units`).first());
      await expect.poll(() => billback.count(), { timeout: 15_000 }).toBe(0);
      await seen(detail.getByText('$689.85 billed back'));

      // Each unit's account has its part, as a unit supplier billback, and the parts make half.
      const billbacks = (
        await getJson<{ billbacks: BillbackView[] }>(
          page,
          `${api}/supplier-invoices/${invoice!.uuid}/billbacks`,
        )
      ).billbacks;
      expect(billbacks).toHaveLength(units.length);
      const ours = new Set(billbacks.map((b) => b.transactionUuid));
      let billedBack = 0;
      for (const unit of units) {
        const account = await getJson<AccountPage>(
          page,
          `${api}/accounts/${unit.aid}/transactions?kind=unitSupplierBillback&pageSize=200`,
        );
        const lines = account.lines.filter((line) => ours.has(line.transaction.uuid));
        expect(lines, `unit ${unit.name}`).toHaveLength(1);
        expect(lines[0]!.transaction.kind).toBe('unitSupplierBillback');
        expect(lines[0]!.amount, `unit ${unit.name}`).toBeGreaterThan(0);
        billedBack += lines[0]!.amount;
      }
      expect(billedBack).toBe(half);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      // (3) Wendy selects the invoice and pays it in full by check: it waits for two approvals.
      await page.getByRole('textbox', { name: 'Search', exact: true }).fill(invoiceNumber);
      await page.getByRole('checkbox', { name: `Select invoice ${invoiceNumber} to pay it` }).check();
      await page.getByRole('button', { name: 'Pay the selected invoice' }).click();
      const pay = page.getByRole('dialog', { name: 'Pay invoices' });
      const amount = pay.getByLabel(`Amount to pay on invoice ${invoiceNumber}`);
      await seen(amount);
      expect(await amount.inputValue()).toBe('1379.70');
      await pay.getByLabel('Bank').selectOption({ label: 'Compte d’exploitation' });
      await pay.getByLabel('Payment method').selectOption({ label: 'Check' });
      await pay.getByRole('button', { name: 'Pay', exact: true }).click();
      // The demo's bank holds less than the building's threshold: the warning asks first.
      const payAnyway = pay.getByRole('button', { name: 'Pay anyway' });
      const saved = pay.getByText(/is waiting for 2 approvals/);
      await expect
        .poll(async () => (await payAnyway.isVisible()) || (await saved.isVisible()), { timeout: 15_000 })
        .toBe(true);
      if (await payAnyway.isVisible()) {
        await seen(pay.getByText('Low bank balance'));
        await payAnyway.click();
      }
      await seen(saved);
      await seen(pay.getByText(`The payment of $1,379.70 to ${supplier} is waiting for 2 approvals.`));
      await shot(page, 'payables-payment-waiting-en');
      const waiting = await findPayment(page);
      expect(waiting).toMatchObject({
        amount: total,
        paymentMethod: 'check',
        status: 'pending',
        approvalStatus: 'pending',
        approvalsRequired: 2,
        transactionUuid: null,
      });
      await pay.getByRole('button', { name: 'Close' }).click();

      // (4) Victor approves on a computer, in English.
      const victor = await newPage(e);
      await signInAs(victor.page, 'approver-write@example.com');
      await victor.page.goto(`${building}/payments/approval`);
      const show = victor.page.getByLabel('Show', { exact: true });
      await seen(show);
      await show.selectOption({ label: 'Waiting for my approval' });
      const victorCard = paymentCard(victor.page);
      await seen(victorCard);
      await seen(victorCard.getByText('0 of 2').first());
      await victorCard.getByRole('button', { name: 'Approve' }).click();
      const victorDialog = victor.page.getByRole('dialog', { name: 'Approve the payment' });
      await seen(victorDialog);
      await victorDialog.getByRole('button', { name: 'Approve' }).click();
      await seen(victor.page.getByText(`Your approval of the payment to ${supplier} is recorded.`).first());
      // Decided, it no longer waits for him.
      await expect.poll(() => victorCard.count(), { timeout: 15_000 }).toBe(0);
      await shot(victor.page, 'payables-approval-en');
      expect(await findPayment(page)).toMatchObject({ status: 'pending', approvalStatus: 'pending' });
      await victor.context.close();

      // (5) Paul approves on a 390 px phone, in French, from the navbar's payments entry.
      const paul = await newPage(e, { width: 390, locale: 'fr-CA' });
      await signInAs(paul.page, 'approver@example.com');
      await paul.page.goto(`${building}/dashboard`);
      await paul.page
        .getByRole('navigation', { name: "Navigation de l'immeuble" })
        .getByRole('link', { name: 'Paiements' })
        .click();
      // On a phone, the payments entry opens the approvals (SPEC 2).
      await paul.page.waitForURL(`**${building}/payments/approval`);
      const paulCard = paymentCard(paul.page);
      await seen(paulCard);
      await seen(paulCard.getByText('1 sur 2').first());
      await shot(paul.page, 'payables-approval-390-fr');
      const approve = paulCard.getByRole('button', { name: 'Approuver' });
      // The button is whole on the phone's screen.
      const box = await approve.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await approve.click();
      const paulDialog = paul.page.getByRole('dialog', { name: 'Approuver le paiement' });
      await seen(paulDialog);
      await paulDialog.getByRole('button', { name: 'Approuver' }).click();
      await seen(paul.page.getByText(`Le paiement à ${supplier} est approuvé et comptabilisé.`).first());
      await shot(paul.page, 'payables-approved-390-fr');
      await paul.context.close();

      const posted = await findPayment(page);
      expect(posted).toMatchObject({ status: 'posted', approvalStatus: 'approved', checkPrinted: false });
      expect(posted!.approvals.map((a) => a.decision)).toEqual(['approved', 'approved']);
      expect(posted!.transactionUuid).not.toBeNull();

      // (6) Wendy prints the check: one PDF, to the supplier, the amount in words.
      await page.goto(`${building}/payments/approval`);
      const wendyShow = page.getByLabel('Show', { exact: true });
      await seen(wendyShow);
      await wendyShow.selectOption({ label: 'Approved, check to print' });
      const wendyCard = paymentCard(page);
      await seen(wendyCard);
      const print = wendyCard.getByRole('button', { name: 'Print check' });
      await seen(print);
      const downloading = page.waitForEvent('download', { timeout: 30_000 });
      await print.click();
      const download = await downloading;
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const checkPdf = Buffer.concat(chunks);
      expect(checkPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(checkPdf) });
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      await parser.destroy();
      expect(text).toContain(supplier);
      // The building writes in French: 1 379,70 $.
      expect(text).toContain('Mille trois cent soixante-dix-neuf et 70/100 dollars');
      await seen(page.getByText('The check is ready: its PDF is downloaded.').first());
      const printed = await findPayment(page);
      expect(printed).toMatchObject({ checkPrinted: true });
      const checkNumber = printed!.checkNumber;
      expect(checkNumber).toMatch(/^\d+$/);
      // Printed, it leaves the checks to print for the approved and paid, with its number.
      await expect.poll(() => wendyCard.count(), { timeout: 15_000 }).toBe(0);
      await wendyShow.selectOption({ label: 'Approved and paid' });
      await seen(wendyCard.getByText('Check printed'));
      await seen(wendyCard.getByRole('button', { name: 'Reprint check' }));
      expect(await wendyCard.innerText()).toMatch(new RegExp(`Check number\\s+${checkNumber}\\b`));
      await shot(page, 'payables-check-printed-en');

      // (7) The check register lists it: its number, the supplier, printed, its amount.
      await page.goto(`${building}/payments/reports`);
      const register = page.getByRole('table', { name: 'Check register' });
      await seen(register);
      const registerRows = async () =>
        Promise.all(
          (await register.getByRole('row').all()).map((row) => row.getByRole('cell').allInnerTexts()),
        );
      await expect
        .poll(
          async () =>
            (await registerRows()).find((cells) => cells[0] === checkNumber && cells[2] === supplier) ?? null,
          { timeout: 15_000 },
        )
        // The demo's default bank reads in the reader's language, as in the ledger.
        .toEqual([checkNumber, today, supplier, 'Operating account', 'Printed', '$1,379.70']);
      const registerApi = await getJson<CheckRegister>(
        page,
        `${api}/payables-reports/check-register?from=${year}&to=${today}`,
      );
      expect(registerApi.rows).toContainEqual(
        expect.objectContaining({ checkNumber, payee: supplier, amount: total, status: 'printed' }),
      );
      await shot(page, 'payables-check-register-en');
      await wendy.context.close();
    },
  );
});
