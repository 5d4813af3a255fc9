import { and, eq } from 'drizzle-orm';
import type { AgreementFlag } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import {
  padAgreement,
  type AgreementNotice,
  type LogSource,
  type StoredAgreementFile,
} from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { publish } from '../../../platform/events';

/**
 * A unit's PAD agreement row (DOMAIN 8): its signed copy, the written notice last sent and a
 * return's flag. Keyed by the unit's stable uuid, so it runs on across fiscal years. A unit that
 * never had one has no row: every reader takes "no row" as "nothing on file".
 */
export type AgreementRow = typeof padAgreement.$inferSelect;

const rowOf = (buildingId: string, unitUuid: string) =>
  and(eq(padAgreement.buildingId, buildingId), eq(padAgreement.unitUuid, unitUuid));

/** The unit's agreement, or null when nothing was ever uploaded, sent or flagged for it. */
export async function agreementOf(
  db: DbOrTx,
  buildingId: string,
  unitUuid: string,
  lock = false,
): Promise<AgreementRow | null> {
  const query = db.select().from(padAgreement).where(rowOf(buildingId, unitUuid));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Every agreement of the building, by unit (the monthly run reads them all at once). */
export async function agreementsOf(db: DbOrTx, buildingId: string): Promise<Map<string, AgreementRow>> {
  const rows = await db.select().from(padAgreement).where(eq(padAgreement.buildingId, buildingId));
  return new Map(rows.map((row) => [row.unitUuid, row]));
}

type AgreementChange = Partial<Pick<AgreementRow, 'signedFile' | 'notice' | 'flag' | 'flaggedAt'>>;

/** Writes `change` onto the unit's agreement, creating the row the first time; live pages refresh. */
export async function saveAgreement(
  tx: DbOrTx,
  buildingId: string,
  unitUuid: string,
  change: AgreementChange,
): Promise<AgreementRow> {
  const values = { ...change, updatedAt: new Date() };
  const [row] = await tx
    .insert(padAgreement)
    .values({ buildingId, unitUuid, ...values })
    .onConflictDoUpdate({ target: [padAgreement.buildingId, padAgreement.unitUuid], set: values })
    .returning();
  if (!row) throw new Error('agreement upsert returned nothing');
  await publish(tx, { buildingId, collection: 'padAgreements', ids: [unitUuid] });
  return row;
}

/**
 * A return said the agreement no longer holds (revoked, account closed: `agreementFlagOf`): it
 * is flagged until a new signed copy is uploaded, and automatic payment cannot be switched on
 * again meanwhile. Flagging an agreement already flagged the same way changes nothing. Logged.
 */
export async function flagAgreement(
  tx: DbOrTx,
  buildingId: string,
  unitUuid: string,
  flag: AgreementFlag,
  source: LogSource,
  at: Date,
): Promise<AgreementRow> {
  const before = await agreementOf(tx, buildingId, unitUuid, true);
  if (before && before.flag === flag) return before;
  const row = await saveAgreement(tx, buildingId, unitUuid, { flag, flaggedAt: at });
  await writeLog(tx, {
    buildingId,
    event: 'padAgreementFlagged',
    source,
    message: `Pre-authorized debit agreement of unit ${unitUuid} flagged: ${flag}`,
    metadata: { unitUuid, flag },
    indexes: [unitUuid],
  });
  return row;
}

/**
 * The first day the unit may be debited (Rule H1: the written notice's first debit, at least 10
 * days after it), or null when no notice was sent: then no debit may be made at all.
 */
export const firstDebitOn = (agreement: Pick<AgreementRow, 'notice'> | null): string | null =>
  agreement?.notice?.firstDebitOn ?? null;

/** Whether a debit may be made under this agreement: signed, not flagged, and the notice sent. */
export const agreementHolds = (agreement: AgreementRow | null): boolean =>
  !!agreement?.signedFile && agreement.flag === null && agreement.notice !== null;

export type { AgreementNotice, StoredAgreementFile };
