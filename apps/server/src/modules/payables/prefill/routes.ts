import type { FastifyInstance } from 'fastify';
import { invoicePrefillSchema } from '@copro/domain';
import { lockWritableYear, yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding } from '../../../platform/routes';
import { transactionWithFiles } from '../../../platform/storage';
import { typed } from '../../../platform/typed';
import { storeInvoiceFile, uploadedPdf, withPdfUploads } from '../invoices/invoice-files';
import { prefillFromPdf } from './prefill';

/**
 * `Y/supplier-invoices/prefill`: an invoice's PDF, read to prefill the invoice form and stored as
 * the invoices' own uploads are, so the answer's `attachment` goes with the invoice as it is.
 */
export function prefillRoutes(app: FastifyInstance, platform: Platform): void {
  withPdfUploads(app, (scoped) => {
    typed(scoped).post(
      '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/supplier-invoices/prefill',
      {
        config: { permission: inBuilding('finance.write') },
        schema: { params: yearParams, response: { 200: invoicePrefillSchema } },
      },
      async (req) => {
        const scope = await yearOf(platform.db, req);
        const upload = await uploadedPdf(req);
        // A year that takes no invoice is refused before the slow reading, not after.
        await platform.db.transaction((tx) => lockWritableYear(tx, scope));
        const reading = await prefillFromPdf(
          platform.db,
          scope,
          buildingOf(req).building,
          upload.bytes,
          req.log,
        );
        const attachment = await transactionWithFiles(platform.db, platform.storage, async (tx, files) => {
          await lockWritableYear(tx, scope);
          return storeInvoiceFile(files, scope, upload);
        });
        return { ...reading, attachment };
      },
    );
  });
}
