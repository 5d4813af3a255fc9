import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { invoiceBillback, supplierInvoice } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { cancelTransaction, type TransactionOwner } from '../../ledger';
import { cancelInvoiceRow } from './invoices';

async function invoicePostedAs(tx: DbOrTx, scope: YearScope, transactionUuid: string, lock = false) {
  const query = tx
    .select()
    .from(supplierInvoice)
    .where(
      and(
        eq(supplierInvoice.buildingId, scope.buildingId),
        eq(supplierInvoice.transactionUuid, transactionUuid),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

async function billbackPostedAs(tx: DbOrTx, scope: YearScope, transactionUuid: string) {
  const [row] = await tx
    .select()
    .from(invoiceBillback)
    .where(
      and(
        eq(invoiceBillback.buildingId, scope.buildingId),
        eq(invoiceBillback.transactionUuid, transactionUuid),
      ),
    );
  return row ?? null;
}

/**
 * DOMAIN 7: the `supplierInvoice` and `unitSupplierBillback` transactions the invoices posted are
 * theirs. Cancelling an invoice's transaction cancels the invoice, with the invoice's rules (refused
 * while payments or billbacks use it); cancelling a billback's marks it cancelled, so that much of
 * the invoice can be billed back again.
 */
export const supplierInvoiceOwner: TransactionOwner = {
  area: 'supplier invoices',
  async owns(tx, scope, row) {
    if (row.kind === 'supplierInvoice') return (await invoicePostedAs(tx, scope, row.uuid)) !== null;
    if (row.kind === 'unitSupplierBillback') return (await billbackPostedAs(tx, scope, row.uuid)) !== null;
    return false;
  },
  async cancel(tx, scope, source, row, reason) {
    if (row.kind === 'supplierInvoice') {
      const invoice = await invoicePostedAs(tx, scope, row.uuid, true);
      if (!invoice) throw new AppError('notFound');
      return cancelInvoiceRow(tx, source, invoice, reason);
    }
    const billback = await billbackPostedAs(tx, scope, row.uuid);
    if (!billback) throw new AppError('notFound');
    const view = await cancelTransaction(tx, scope, source, row.uuid, reason);
    await tx
      .update(invoiceBillback)
      .set({ cancelled: true })
      .where(
        and(eq(invoiceBillback.buildingId, scope.buildingId), eq(invoiceBillback.transactionUuid, row.uuid)),
      );
    return view;
  },
};
