import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Cents, SupplierPaymentMethod } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { supplierPayment } from '../../../db/schema/index';
import { findRecords } from '../../registry';
import { nameOf } from '../record-names';

/** A posted supplier payment as the pre-authorized debits area sends it: to whom, how much, when. */
export interface PostedPayment {
  uuid: string;
  fiscalYear: string;
  supplierUuid: string;
  /** The supplier's name as the payment's year knows it. */
  supplierName: string;
  date: string;
  amount: Cents;
}

/**
 * The building's posted (approved, or needing no approval) and not cancelled supplier payments
 * made with `method`, oldest first: an electronic payment is sent by the partner once posted.
 */
export async function postedPaymentsByMethod(
  db: DbOrTx,
  buildingId: string,
  method: SupplierPaymentMethod,
): Promise<PostedPayment[]> {
  const rows = await db
    .select({
      uuid: supplierPayment.uuid,
      fiscalYear: supplierPayment.fiscalYear,
      supplierUuid: supplierPayment.supplierUuid,
      date: supplierPayment.date,
      amount: supplierPayment.amount,
    })
    .from(supplierPayment)
    .where(
      and(
        eq(supplierPayment.buildingId, buildingId),
        eq(supplierPayment.paymentMethod, method),
        eq(supplierPayment.status, 'posted'),
      ),
    )
    .orderBy(asc(supplierPayment.date), asc(supplierPayment.createdAt));
  const names = new Map<string, string>();
  for (const year of new Set(rows.map((r) => r.fiscalYear))) {
    const uuids = [...new Set(rows.filter((r) => r.fiscalYear === year).map((r) => r.supplierUuid))];
    for (const supplier of await findRecords(db, { buildingId, fiscalYear: year }, 'suppliers', uuids)) {
      names.set(`${year}:${supplier.uuid}`, nameOf(supplier));
    }
  }
  return rows.map((r) => ({ ...r, supplierName: names.get(`${r.fiscalYear}:${r.supplierUuid}`) ?? '' }));
}

/**
 * Which of these supplier payments still stand (posted, not cancelled since), each held against a
 * cancel until the caller's transaction ends: what the pre-authorized debits area sends must still
 * be owed to its supplier.
 */
export async function lockStandingPayments(
  tx: DbOrTx,
  buildingId: string,
  uuids: readonly string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await tx
    .select({ uuid: supplierPayment.uuid, status: supplierPayment.status })
    .from(supplierPayment)
    .where(and(eq(supplierPayment.buildingId, buildingId), inArray(supplierPayment.uuid, [...uuids])))
    .orderBy(asc(supplierPayment.uuid))
    .for('share');
  return new Set(rows.filter((r) => r.status === 'posted').map((r) => r.uuid));
}
