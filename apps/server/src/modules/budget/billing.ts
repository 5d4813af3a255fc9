import { and, asc, eq, sql } from 'drizzle-orm';
import { fiscalMonths, languageOf } from '@copro/domain';
import type { Db, DbOrTx } from '../../db/client';
import { budget, building, feeBilling, fiscalYear, type LogSource } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { postTransaction } from '../ledger/ledger';
import { listRecords } from '../registry/records';
import { previewBudget, type BudgetRow } from './budgets';

export const monthlyFeesJob = 'bill-monthly-fees';
const system: LogSource = { kind: 'system', id: 'queue' };

/** The first 1st on or after a date: a budget applied mid-month bills from the next month. */
export function firstBilledMonth(applicationDate: string): string {
  if (applicationDate.endsWith('-01')) return applicationDate;
  const [y = 0, m = 1] = applicationDate.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** For a month, the budget that bills it: the latest applied one that had started by then. */
const effectiveBudget = (applied: readonly BudgetRow[], month: string): BudgetRow | undefined =>
  [...applied]
    .filter((b) => b.applicationDate && firstBilledMonth(b.applicationDate) <= month)
    .sort((a, b) => (b.appliedAt?.getTime() ?? 0) - (a.appliedAt?.getTime() ?? 0))[0];

/**
 * Bills every 1st of the year up to `today` that its budget has not billed yet: one
 * `unitMonthlyFee` per member and month, debiting the member's unit and crediting each
 * contribution's category. Idempotent: an advisory lock keeps two billers of a building apart and
 * the `fee_billings` key refuses a month billed twice, so a rerun or a second instance bills
 * nothing more, and a server that was down catches up on the months it missed.
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
  const billed = new Set(
    (await tx.select().from(feeBilling).where(eq(feeBilling.buildingId, scope.buildingId)))
      .filter((b) => b.kind === 'unitMonthlyFee')
      .map((b) => `${b.memberUuid}:${b.month}`),
  );
  const units = new Map((await listRecords(tx, scope, 'units')).map((u) => [u.uuid, u]));
  const categoryAids = new Map((await listRecords(tx, scope, 'categories')).map((c) => [c.uuid, c.aid]));
  const previews = new Map<string, Awaited<ReturnType<typeof previewBudget>>>();
  const french = languageOf(locale) === 'fr';
  let count = 0;
  for (const [index, month] of months.entries()) {
    if (month > today || month > year.endDate) break;
    const effective = effectiveBudget(applied, month);
    if (!effective) continue;
    const preview = previews.get(effective.uuid) ?? (await previewBudget(tx, scope, effective));
    previews.set(effective.uuid, preview);
    for (const member of preview.members) {
      const total = member.monthly[index] ?? 0;
      const unit = member.billedTo ? units.get(member.billedTo.unitUuid) : undefined;
      if (total === 0 || !unit?.aid || billed.has(`${member.uuid}:${month}`)) continue;
      const credits = new Map<number, number>();
      for (const part of member.contributions) {
        const aid = categoryAids.get(effective.contributions[part.index]?.category ?? '');
        const cents = part.monthly[index] ?? 0;
        if (aid && cents !== 0) credits.set(aid, (credits.get(aid) ?? 0) - cents);
      }
      const label = member.kind === 'units' ? member.number : `${member.number} (${unit.number})`;
      const view = await postTransaction(
        tx,
        scope,
        system,
        {
          date: month,
          description: french
            ? `Contribution mensuelle ${month.slice(0, 7)} — ${label}`
            : `Monthly fee ${month.slice(0, 7)} — ${label}`,
          kind: 'unitMonthlyFee',
          taxes: [],
          indexes: [],
          subtransactions: [
            { aid: unit.aid, amount: total },
            ...[...credits.entries()].map(([aid, amount]) => ({ aid, amount })),
          ],
        },
        { batch: effective.uuid, details: { budget: effective.uuid, member: member.uuid, month } },
      );
      await tx.insert(feeBilling).values({
        buildingId: scope.buildingId,
        budgetUuid: effective.uuid,
        memberUuid: member.uuid,
        month,
        kind: 'unitMonthlyFee',
        transactionUuid: view.uuid,
      });
      count += 1;
    }
  }
  return count;
}

/** Every building's open years, each in its own transaction so one building's failure stops no other. */
export async function billAllBuildings(db: Db, today: string): Promise<number> {
  const years = await db
    .select({ buildingId: fiscalYear.buildingId, start: fiscalYear.startDate, locale: building.locale })
    .from(fiscalYear)
    .innerJoin(building, eq(building.id, fiscalYear.buildingId))
    .where(and(eq(fiscalYear.archived, false), eq(building.creatingFiscalYear, false)));
  let count = 0;
  for (const y of years) {
    count += await db.transaction((tx) =>
      billYear(tx, { buildingId: y.buildingId, fiscalYear: y.start }, today, y.locale),
    );
  }
  return count;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The daily run: bills what is due, then queues tomorrow's run (one per day, whatever the instances). */
export function registerMonthlyBilling(platform: Platform): void {
  platform.jobs.register(monthlyFeesJob, async () => {
    const now = new Date();
    await billAllBuildings(platform.db, isoDay(now));
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 6));
    await scheduleMonthlyBilling(platform, tomorrow);
  });
}

export async function scheduleMonthlyBilling(platform: Platform, at: Date = new Date()): Promise<void> {
  await platform.jobs.enqueue(
    platform.db,
    monthlyFeesJob,
    {},
    { runAt: at, singletonKey: `${monthlyFeesJob}:${isoDay(at)}` },
  );
}
