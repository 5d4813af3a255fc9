import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, type Harness } from '../../../test/harness';
import { issueKeys, pdfBytes, setYearArchived } from '../../../test/registry-fixtures';
import { payablesSetup, type PayablesSetup } from '../test-fixtures';
import { enterInvoice, invoiceBody, transactionOf, upload } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

interface AttachmentRef {
  fileId: string;
  fileName: string;
  mimeType: string;
  size: number;
}

async function uploaded(s: PayablesSetup, fileName = 'invoice.pdf'): Promise<AttachmentRef> {
  const res = await upload(s, s.admin, fileName, 'application/pdf', pdfBytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('invoice PDFs', () => {
  it('stores an uploaded PDF, attaches it to the invoice and its transaction, and serves it', async () => {
    const s = await payablesSetup(h);
    const file = await uploaded(s, 'Facture Hiver.pdf');
    expect(file).toMatchObject({
      fileName: 'Facture Hiver.pdf',
      mimeType: 'application/pdf',
      size: pdfBytes.length,
    });
    const invoice = await enterInvoice(s, { attachments: [file] });
    expect(invoice.attachments).toEqual([file]);
    expect((await transactionOf(s, invoice.transactionUuid)).attachments).toEqual([file]);
    const url = `${s.base}/supplier-invoices/${invoice.uuid}/files/${file.fileId}`;
    const res = await as(h, s.accountant).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);
    // Another invoice does not serve it.
    const other = await enterInvoice(s);
    expect(
      (await as(h, s.admin).get(`${s.base}/supplier-invoices/${other.uuid}/files/${file.fileId}`)).statusCode,
    ).toBe(404);
  });

  it('takes PDFs only: by their type, their name and their bytes', async () => {
    const s = await payablesSetup(h);
    const cases: [string, string, Buffer][] = [
      ['invoice.pdf', 'text/html', pdfBytes],
      ['invoice.html', 'application/pdf', pdfBytes],
      ['invoice.pdf', 'application/pdf', Buffer.from('<html>not a pdf</html>')],
    ];
    for (const [name, type, bytes] of cases) {
      const res = await upload(s, s.admin, name, type, bytes);
      expect(res.statusCode, `${name} ${type}`).toBe(400);
      expect(issueKeys(res)).toEqual(['file:validation.pdfOnly']);
    }
    // A JSON body is no upload.
    const json = await as(h, s.admin).post(`${s.base}/supplier-invoices/files`, { file: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('lets finance writers upload, and no one else', async () => {
    const s = await payablesSetup(h);
    const refused = await upload(s, s.accountant, 'invoice.pdf', 'application/pdf', pdfBytes);
    expect(refused.statusCode).toBe(403);
    await setYearArchived(h, s.b, true);
    const archived = await upload(s, s.admin, 'invoice.pdf', 'application/pdf', pdfBytes);
    expect(archived.statusCode, archived.body).toBe(409);
    expect(archived.json().code).toBe('archivedFiscalYear');
  });

  it('attaches at most 5 files, each uploaded first and once', async () => {
    const s = await payablesSetup(h);
    const files: AttachmentRef[] = [];
    for (let i = 0; i < 6; i += 1) files.push(await uploaded(s, `page-${i}.pdf`));
    const tooMany = await as(h, s.admin).post(
      `${s.base}/supplier-invoices`,
      invoiceBody(s, { attachments: files }),
    );
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(issueKeys(tooMany)).toEqual(['attachments:validation.tooManyFiles']);
    const [first, second] = files;
    if (!first || !second) throw new Error('no files');
    const unknown = { ...second, fileId: '7a0d2f5c-0b55-4b8e-9d1e-3f7f1c2b9a10' };
    const wrong = await as(h, s.admin).post(
      `${s.base}/supplier-invoices`,
      invoiceBody(s, { attachments: [first, first, unknown] }),
    );
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(issueKeys(wrong)).toEqual([
      'attachments.1:payables.invoices.validation.fileTwice',
      'attachments.2:payables.invoices.validation.fileNotUploaded',
    ]);
    const five = await enterInvoice(s, { attachments: files.slice(0, 5) });
    expect(five.attachments).toHaveLength(5);
  });
});
