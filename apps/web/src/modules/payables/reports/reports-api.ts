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
import { payablesReportUrl, type PayablesReportParams } from './report-url';

interface Figures {
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
    schema: z.ZodType<Figures[R]>;
    table: (figures: Figures[R], format: PayablesReportFormat) => PayablesReportTable;
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
  params: PayablesReportParams,
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
