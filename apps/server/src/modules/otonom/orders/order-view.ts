import { isReturned, type PadOrderView } from '@copro/domain';
import type { padOrder } from '../../../db/schema/index';

export type PadOrderRow = typeof padOrder.$inferSelect;

/** The history's last move out of the money (a return or a refund): its date is the reversal's. */
const returnEntry = (row: PadOrderRow) =>
  row.history.findLast((h) => isReturned(h.status) || h.status === 'refunded');

/** An order as the API answers it; the unit's number is the caller's (read with the page's rows). */
export const orderView = (row: PadOrderRow, unitNumber: string | null = null): PadOrderView => ({
  uuid: row.uuid,
  direction: row.direction,
  unitUuid: row.unitUuid,
  unitNumber,
  supplierUuid: row.supplierUuid,
  supplierPaymentUuid: row.supplierPaymentUuid,
  name: row.name,
  amount: row.amount,
  dueDate: row.dueDate,
  month: row.month,
  status: row.status,
  reference: row.reference,
  fileUuid: row.fileUuid,
  transactionUuid: row.transactionUuid,
  reversalUuid: row.reversalUuid,
  feeUuid: row.feeUuid,
  returnCode: row.returnCode,
  returnedOn: row.reversalUuid ? (returnEntry(row)?.date ?? null) : null,
  history: row.history.map((h) => ({
    status: h.status,
    at: h.at,
    by: h.by,
    returnCode: h.returnCode,
    date: h.date ?? null,
  })),
  createdAt: row.createdAt.toISOString(),
});
