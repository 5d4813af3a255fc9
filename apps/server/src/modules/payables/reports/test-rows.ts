import { randomUUID } from 'node:crypto';
import { cents, type SupplierPaymentMethod, type TaxCode } from '@copro/domain';
import { paymentAllocation, supplierInvoice, supplierPayment } from '../../../db/schema/index';
import { firstYear } from '../../../test/registry-fixtures';
import type { PayablesSetup } from '../test-fixtures';

/**
 * The reports read only the payables tables: their tests write those rows directly, so each
 * figure they check follows from rows written here, not from the other parts' services.
 */

const source = { kind: 'system', id: 'backend' } as const;

export interface InvoiceRow {
  supplierUuid?: string;
  date: string;
  dueDate?: string;
  creditNote?: boolean;
  /** Before taxes: [category uuid, cents]. */
  lines: [string, number][];
  taxes?: [TaxCode, number][];
  cancelled?: boolean;
}

/** A supplier invoice (or credit note) of the first fiscal year; its total is its lines and taxes. */
export async function insertInvoice(s: PayablesSetup, row: InvoiceRow): Promise<string> {
  const uuid = randomUUID();
  const subtotal = row.lines.reduce((sum, [, amount]) => sum + amount, 0);
  const taxes = row.taxes ?? [];
  await s.h.platform.db.insert(supplierInvoice).values({
    buildingId: s.b.id,
    uuid,
    fiscalYear: firstYear,
    supplierUuid: row.supplierUuid ?? s.supplier.uuid,
    number: `N-${uuid.slice(0, 8)}`,
    date: row.date,
    dueDate: row.dueDate ?? null,
    creditNote: row.creditNote ?? false,
    lines: row.lines.map(([categoryUuid, amount]) => ({ categoryUuid, amount: cents(amount) })),
    taxes: taxes.map(([code, amount]) => ({ code, amount: cents(amount) })),
    subtotal: cents(subtotal),
    total: cents(subtotal + taxes.reduce((sum, [, amount]) => sum + amount, 0)),
    transactionUuid: randomUUID(),
    cancelled: row.cancelled ?? false,
    createdBy: source,
  });
  return uuid;
}

export interface PaymentRow {
  supplierUuid?: string;
  bankUuid?: string;
  date: string;
  method?: SupplierPaymentMethod;
  /** Posted by default. */
  status?: 'pending' | 'posted' | 'cancelled';
  approvalStatus?: 'notRequired' | 'pending' | 'approved' | 'rejected';
  /** Invoices paid: [invoice uuid, cents]. */
  invoices?: [string, number][];
  creditNotes?: [string, number][];
  /** From the bank; by default the invoices less the credit notes. */
  amount?: number;
  checkNumber?: string;
  printed?: boolean;
  voidReason?: string;
  recurringBillUuid?: string;
}

/** A supplier payment of the first fiscal year and what it pays or uses. */
export async function insertPayment(s: PayablesSetup, row: PaymentRow): Promise<string> {
  const uuid = randomUUID();
  const invoices = row.invoices ?? [];
  const creditNotes = row.creditNotes ?? [];
  const sum = (list: [string, number][]) => list.reduce((total, [, amount]) => total + amount, 0);
  const at = new Date(`${row.date}T15:00:00Z`);
  await s.h.platform.db.transaction(async (tx) => {
    await tx.insert(supplierPayment).values({
      buildingId: s.b.id,
      uuid,
      fiscalYear: firstYear,
      supplierUuid: row.supplierUuid ?? s.supplier.uuid,
      bankUuid: row.bankUuid ?? s.bank.uuid,
      date: row.date,
      paymentMethod: row.method ?? 'check',
      amount: cents(row.amount ?? sum(invoices) - sum(creditNotes)),
      status: row.status ?? 'posted',
      approvalStatus: row.approvalStatus ?? 'notRequired',
      transactionUuid: (row.status ?? 'posted') === 'posted' ? randomUUID() : null,
      recurringBillUuid: row.recurringBillUuid ?? null,
      checkNumber: row.checkNumber ?? null,
      checkPrintedAt: row.printed ? at : null,
      checkVoided: row.voidReason ? { reason: row.voidReason, at: at.toISOString(), by: source } : null,
      createdBy: source,
    });
    const allocations = [
      ...invoices.map(([invoiceUuid, amount]) => ({ invoiceUuid, amount, creditNote: false })),
      ...creditNotes.map(([invoiceUuid, amount]) => ({ invoiceUuid, amount, creditNote: true })),
    ];
    if (allocations.length > 0)
      await tx.insert(paymentAllocation).values(
        allocations.map((allocation) => ({
          buildingId: s.b.id,
          paymentUuid: uuid,
          invoiceUuid: allocation.invoiceUuid,
          creditNote: allocation.creditNote,
          amount: cents(allocation.amount),
        })),
      );
  });
  return uuid;
}
