import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { checkNumbering, supplierPayment } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { LogSource } from '../../../db/schema/index';
import { buildingOf } from '../../../platform/routes';
import { findRecord, type RecordRow } from '../../registry';

/**
 * DOMAIN 7: each bank numbers its checks. A bank's next number starts at 1; printing takes the
 * next numbers under a lock of the bank's row, so two prints never share a number. A number is
 * never used twice on a bank, not even a void check's (its paper was printed with it): the next
 * number can be set by hand, but only above every number already printed on the bank.
 */

export interface CheckNumberingView {
  bankUuid: string;
  nextCheckNumber: number;
}

/** The bank of a building-wide route: found in the building's latest year that holds it. */
export async function bankOf(db: DbOrTx, req: FastifyRequest, bankUuid: string): Promise<RecordRow> {
  const { building } = buildingOf(req);
  const years = await req.server.accessCache.fiscalYears(building.id, req.ctx.fresh);
  const newestFirst = [...years].sort((a, b) => b.startDate.localeCompare(a.startDate));
  for (const year of newestFirst) {
    const bank = await findRecord(
      db,
      { buildingId: building.id, fiscalYear: year.startDate },
      'banks',
      bankUuid,
    );
    if (bank) return bank;
  }
  throw new AppError('notFound');
}

const ofBank = (buildingId: string, bankUuid: string) =>
  and(eq(checkNumbering.buildingId, buildingId), eq(checkNumbering.bankUuid, bankUuid));

export async function checkNumberingOf(
  db: DbOrTx,
  buildingId: string,
  bankUuid: string,
): Promise<CheckNumberingView> {
  const [row] = await db
    .select({ nextNumber: checkNumbering.nextNumber })
    .from(checkNumbering)
    .where(ofBank(buildingId, bankUuid));
  return { bankUuid, nextCheckNumber: row?.nextNumber ?? 1 };
}

/** The bank's next number, its row created at 1 when missing and locked until the write commits. */
async function lockNumbering(tx: DbOrTx, buildingId: string, bankUuid: string): Promise<number> {
  await tx.insert(checkNumbering).values({ buildingId, bankUuid, nextNumber: 1 }).onConflictDoNothing();
  const [row] = await tx
    .select({ nextNumber: checkNumbering.nextNumber })
    .from(checkNumbering)
    .where(ofBank(buildingId, bankUuid))
    .for('update');
  if (!row) throw new Error(`no check numbering for bank ${bankUuid}`);
  return row.nextNumber;
}

/** The highest number printed on the bank in any year, void checks included; null before the first. */
async function highestUsed(tx: DbOrTx, buildingId: string, bankUuid: string): Promise<number | null> {
  const [row] = await tx
    .select({
      highest: sql<
        string | null
      >`max(${supplierPayment.checkNumber}::bigint) filter (where ${supplierPayment.checkNumber} ~ '^[0-9]+$')`,
    })
    .from(supplierPayment)
    .where(and(eq(supplierPayment.buildingId, buildingId), eq(supplierPayment.bankUuid, bankUuid)));
  return row?.highest == null ? null : Number(row.highest);
}

/** The next `count` numbers of the bank, taken: the bank's next number moves past them. */
export async function takeCheckNumbers(
  tx: DbOrTx,
  buildingId: string,
  bankUuid: string,
  count: number,
): Promise<number[]> {
  const next = await lockNumbering(tx, buildingId, bankUuid);
  // The next number is always above the numbers printed (setCheckNumbering refuses less), so these are free.
  await tx
    .update(checkNumbering)
    .set({ nextNumber: next + count })
    .where(ofBank(buildingId, bankUuid));
  return Array.from({ length: count }, (_, i) => next + i);
}

/** Sets the bank's next number by hand (new check stock), logged; never at or below a number used. */
export async function setCheckNumbering(
  tx: DbOrTx,
  who: { buildingId: string; source: LogSource },
  bank: RecordRow,
  nextCheckNumber: number,
): Promise<CheckNumberingView> {
  const before = await lockNumbering(tx, who.buildingId, bank.uuid);
  const used = await highestUsed(tx, who.buildingId, bank.uuid);
  if (used !== null && nextCheckNumber <= used) {
    throw new AppError('validation', [
      { path: ['nextCheckNumber'], key: 'payables.checks.numberBelowUsed', params: { number: used } },
    ]);
  }
  if (before === nextCheckNumber) return { bankUuid: bank.uuid, nextCheckNumber };
  await tx
    .update(checkNumbering)
    .set({ nextNumber: nextCheckNumber })
    .where(ofBank(who.buildingId, bank.uuid));
  const bankName = String(bank.data.name ?? '');
  await writeLog(tx, {
    buildingId: who.buildingId,
    event: 'checkNumberingEdited',
    source: who.source,
    message: `Check numbering of bank ${bankName}: next check ${before} → ${nextCheckNumber}`,
    metadata: { bankUuid: bank.uuid },
    changes: [{ field: 'nextCheckNumber', before, after: nextCheckNumber }],
    indexes: [bank.uuid],
  });
  return { bankUuid: bank.uuid, nextCheckNumber };
}
