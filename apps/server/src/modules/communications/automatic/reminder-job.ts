import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte } from 'drizzle-orm';
import {
  dueReminders,
  translate,
  type DueReminder,
  type Language,
  type MergeValues,
  type ReminderUnit,
} from '@copro/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { automaticMailSent, building, fiscalYear, type LogSource } from '../../../db/schema/index';
import type { BuildingRow } from '../../../platform/access';
import { writeLog } from '../../../platform/audit';
import { registerBuildingJob, scheduleBuildingJob } from '../../../platform/building-jobs';
import { publish } from '../../../platform/events';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { Mailer } from '../../../platform/mail';
import type { Platform } from '../../../platform/platform';
import { listRecords, ownerLinksOn, personName, personRecipients, type RecordRow } from '../../registry';
import { reminderSettings } from './settings';
import { automaticMailText } from './templates';

/** The daily automatic communications of a building (DOMAIN 11). */
export const automaticMailsJob = 'automatic-mails';
/** When the daily run fires (UTC); each building runs as of its own date, after the arrears run. */
export const automaticMailsSchedule = '0 8 * * *';

const system: LogSource = { kind: 'system', id: 'queue' };

export interface ReminderMailContext {
  mailer: Mailer;
  publicUrl: string;
}

/** The building's latest fiscal year started by `asOf`: the registry as it stands that day. */
export async function currentYear(db: DbOrTx, buildingId: string, asOf: string): Promise<YearScope | null> {
  const [year] = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, buildingId), lte(fiscalYear.startDate, asOf)))
    .orderBy(desc(fiscalYear.startDate))
    .limit(1);
  return year ? { buildingId, fiscalYear: year.start } : null;
}

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];

/** What the rules read of a unit and its owners on `asOf`. */
function reminderUnit(unit: RecordRow, people: Map<string, RecordRow>, asOf: string): ReminderUnit {
  const data = unit.data as {
    insurance?: { provider?: string; endDate?: string };
    insuranceProof?: unknown;
    waterHeater?: { installationDate?: string; warrantyEndDate?: string };
  };
  const owners = ownerLinksOn(unit.data, asOf).map((link) => people.get(link.personUuid));
  return {
    uuid: unit.uuid,
    insurance: { provider: data.insurance?.provider, endDate: data.insurance?.endDate },
    hasInsuranceProof: Boolean(data.insuranceProof),
    waterHeater: {
      installationDate: data.waterHeater?.installationDate,
      warrantyEndDate: data.waterHeater?.warrantyEndDate,
    },
    owners: owners.map((person) => ({
      hasEmail: list(person?.data.emails).length > 0,
      hasPhone: list(person?.data.phones).length > 0,
    })),
  };
}

/** The values a reminder about `unit` fills its template with, for one reader. */
export function reminderValues(
  b: Pick<BuildingRow, 'name' | 'ref'>,
  publicUrl: string,
  unit: RecordRow,
  ownerNames: readonly string[],
  language: Language,
  reminder?: Pick<DueReminder, 'missing'>,
): MergeValues {
  const data = unit.data as {
    floor?: string;
    insurance?: { provider?: string; endDate?: string };
    waterHeater?: { installationDate?: string; warrantyEndDate?: string };
  };
  const values: MergeValues = {
    buildingName: b.name,
    unitNumber: unit.number ?? '',
    ownerName: ownerNames.filter((n) => n !== '').join(', '),
    link: `${publicUrl}/building/${b.ref}/units/info/${unit.uuid}`,
    floor: data.floor,
    insuranceEndDate: data.insurance?.endDate,
    insuranceProvider: data.insurance?.provider,
    waterHeaterInstalledOn: data.waterHeater?.installationDate,
    waterHeaterWarrantyEnd: data.waterHeater?.warrantyEndDate,
  };
  if (reminder?.missing) {
    values.missingFields = reminder.missing
      .map((m) => translate(language, `automaticMails.missingOwnerData.${m}`))
      .join(', ');
  }
  return values;
}

/**
 * Sends the due reminders of the building as of `asOf`, each episode once: its row in
 * `automatic_mails_sent` is written first (the unique episode key), so a second run, a late run
 * or another instance sends nothing again. A building that sends no emails sends and records
 * nothing, so its reminders go once emails are turned on; so does a unit whose owners have no
 * address. Answers how many reminders went out.
 */
export async function runAutomaticMails(
  tx: DbOrTx,
  ctx: ReminderMailContext,
  buildingId: string,
  asOf: string,
  source: LogSource = system,
): Promise<{ sent: number }> {
  const [b] = await tx.select().from(building).where(eq(building.id, buildingId));
  if (!b || b.sendNoEmails) return { sent: 0 };
  const settings = await reminderSettings(tx, buildingId);
  if (settings.enabled.length === 0) return { sent: 0 };
  const scope = await currentYear(tx, buildingId, asOf);
  if (!scope) return { sent: 0 };
  const units = await listRecords(tx, scope, 'units', { liveOnly: true });
  const people = new Map((await listRecords(tx, scope, 'people')).map((p) => [p.uuid, p]));
  const already = new Set(
    (
      await tx
        .select({ key: automaticMailSent.episodeKey })
        .from(automaticMailSent)
        .where(eq(automaticMailSent.buildingId, buildingId))
    ).map((r) => r.key),
  );
  const sent: string[] = [];
  for (const unit of units) {
    const due = dueReminders(reminderUnit(unit, people, asOf), settings, asOf).filter(
      (r) => !already.has(r.episodeKey),
    );
    if (due.length === 0) continue;
    const ownerUuids = ownerLinksOn(unit.data, asOf).map((link) => link.personUuid);
    const recipients = await personRecipients(tx, scope, ownerUuids, b.locale);
    if (recipients.length === 0) continue;
    const ownerNames = ownerUuids.map((uuid) => {
      const person = people.get(uuid);
      return person ? personName(person.data) : '';
    });
    for (const reminder of due) {
      const uuid = randomUUID();
      const [fresh] = await tx
        .insert(automaticMailSent)
        .values({
          buildingId,
          uuid,
          kind: reminder.kind,
          episodeKey: reminder.episodeKey,
          unitUuid: unit.uuid,
          unitNumber: unit.number ?? '',
          sentOn: asOf,
          recipients: recipients.map((r) => r.email),
        })
        .onConflictDoNothing()
        .returning({ uuid: automaticMailSent.uuid });
      if (!fresh) continue;
      for (const r of recipients) {
        const values = {
          ...reminderValues(b, ctx.publicUrl, unit, ownerNames, r.language, reminder),
          recipientName: r.name,
        };
        const mail = await automaticMailText(tx, {
          buildingId,
          kind: reminder.kind,
          language: r.language,
          values,
        });
        await ctx.mailer.queue(tx, { to: r.email, ...mail });
      }
      await writeLog(tx, {
        buildingId,
        event: 'automaticMailSent',
        source,
        message: `Automatic communication ${reminder.kind}: unit ${unit.number ?? ''}`,
        metadata: {
          kind: reminder.kind,
          episodeKey: reminder.episodeKey,
          unitUuid: unit.uuid,
          asOf,
          emails: recipients.map((r) => r.email),
        },
        indexes: [unit.uuid],
      });
      sent.push(uuid);
    }
  }
  if (sent.length > 0) await publish(tx, { buildingId, collection: 'automaticMails', ids: sent });
  return { sent: sent.length };
}

/** One building's run as of a date, in one database transaction (the job and `npm run job`). */
export const runBuildingAutomaticMails = (
  db: Db,
  ctx: ReminderMailContext,
  buildingId: string,
  asOf: string,
): Promise<{ sent: number }> => db.transaction((tx) => runAutomaticMails(tx, ctx, buildingId, asOf));

export function registerAutomaticMails(platform: Platform): void {
  const ctx: ReminderMailContext = { mailer: platform.mailer, publicUrl: platform.config.publicUrl };
  registerBuildingJob(platform, automaticMailsJob, (buildingId, asOf) =>
    runBuildingAutomaticMails(platform.db, ctx, buildingId, asOf),
  );
}

/** The daily run of every building: fired by the schedule, and once at start to catch up. */
export const scheduleAutomaticMails = (platform: Platform): Promise<void> =>
  scheduleBuildingJob(platform, automaticMailsJob, automaticMailsSchedule);
