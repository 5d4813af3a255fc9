import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Cents } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { paymentAllocation, supplierInvoice, supplierPayment } from '../../db/schema/index';

/** How much of an invoice (or credit note) standing payments hold: posted (paid/used) or awaiting approval. */
export interface InvoiceStanding {
  paid: Cents;
  pending: Cents;
}

const none: InvoiceStanding = { paid: 0 as Cents, pending: 0 as Cents };

/** What a payment's allocations count as: posted payments pay, payments awaiting approval hold. */
const paidSum = sql<string>`coalesce(sum(${paymentAllocation.amount}) filter (where ${supplierPayment.status} = 'posted'), 0)`;
const pendingSum = sql<string>`coalesce(sum(${paymentAllocation.amount}) filter (where ${supplierPayment.status} = 'pending' and ${supplierPayment.approvalStatus} = 'pending'), 0)`;

const allocationsOf = (tx: DbOrTx) =>
  tx
    .select({
      invoiceUuid: paymentAllocation.invoiceUuid,
      paid: paidSum.as('paid'),
      pending: pendingSum.as('pending'),
    })
    .from(paymentAllocation)
    .innerJoin(
      supplierPayment,
      and(
        eq(supplierPayment.buildingId, paymentAllocation.buildingId),
        eq(supplierPayment.uuid, paymentAllocation.paymentUuid),
      ),
    );

/**
 * The paid and pending amounts of each invoice as a lateral subquery: left-join it with
 * `leftJoinLateral(standing, sql`true`)` beside `supplier_invoices`, so lists filter, sort and
 * total on them in SQL over every matching invoice. Each invoice's allocations are found through
 * their key (building, invoice), so the plan stays an index lookup per invoice whatever the
 * statistics say (a grouped subquery over the building's allocations was nested-looped on stale
 * statistics: 26 s for a page of 10,000 invoices).
 */
export const standingSubquery = (tx: DbOrTx) =>
  tx
    .select({ paid: paidSum.as('paid'), pending: pendingSum.as('pending') })
    .from(paymentAllocation)
    .innerJoin(
      supplierPayment,
      and(
        eq(supplierPayment.buildingId, paymentAllocation.buildingId),
        eq(supplierPayment.uuid, paymentAllocation.paymentUuid),
      ),
    )
    .where(
      and(
        eq(paymentAllocation.buildingId, supplierInvoice.buildingId),
        eq(paymentAllocation.invoiceUuid, supplierInvoice.uuid),
      ),
    )
    .as('standing');
export type StandingSubquery = ReturnType<typeof standingSubquery>;

/**
 * The paid and pending amounts of invoices, from the payments that are not cancelled or rejected
 * (DOMAIN 7: unpaid = total − paid − pending; for a credit note, unused = original − used − pending).
 * Shared by invoices, payments, checks and reports so every screen counts the same way.
 */
export async function invoiceStandings(
  tx: DbOrTx,
  buildingId: string,
  invoiceUuids: readonly string[],
): Promise<Map<string, InvoiceStanding>> {
  const result = new Map<string, InvoiceStanding>();
  if (invoiceUuids.length === 0) return result;
  const rows = await allocationsOf(tx)
    .where(
      and(
        eq(paymentAllocation.buildingId, buildingId),
        inArray(paymentAllocation.invoiceUuid, [...invoiceUuids]),
      ),
    )
    .groupBy(paymentAllocation.invoiceUuid);
  for (const row of rows) {
    result.set(row.invoiceUuid, { paid: Number(row.paid) as Cents, pending: Number(row.pending) as Cents });
  }
  return result;
}

export const standingOf = (standings: Map<string, InvoiceStanding>, uuid: string): InvoiceStanding =>
  standings.get(uuid) ?? none;
