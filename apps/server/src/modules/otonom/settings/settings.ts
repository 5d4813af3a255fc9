import { eq } from 'drizzle-orm';
import type { PadSettings, PadSettingsView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padSetting } from '../../../db/schema/index';
import { changesBetween, writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { recordInEveryYear } from '../agreements/unit-records';
import type { OtonomContext } from '../context';

/**
 * The area's settings of a building (DOMAIN 8): the channel (the partner's API or a CPA-005 file
 * for the building's bank), what a monthly debit takes, the bank the money lands in and leaves
 * from, the CPA-005 originator's data, and the next CPA-005 file creation number (it only grows;
 * the files' unique index makes a number never repeat). A building without a row has none yet.
 */

type PadSettingRow = typeof padSetting.$inferSelect;

const settingsOf = (row: PadSettingRow): PadSettings => ({
  channel: row.channel,
  debitAmount: row.debitAmount,
  ...(row.bankUuid ? { bankUuid: row.bankUuid } : {}),
  ...(row.cpa005 ? { cpa005: row.cpa005 } : {}),
});

export async function padSettingsRow(db: DbOrTx, buildingId: string): Promise<PadSettingRow | null> {
  const [row] = await db.select().from(padSetting).where(eq(padSetting.buildingId, buildingId));
  return row ?? null;
}

export async function padSettingsView(
  db: DbOrTx,
  buildingId: string,
  partner: PadSettingsView['partner'],
): Promise<PadSettingsView> {
  const row = await padSettingsRow(db, buildingId);
  return { settings: row ? settingsOf(row) : null, nextFileNumber: row?.nextFileNumber ?? 1, partner };
}

/** The bank is one of the building's, in one of its years (a bank keeps its uuid from year to year). */
async function ensureBank(tx: DbOrTx, buildingId: string, bankUuid: string): Promise<void> {
  if ((await recordInEveryYear(tx, buildingId, 'banks', bankUuid)).length > 0) return;
  throw new AppError('validation', [{ path: ['bankUuid'], key: 'otonom.validation.noBank' }]);
}

/**
 * The CPA-005 data with its fields in the form's order: jsonb keeps keys in its own order, and the
 * log's comparison is of JSON text, so an unchanged value must not look changed.
 */
function inSchemaOrder(c: PadSettings['cpa005'] | null): PadSettings['cpa005'] | null {
  if (!c) return null;
  return {
    originatorId: c.originatorId,
    shortName: c.shortName,
    longName: c.longName,
    destinationDataCentre: c.destinationDataCentre,
    currency: c.currency,
    returnInstitution: c.returnInstitution,
    returnTransit: c.returnTransit,
    returnAccount: c.returnAccount,
  };
}

/** Saves the settings; logged "otonom settings edited" with the fields that changed. */
export async function savePadSettings(
  tx: DbOrTx,
  ctx: OtonomContext,
  input: PadSettings,
  partner: PadSettingsView['partner'],
): Promise<PadSettingsView> {
  const buildingId = ctx.building.id;
  if (input.bankUuid) await ensureBank(tx, buildingId, input.bankUuid);
  const before = await padSettingsRow(tx, buildingId);
  const values = {
    channel: input.channel,
    debitAmount: input.debitAmount,
    bankUuid: input.bankUuid ?? null,
    cpa005: input.cpa005 ?? null,
    updatedAt: ctx.now,
  };
  await tx
    .insert(padSetting)
    .values({ buildingId, ...values })
    .onConflictDoUpdate({ target: padSetting.buildingId, set: values });
  const { updatedAt: _updatedAt, ...edited } = values;
  const prior: Partial<typeof edited> = before
    ? {
        channel: before.channel,
        debitAmount: before.debitAmount,
        bankUuid: before.bankUuid,
        cpa005: inSchemaOrder(before.cpa005),
      }
    : {};
  const changes = changesBetween(prior, edited);
  if (changes.length > 0) {
    await writeLog(tx, {
      buildingId,
      event: 'otonomSettingsEdited',
      source: ctx.source,
      message: `Pre-authorized debit settings edited: ${changes.map((c) => c.field).join(', ')}`,
      metadata: { channel: input.channel, debitAmount: input.debitAmount, bankUuid: input.bankUuid ?? null },
      changes,
    });
    await publish(tx, { buildingId, collection: 'padOrders', ids: [] });
  }
  return padSettingsView(tx, buildingId, partner);
}
