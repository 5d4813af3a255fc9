import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { PDFParse } from 'pdf-parse';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fiscalYear } from '../../../db/schema/index';
import { as, createHarness, type Harness, type TestUser } from '../../../test/harness';
import { createDirectly, supplierBody } from '../../../test/registry-fixtures';
import { enterInvoice, fileForm } from '../invoices/test-fixtures';
import { payablesSetup, type PayablesSetup } from '../test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** An invoice as a supplier's software prints it: a heading, then rows of a label and a value. */
function invoicePdf(heading: string[], rows: [string, string][]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text(heading[0] ?? '');
    doc.fontSize(11);
    for (const line of heading.slice(1)) doc.text(line);
    let y = 220;
    for (const [label, value] of rows) {
      doc.text(label, 50, y, { lineBreak: false });
      doc.text(value, 400, y, { width: 140, align: 'right', lineBreak: false });
      y += 22;
    }
    doc.end();
  });
}

/** The invoice scanned: its first page as a picture in a PDF of its own, with no text left. */
async function scanned(pdf: Buffer): Promise<Buffer> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  // About 200 dpi, as an office scanner does.
  const shot = await parser.getScreenshot({ partial: [1], scale: 3, imageDataUrl: false });
  await parser.destroy();
  const image = Buffer.from(shot.pages[0]?.data ?? []);
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.image(image, 0, 0, { width: 612 });
    doc.end();
  });
}

const englishInvoice = () =>
  invoicePdf(
    [
      'PLOMBERIE LAVAL INC.',
      '880 Industrial Blvd, Laval QC H7L 4R9',
      'GST 123456789 RT0001 - QST 1234567890 TQ0001',
    ],
    [
      ['Invoice #', 'INV-2291'],
      ['Invoice Date', 'March 3, 2026'],
      ['Due Date', 'April 2, 2026'],
      ['Repair of the garage drain', '$1,250.00'],
      ['Subtotal', '$1,250.00'],
      ['GST/TPS 5%', '$62.50'],
      ['QST/TVQ 9.975%', '$124.69'],
      ['TOTAL', '$1,437.19'],
    ],
  );

const frenchInvoice = () =>
  invoicePdf(
    ['Déneigement Nord inc.', '123, rue Principale, Québec (Québec) G1A 1A1'],
    [
      ['Facture no', 'F-2026-0042'],
      ['Date', '15 mars 2026'],
      ["Date d'échéance", '14 avril 2026'],
      ['Déneigement du stationnement, février', '1 000,00 $'],
      ['Sous-total', '1 000,00 $'],
      ['TPS (5 %)', '50,00 $'],
      ['TVQ (9,975 %)', '99,75 $'],
      ['Total', '1 149,75 $'],
    ],
  );

async function prefill(s: PayablesSetup, user: TestUser, fileName: string, type: string, bytes: Buffer) {
  const form = await fileForm(fileName, type, bytes);
  return h.app.inject({
    method: 'POST',
    url: `${s.base}/supplier-invoices/prefill`,
    payload: form.payload,
    headers: { ...form.headers, cookie: user.cookie },
  });
}

/** Whether the building has any uploaded file at all. */
const storedAnything = (s: PayablesSetup) =>
  existsSync(path.join(h.platform.config.filesDir, 'buildings', s.b.id));

const attachmentOf = (fileName: string, bytes: Buffer) => ({
  fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  fileName,
  mimeType: 'application/pdf',
  size: bytes.length,
});

describe('prefilling an invoice from its PDF', () => {
  it('reads an English invoice’s own text, and stores the PDF for the invoice to attach', async () => {
    const s = await payablesSetup(h);
    const laval = await createDirectly(h, s.b, 'suppliers', supplierBody('Plomberie Laval'));
    const pdf = await englishInvoice();
    const res = await prefill(s, s.admin, 'INV-2291.pdf', 'application/pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      supplierUuid: { value: laval, confidence: 'high' },
      number: { value: 'INV-2291', confidence: 'high' },
      date: { value: '2026-03-03', confidence: 'high' },
      total: { value: 143_719, confidence: 'high' },
      taxes: [
        { code: 'GST', amount: 6_250, confidence: 'high' },
        { code: 'QC', amount: 12_469, confidence: 'high' },
      ],
      source: 'text',
      attachment: attachmentOf('INV-2291.pdf', pdf),
    });

    // The attachment goes with the invoice as answered, and the invoice's file route serves it.
    const { attachment } = res.json();
    const invoice = await enterInvoice(s, {
      supplierUuid: laval,
      number: 'INV-2291',
      attachments: [attachment],
    });
    const file = await as(h, s.admin).get(
      `${s.base}/supplier-invoices/${invoice.uuid}/files/${attachment.fileId}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('reads a French invoice, its supplier by name', async () => {
    const s = await payablesSetup(h);
    const pdf = await frenchInvoice();
    const res = await prefill(s, s.admin, 'facture.pdf', 'application/pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      supplierUuid: { value: s.supplier.uuid, confidence: 'high' },
      number: { value: 'F-2026-0042', confidence: 'high' },
      date: { value: '2026-03-15', confidence: 'high' },
      total: { value: 114_975, confidence: 'high' },
      taxes: [
        { code: 'GST', amount: 5_000, confidence: 'high' },
        { code: 'QC', amount: 9_975, confidence: 'high' },
      ],
      source: 'text',
      attachment: attachmentOf('facture.pdf', pdf),
    });
  });

  it('reads a scanned invoice by OCR, offline', { timeout: 180_000 }, async () => {
    const s = await payablesSetup(h);
    const pdf = await scanned(await frenchInvoice());
    const fetching = vi.spyOn(globalThis, 'fetch');
    const res = await prefill(s, s.admin, 'scan.pdf', 'application/pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      number: { value: 'F-2026-0042' },
      total: { value: 114_975 },
      source: 'ocr',
      attachment: attachmentOf('scan.pdf', pdf),
    });
    expect(fetching).not.toHaveBeenCalled();
  });

  it('stores a PDF it cannot read all the same, with nothing read from it', async () => {
    const s = await payablesSetup(h);
    const damaged = Buffer.from('%PDF-1.7\nnot really a document\n');
    const res = await prefill(s, s.admin, 'damaged.pdf', 'application/pdf', damaged);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      supplierUuid: null,
      number: null,
      date: null,
      total: null,
      taxes: [],
      source: 'text',
      attachment: attachmentOf('damaged.pdf', damaged),
    });
  });

  it('refuses anything but a PDF, by type, name and content, and stores nothing', async () => {
    const s = await payablesSetup(h);
    const pdf = await frenchInvoice();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [fileName, type, bytes] of [
      ['scan.png', 'image/png', png],
      ['facture.png', 'application/pdf', pdf],
      ['facture.pdf', 'image/png', pdf],
      ['facture.pdf', 'application/pdf', png],
    ] as const) {
      const res = await prefill(s, s.admin, fileName, type, bytes);
      expect(res.statusCode, `${fileName} ${type}`).toBe(400);
      expect(res.json().issues).toEqual([{ path: ['file'], key: 'validation.pdfOnly' }]);
    }
    // A JSON body is no upload.
    const json = await as(h, s.admin).post(`${s.base}/supplier-invoices/prefill`, { file: 'facture.pdf' });
    expect(json.statusCode).toBe(400);
    expect(json.json().issues).toEqual([{ path: ['file'], key: 'validation.pdfOnly' }]);
    expect(storedAnything(s)).toBe(false);
  });

  it('is for finance writers in a year that takes invoices', async () => {
    const s = await payablesSetup(h);
    const pdf = await frenchInvoice();
    expect((await prefill(s, s.accountant, 'facture.pdf', 'application/pdf', pdf)).statusCode).toBe(403);
    expect((await prefill(s, s.approvers[0], 'facture.pdf', 'application/pdf', pdf)).statusCode).toBe(403);
    await h.platform.db
      .update(fiscalYear)
      .set({ archived: true })
      .where(and(eq(fiscalYear.buildingId, s.b.id), eq(fiscalYear.startDate, '2026-01-01')));
    const archived = await prefill(s, s.admin, 'facture.pdf', 'application/pdf', pdf);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('archivedFiscalYear');
    expect(storedAnything(s)).toBe(false);
  });
});
