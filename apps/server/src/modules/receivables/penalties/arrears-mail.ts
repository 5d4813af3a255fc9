import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { arrearsAlert, building, unitReminder, type LogSource } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { Mailer } from '../../../platform/mail';
import type { UnitArrears } from './arrears';
import { writeLog } from '../../../platform/audit';
import { ownerLinksOn, personRecipients } from '../../registry';
import { automaticMailText } from '../../communications';
import type { BuildingRow } from '../../../platform/access';
import { usersWithRoles } from '../../../platform/recipients';

/** What sending needs from the platform: the outbox and the address of the app for links. */
export interface MailContext {
  mailer: Mailer;
  publicUrl: string;
}

async function buildingRow(tx: DbOrTx, buildingId: string): Promise<BuildingRow> {
  const [b] = await tx.select().from(building).where(eq(building.id, buildingId));
  if (!b) throw new AppError('notFound');
  return b;
}

/** The unit's transactions page, where an owner sees what they owe. */
const unitLink = (ctx: MailContext, b: BuildingRow, unitUuid: string): string =>
  `${ctx.publicUrl}/building/${b.ref}/units/transactions/${unitUuid}`;

/**
 * The users alerted about arrears: the building's users (not banned) whose role is in
 * `rolesThatReceiveAlerts`, and the group's users with a role of the same name. Each once, in
 * their own language, else the building's.
 */
const alertRecipients = (tx: DbOrTx, b: BuildingRow) => usersWithRoles(tx, b, b.rolesThatReceiveAlerts);

/**
 * DOMAIN 5: each flagged unit alerts the alert roles once per arrears episode (the date its
 * oldest unpaid charge dates from), recorded in `arrears_alerts`. A building that sends no
 * emails records the episode all the same, so turning emails on later does not replay old ones.
 */
export async function alertArrears(
  tx: DbOrTx,
  ctx: MailContext,
  scope: YearScope,
  arrears: readonly UnitArrears[],
  source: LogSource,
): Promise<number> {
  const b = await buildingRow(tx, scope.buildingId);
  // The same people hear of every unit: read them once, and not at all when no mail goes out.
  const recipients = b.sendNoEmails ? [] : await alertRecipients(tx, b);
  let alerted = 0;
  for (const u of arrears) {
    if (!u.flagged || !u.since) continue;
    const [fresh] = await tx
      .insert(arrearsAlert)
      .values({ buildingId: scope.buildingId, unitUuid: u.unit.uuid, since: u.since })
      .onConflictDoNothing()
      .returning();
    if (!fresh || recipients.length === 0) continue;
    for (const r of recipients) {
      const mail = await automaticMailText(tx, {
        buildingId: scope.buildingId,
        kind: 'arrearsAlert',
        language: r.language,
        values: {
          unitNumber: u.unit.number ?? '',
          buildingName: b.name,
          months: String(u.months),
          since: u.since,
          threshold: String(b.numberOfMonthsUnitHasUnpaidBalanceBeforeAlert),
          amount: formatMoney(u.balance, b.currency, r.language),
          link: unitLink(ctx, b, u.unit.uuid),
        },
      });
      await ctx.mailer.queue(tx, { to: r.email, ...mail });
    }
    await writeLog(tx, {
      buildingId: scope.buildingId,
      event: 'peopleNotified',
      source,
      message: `Arrears alert: unit ${u.unit.number ?? ''} since ${u.since}`,
      metadata: {
        reason: 'arrearsAlert',
        unitUuid: u.unit.uuid,
        since: u.since,
        emails: recipients.map((r) => r.email),
      },
      indexes: [u.unit.uuid],
    });
    alerted += 1;
  }
  return alerted;
}

/**
 * DOMAIN 5: one reminder email per unit and month to the owners of each unit that owes money,
 * with the template of its arrears level (at least the first), in each owner's language, else
 * the building's; each send is recorded on the unit (`unit_reminders`). Units already reminded
 * this month, units that owe nothing and units with no owner address are skipped, and a building
 * that sends no emails sends none. Answers how many units were reminded.
 */
export async function sendReminders(
  tx: DbOrTx,
  ctx: MailContext,
  scope: YearScope,
  month: string,
  arrears: readonly UnitArrears[],
  source: LogSource,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unit-reminders:${scope.buildingId}`}))`);
  const b = await buildingRow(tx, scope.buildingId);
  if (b.sendNoEmails) return 0;
  const already = new Set(
    (
      await tx
        .select({ unitUuid: unitReminder.unitUuid })
        .from(unitReminder)
        .where(and(eq(unitReminder.buildingId, scope.buildingId), eq(unitReminder.month, month)))
    ).map((r) => r.unitUuid),
  );
  const reminded: string[] = [];
  for (const u of arrears) {
    if (u.balance <= 0 || already.has(u.unit.uuid)) continue;
    const owners = ownerLinksOn(u.unit.data, month).map((link) => link.personUuid);
    const recipients = await personRecipients(tx, scope, owners, b.locale);
    if (recipients.length === 0) continue;
    const level = Math.max(1, Math.min(3, u.level));
    for (const r of recipients) {
      const mail = await automaticMailText(tx, {
        buildingId: scope.buildingId,
        kind: `arrearsReminder${level as 1 | 2 | 3}`,
        language: r.language,
        values: {
          recipientName: r.name,
          amount: formatMoney(u.balance, b.currency, r.language),
          buildingName: b.name,
          unitNumber: u.unit.number ?? '',
          link: unitLink(ctx, b, u.unit.uuid),
        },
      });
      await ctx.mailer.queue(tx, { to: r.email, ...mail });
    }
    const emails = recipients.map((r) => r.email);
    await tx.insert(unitReminder).values({
      buildingId: scope.buildingId,
      unitUuid: u.unit.uuid,
      month,
      level,
      amount: u.balance,
      emails,
      sentBy: source,
    });
    await writeLog(tx, {
      buildingId: scope.buildingId,
      event: 'peopleNotified',
      source,
      message: `Arrears reminder (level ${level}): unit ${u.unit.number ?? ''}`,
      metadata: { reason: 'arrearsReminder', unitUuid: u.unit.uuid, month, level, amount: u.balance, emails },
      indexes: [u.unit.uuid],
    });
    reminded.push(u.unit.uuid);
  }
  if (reminded.length > 0)
    await publish(tx, { buildingId: scope.buildingId, collection: 'unitReminders', ids: reminded });
  return reminded.length;
}
