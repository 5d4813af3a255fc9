import { desc, eq, sql } from 'drizzle-orm';
import {
  defaultReminderSettings,
  reminderKinds,
  type AutomaticCommunicationSettings,
  type AutomaticMailHistory,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { automaticCommunicationSettings, automaticMailSent, type LogSource } from '../../../db/schema/index';
import { changesBetween, writeLog } from '../../../platform/audit';
import { publish } from '../../../platform/events';

/** The building's reminders: what it saved, else none on with the default delays. */
export async function reminderSettings(
  db: DbOrTx,
  buildingId: string,
): Promise<AutomaticCommunicationSettings> {
  const [row] = await db
    .select()
    .from(automaticCommunicationSettings)
    .where(eq(automaticCommunicationSettings.buildingId, buildingId));
  if (!row) return { ...defaultReminderSettings, enabled: [] };
  return {
    // In the list's order, whatever order they were saved in.
    enabled: reminderKinds.filter((kind) => row.enabled.includes(kind)),
    insuranceDaysBefore: row.insuranceDaysBefore,
    warrantyDaysBefore: row.warrantyDaysBefore,
    waterHeaterLifeYears: row.waterHeaterLifeYears,
  };
}

export async function saveReminderSettings(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  input: AutomaticCommunicationSettings,
): Promise<AutomaticCommunicationSettings> {
  const before = await reminderSettings(tx, buildingId);
  const values = { ...input, enabled: reminderKinds.filter((kind) => input.enabled.includes(kind)) };
  await tx
    .insert(automaticCommunicationSettings)
    .values({ buildingId, ...values })
    .onConflictDoUpdate({
      target: automaticCommunicationSettings.buildingId,
      set: { ...values, updatedAt: new Date() },
    });
  await writeLog(tx, {
    buildingId,
    event: 'automaticCommunicationsEdited',
    source,
    message: 'Automatic communications edited',
    changes: changesBetween(before, values),
  });
  await publish(tx, { buildingId, collection: 'automaticMails', ids: [] });
  return values;
}

/** The reminders sent, newest first, a page at a time. */
export async function reminderHistory(
  db: DbOrTx,
  buildingId: string,
  page: { page: number; pageSize: number },
): Promise<AutomaticMailHistory> {
  const where = eq(automaticMailSent.buildingId, buildingId);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(automaticMailSent)
    .where(where);
  const rows = await db
    .select()
    .from(automaticMailSent)
    .where(where)
    .orderBy(desc(automaticMailSent.sentOn), desc(automaticMailSent.uuid))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return {
    total: Number(counted?.n ?? 0),
    items: rows.map((r) => ({
      uuid: r.uuid,
      kind: r.kind,
      unitUuid: r.unitUuid,
      unitNumber: r.unitNumber,
      sentOn: r.sentOn,
      recipients: r.recipients,
    })),
  };
}
