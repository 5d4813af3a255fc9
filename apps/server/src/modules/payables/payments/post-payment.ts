import { sumCents, supplierPaymentLines, type ApprovalStatus, type TransactionMeaning } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { LogSource } from '../../../db/schema/index';
import type { BuildingRow } from '../../../platform/access';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { postTransaction, type TransactionView } from '../../ledger';
import { findRecord } from '../../registry';
import { generatedText } from '../context';
import type { PaymentRow } from './payment-views';

/** An invoice paid or a credit note used by a payment, with the invoice's number. */
export interface PaidLine {
  invoiceUuid: string;
  creditNote: boolean;
  number: string;
  amount: PaymentRow['amount'];
}

/**
 * The `supplierPayment` of a payment that needs no approval or was approved (DOMAIN 7): posted in
 * the payment's year on its date, so the ledger's rules refuse an archived year or a date outside
 * it. Dr the supplier for the invoices, Cr it for the credit notes, Cr the bank for the rest.
 * Its description is the memo as typed, else the system's, stored with its meaning (DESIGN 3).
 */
export async function postSupplierPayment(
  tx: DbOrTx,
  source: LogSource,
  building: BuildingRow,
  payment: PaymentRow,
  lines: readonly PaidLine[],
  approval: { status: ApprovalStatus; approvedBy: { userId: string; name: string }[] },
): Promise<TransactionView> {
  const scope: YearScope = { buildingId: payment.buildingId, fiscalYear: payment.fiscalYear };
  const supplier = await findRecord(tx, scope, 'suppliers', payment.supplierUuid);
  const bank = await findRecord(tx, scope, 'banks', payment.bankUuid);
  if (!supplier?.aid || !bank?.aid) throw new AppError('notFound');
  const invoices = lines.filter((l) => !l.creditNote);
  const creditNotes = lines.filter((l) => l.creditNote);
  const described = (l: PaidLine) => ({ invoiceUuid: l.invoiceUuid, number: l.number, amount: l.amount });
  const text: { description: string; meaning?: TransactionMeaning } = payment.memo
    ? { description: payment.memo }
    : generatedText(building, {
        kind: 'supplierPayment',
        supplier: String(supplier.data.name ?? ''),
        invoices: invoices.map((l) => l.number),
      });
  return postTransaction(
    tx,
    scope,
    source,
    {
      date: payment.date,
      description: text.description,
      kind: 'supplierPayment',
      paymentMethod: payment.paymentMethod,
      taxes: [],
      indexes: [],
      subtransactions: supplierPaymentLines(
        sumCents(invoices.map((l) => l.amount)),
        sumCents(creditNotes.map((l) => l.amount)),
        { supplierAid: supplier.aid, bankAid: bank.aid },
      ),
    },
    {
      details: {
        paidInvoices: invoices.map(described),
        creditNotesUsed: creditNotes.map(described),
        paymentUuid: payment.uuid,
        supplierUuid: payment.supplierUuid,
        bankUuid: payment.bankUuid,
        approvalStatus: approval.status,
        approvedBy: approval.approvedBy,
      },
      meaning: text.meaning ?? null,
    },
  );
}
