import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccount, type LedgerAccountKind } from '../../db/schema/index';

/**
 * The next ledger account number of the building, given to the record `recordUuid` (a unit, a
 * supplier, a bank, a category); an advisory lock keeps two creations apart.
 */
export async function allocateLedgerAccount(
  tx: DbOrTx,
  buildingId: string,
  kind: LedgerAccountKind,
  recordUuid: string,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger-accounts:${buildingId}`}))`);
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${ledgerAccount.aid}), 0) + 1` })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.buildingId, buildingId));
  const aid = Number(row?.next ?? 1);
  await tx.insert(ledgerAccount).values({ buildingId, aid, kind, recordUuid });
  return aid;
}

/** The building's ledger accounts of one kind, each with the record it belongs to. */
export async function ledgerAccountsOfKind(
  db: DbOrTx,
  buildingId: string,
  kind: LedgerAccountKind,
): Promise<{ aid: number; recordUuid: string }[]> {
  return db
    .select({ aid: ledgerAccount.aid, recordUuid: ledgerAccount.recordUuid })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.buildingId, buildingId), eq(ledgerAccount.kind, kind)));
}
