import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  checkRegisterSchema,
  checkRegisterTable,
  invoicesByCategorySchema,
  invoicesByCategoryTable,
  payablesAgingSchema,
  payablesAgingTable,
  paymentsByMethodSchema,
  paymentsByMethodTable,
  supplierTotalsSchema,
  supplierTotalsTable,
  type CheckRegister,
  type InvoicesByCategory,
  type PayablesAging,
  type PayablesReport,
  type PayablesReportFormat,
  type PayablesReportTable,
  type PaymentsByMethod,
  type SupplierTotals,
} from '@copro/domain';
import { api } from '../../../app/api';
import { yearReportUrl, type ReportFormat, type ReportParams } from '../../reports';

/** A payables report's address: its figures as JSON for the page, or a file to download. */
export const payablesReportUrl = (
  buildingRef: string,
  fiscalYear: string,
  report: PayablesReport,
  format: ReportFormat | 'json',
  params: ReportParams,
): string => yearReportUrl(buildingRef, fiscalYear, `payables-reports/${report}`, format, params);

/** What each report answers. */
export interface PayablesFigures {
  aging: PayablesAging;
  'invoices-by-category': InvoicesByCategory;
  'supplier-totals': SupplierTotals;
  'check-register': CheckRegister;
  'payments-by-method': PaymentsByMethod;
}

/**
 * Each report's answer (typed by the route's own schema) and the table the downloads draw from
 * it, so the page shows what the files hold, in the reader's language.
 */
export const payablesReportKinds: {
  [R in PayablesReport]: {
    schema: z.ZodType<PayablesFigures[R]>;
    table: (figures: PayablesFigures[R], format: PayablesReportFormat) => PayablesReportTable;
  };
} = {
  aging: { schema: payablesAgingSchema, table: payablesAgingTable },
  'invoices-by-category': { schema: invoicesByCategorySchema, table: invoicesByCategoryTable },
  'supplier-totals': { schema: supplierTotalsSchema, table: supplierTotalsTable },
  'check-register': { schema: checkRegisterSchema, table: checkRegisterTable },
  'payments-by-method': { schema: paymentsByMethodSchema, table: paymentsByMethodTable },
};

/**
 * A report's figures. They follow the ledger's transactions (invoices and payments post there),
 * and the names of the suppliers, banks and categories they show.
 */
export const payablesReportQuery = <R extends PayablesReport>(
  buildingRef: string,
  fiscalYear: string,
  report: R,
  params: ReportParams,
) =>
  queryOptions({
    queryKey: ['building', buildingRef, 'transactions', 'payables-report', fiscalYear, report, params],
    queryFn: ({ signal }) =>
      api(payablesReportUrl(buildingRef, fiscalYear, report, 'json', params), {
        response: payablesReportKinds[report].schema,
        signal,
      }),
    meta: { liveCollections: ['suppliers', 'banks', 'categories'] },
  });
