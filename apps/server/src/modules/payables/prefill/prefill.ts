import type { FastifyBaseLogger } from 'fastify';
import { readInvoice, type InvoicePrefill } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { BuildingRow } from '../../../platform/access';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { listRecords } from '../../registry';
import { invoiceText, type InvoiceText } from './pdf-text';

/** How long reading a PDF may take, OCR included; past it the user fills the form by hand. */
export const readingTimeLimitMs = 40_000;

/**
 * What an invoice's PDF says of the fields of the invoice form (`readInvoice`'s rules), matched
 * against the year's suppliers that are not archived and the building's taxes. A file pdf.js cannot
 * read (damaged, protected by a password) still goes with the invoice: nothing is read from it.
 */
export async function prefillFromPdf(
  db: DbOrTx,
  scope: YearScope,
  building: BuildingRow,
  bytes: Buffer,
  log: FastifyBaseLogger,
): Promise<Omit<InvoicePrefill, 'attachment'>> {
  let read: InvoiceText = { text: '', source: 'text' };
  try {
    read = await invoiceText(bytes, Date.now() + readingTimeLimitMs);
  } catch (error) {
    log.warn({ err: error }, 'invoice PDF not readable');
  }
  const suppliers = await listRecords(db, scope, 'suppliers', { liveOnly: true });
  const reading = readInvoice({
    text: read.text,
    suppliers: suppliers.map((s) => ({ uuid: s.uuid, name: String(s.data.name ?? '') })),
    taxes: building.taxes,
  });
  return { ...reading, source: read.source };
}
