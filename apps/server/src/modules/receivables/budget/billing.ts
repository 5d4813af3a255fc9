import { and, asc, eq, sql } from 'drizzle-orm';
import {
  cents,
  describeTransaction,
  firstBilledMonth,
  fiscalMonths,
  languageOf,
  negateCents,
  sumCents,
  type Cents,
  type TransactionMeaning,
} from '@copro/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { budget, building, feeBilling, fiscalYear, type LogSource } from '../../../db/schema/index';
import { registerBuildingJob, scheduleBuildingJob } from '../../../platform/building-jobs';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { postTransaction } from '../../ledger';
import { listRecords } from '../../registry';
import { previewBudget, type BudgetRow } from './budgets';

export const monthlyFeesJob = 'bill-monthly-fees';
const system: LogSource = { kind: 'system', id: 'queue' };

/** For a month, the budget that bills it: the latest applied one that had started by then. */
const effectiveBudget = (applied: readonly BudgetRow[], month: string): BudgetRow | undefined =>
  [...applied]
    .filter((b) => b.applicationDate && firstBilledMonth(b.applicationDate) <= month)
    .sort((a, b) => (b.appliedAt?.getTime() ?? 0) - (a.appliedAt?.getTime() ?? 0))[0];

type Preview = Awaited<ReturnType<typeof previewBudget>>;
type MemberRow = Preview['members'][number];

/** A member's part of a month, by receiving category (category uuid → cents). */
function partsByCategory(b: BudgetRow, member: MemberRow | undefined, index: number): Map<string, Cents> {
  const parts = new Map<string, Cents>();
  for (const part of member?.contributions ?? []) {
    const category = b.contributions[part.index]?.category ?? '';
    parts.set(category, cents((parts.get(category) ?? 0) + (part.monthly[index] ?? 0)));
  }
  return parts;
}

/** The day after a timestamp, as a date: a budget applied on a 1st corrects on the next one. */
const dayAfter = (at: Date): string => new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);

/**
 * Bills every 1st of the year up to `today` that no budget has billed yet: one `unitMonthlyFee`
 * per member and month, debiting the member's unit and crediting each contribution's category.
 * Then the retroactive corrections (DOMAIN 3): for the months an earlier budget billed after a
 * later one's application date, the difference is billed on the first 1st after the later budget
 * was applied, as one `budgetCorrection` per member naming the months it covers.
 * Idempotent: an advisory lock keeps two billers of a building apart and the `fee_billings` key
 * refuses anything billed twice, so a rerun or a second instance bills nothing more, and a server
 * that was down catches up on the months it missed.
 */
export async function billYear(tx: DbOrTx, scope: YearScope, today: string, locale: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fee-billing:${scope.buildingId}`}))`);
  const [year] = await tx
    .select()
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (!year || year.archived) return 0;
  const applied = await tx
    .select()
    .from(budget)
    .where(
      and(
        eq(budget.buildingId, scope.buildingId),
        eq(budget.fiscalYear, scope.fiscalYear),
        eq(budget.status, 'applied'),
      ),
    )
    .orderBy(asc(budget.appliedAt));
  if (applied.length === 0) return 0;
  const months = fiscalMonths(scope.fiscalYear);
  const rows = await tx.select().from(feeBilling).where(eq(feeBilling.buildingId, scope.buildingId));
  const billedBy = new Map(
    rows.filter((r) => r.kind === 'unitMonthlyFee').map((r) => [`${r.memberUuid}:${r.month}`, r.budgetUuid]),
  );
  const corrected = new Set(
    rows
      .filter((r) => r.kind === 'budgetCorrection')
      .map((r) => `${r.budgetUuid}:${r.memberUuid}:${r.month}`),
  );
  const units = new Map((await listRecords(tx, scope, 'units')).map((u) => [u.uuid, u]));
  const categoryAids = new Map((await listRecords(tx, scope, 'categories')).map((c) => [c.uuid, c.aid]));
  const previews = new Map<string, Preview>();
  const previewOf = async (b: BudgetRow): Promise<Preview> => {
    const known = previews.get(b.uuid) ?? (await previewBudget(tx, scope, b));
    previews.set(b.uuid, known);
    return known;
  };
  const language = languageOf(locale);
  let count = 0;

  /**
   * Posts one member's fee or correction and records it under its key. Its description is stored
   * as what it means for the member (DESIGN 3), and written in the building's language.
   */
  const bill = async (
    b: BudgetRow,
    member: { uuid: string; kind: string; number: string; billedTo: MemberRow['billedTo'] },
    month: string,
    kind: 'unitMonthlyFee' | 'budgetCorrection',
    parts: Map<string, Cents>,
    meaningFor: (member: string) => TransactionMeaning,
  ) => {
    const unit = member.billedTo ? units.get(member.billedTo.unitUuid) : undefined;
    const total = sumCents(parts.values());
    const credits = [...parts.entries()].flatMap(([category, part]) => {
      const aid = categoryAids.get(category);
      return aid && part !== 0 ? [{ aid, amount: negateCents(part) }] : [];
    });
    if (!unit?.aid || credits.length === 0) return;
    const label = member.kind === 'units' ? member.number : `${member.number} (${unit.number})`;
    const meaning = meaningFor(label);
    const view = await postTransaction(
      tx,
      scope,
      system,
      {
        date: month,
        description: describeTransaction(meaning, language),
        kind,
        taxes: [],
        indexes: [],
        subtransactions: [{ aid: unit.aid, amount: total }, ...credits],
      },
      { batch: b.uuid, details: { budget: b.uuid, member: member.uuid, month, billedOn: today }, meaning },
    );
    await tx.insert(feeBilling).values({
      buildingId: scope.buildingId,
      budgetUuid: b.uuid,
      memberUuid: member.uuid,
      month,
      kind,
      transactionUuid: view.uuid,
    });
    count += 1;
  };

  for (const [index, month] of months.entries()) {
    if (month > today || month > year.endDate) break;
    const effective = effectiveBudget(applied, month);
    if (!effective) continue;
    for (const member of (await previewOf(effective)).members) {
      if (billedBy.has(`${member.uuid}:${month}`) || (member.monthly[index] ?? 0) === 0) continue;
      await bill(
        effective,
        member,
        month,
        'unitMonthlyFee',
        partsByCategory(effective, member, index),
        (label) => ({ kind: 'monthlyFee', month: month.slice(0, 7), member: label }),
      );
      billedBy.set(`${member.uuid}:${month}`, effective.uuid);
    }
  }

  for (const later of applied) {
    const on = firstBilledMonth(dayAfter(later.appliedAt ?? new Date()));
    if (on > today || on > year.endDate || !later.applicationDate) continue;
    const laterPreview = await previewOf(later);
    const members = new Map<
      string,
      { uuid: string; kind: string; number: string; billedTo: MemberRow['billedTo'] }
    >();
    const parts = new Map<string, Map<string, Cents>>();
    const covered = new Map<string, string[]>();
    for (const [index, month] of months.entries()) {
      if (month < firstBilledMonth(later.applicationDate) || month >= on) continue;
      if (effectiveBudget(applied, month)?.uuid !== later.uuid) continue;
      for (const earlier of applied) {
        if (earlier.uuid === later.uuid) continue;
        const earlierPreview = await previewOf(earlier);
        const both = new Map([...earlierPreview.members, ...laterPreview.members].map((m) => [m.uuid, m]));
        for (const member of both.values()) {
          if (billedBy.get(`${member.uuid}:${month}`) !== earlier.uuid) continue;
          if (corrected.has(`${later.uuid}:${member.uuid}:${on}`)) continue;
          const now = partsByCategory(
            later,
            laterPreview.members.find((m) => m.uuid === member.uuid),
            index,
          );
          const before = partsByCategory(
            earlier,
            earlierPreview.members.find((m) => m.uuid === member.uuid),
            index,
          );
          const diff = parts.get(member.uuid) ?? new Map<string, Cents>();
          for (const category of new Set([...now.keys(), ...before.keys()])) {
            diff.set(
              category,
              cents((diff.get(category) ?? 0) + (now.get(category) ?? 0) - (before.get(category) ?? 0)),
            );
          }
          parts.set(member.uuid, diff);
          members.set(member.uuid, member);
          covered.set(member.uuid, [...new Set([...(covered.get(member.uuid) ?? []), month.slice(0, 7)])]);
        }
      }
    }
    for (const [uuid, diff] of parts) {
      const member = members.get(uuid);
      if (!member) continue;
      const months = covered.get(uuid) ?? [];
      await bill(later, member, on, 'budgetCorrection', diff, (label) => ({
        kind: 'budgetCorrection',
        months,
        member: label,
      }));
    }
  }
  return count;
}

/** A building's open years billed as of `asOf`, each year in its own transaction. */
export async function billBuilding(db: Db, buildingId: string, asOf: string): Promise<number> {
  const years = await db
    .select({ start: fiscalYear.startDate, locale: building.locale })
    .from(fiscalYear)
    .innerJoin(building, eq(building.id, fiscalYear.buildingId))
    .where(
      and(
        eq(fiscalYear.buildingId, buildingId),
        eq(fiscalYear.archived, false),
        eq(building.creatingFiscalYear, false),
      ),
    )
    .orderBy(asc(fiscalYear.startDate));
  let count = 0;
  for (const y of years) {
    count += await db.transaction((tx) => billYear(tx, { buildingId, fiscalYear: y.start }, asOf, y.locale));
  }
  return count;
}

/**
 * Every building billed as of `today`, each on its own: one that fails stops no other, and the
 * failures are thrown together once every building has run. The daily run bills each building as
 * a job of its own (registerMonthlyBilling).
 */
export async function billAllBuildings(db: Db, today: string): Promise<number> {
  const buildings = await db.select({ id: building.id }).from(building).orderBy(building.id);
  let count = 0;
  const failures: unknown[] = [];
  for (const b of buildings) {
    try {
      count += await billBuilding(db, b.id, today);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `billing failed for ${failures.length} building(s)`);
  }
  return count;
}

/** When the daily run fires (UTC); each building is billed as of its own date. */
export const monthlyBillingSchedule = '0 6 * * *';

/**
 * One job per building and day bills what is due (applying a budget queues a run at once); a
 * building that fails is retried, and its admins hear of it, while the others are billed.
 */
export function registerMonthlyBilling(platform: Platform): void {
  registerBuildingJob(platform, monthlyFeesJob, async (buildingId, asOf) => ({
    billed: await billBuilding(platform.db, buildingId, asOf),
  }));
}

/** The daily run of every building: fired by the schedule, and once at start to catch up. */
export async function scheduleMonthlyBilling(platform: Platform): Promise<void> {
  await scheduleBuildingJob(platform, monthlyFeesJob, monthlyBillingSchedule);
}
