import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  budgetPreview,
  describeTransaction,
  fiscalMonths,
  languageOf,
  monthlyBillsDue,
  negateCents,
  sumCents,
  type BillDue,
  type TransactionMeaning,
} from '@copro/domain';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../../db/client';
import { budget, building, feeBilling, fiscalYear, type LogSource } from '../../../db/schema/index';
import { registerBuildingJob, scheduleBuildingJob } from '../../../platform/building-jobs';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { runInSlices, type SliceOptions } from '../../../platform/slices';
import { ledgerAccountsOfKind, postTransactions, type Posting } from '../../ledger';
import { listRecords } from '../../registry';
import { budgetMembers } from './budgets';

export const monthlyFeesJob = 'bill-monthly-fees';
const system: LogSource = { kind: 'system', id: 'queue' };

/** A fee or correction with the transaction that bills it. */
interface PlannedBill {
  bill: BillDue;
  posting: Posting;
}

/** The year's applied budgets, oldest application first. */
const appliedBudgets = (tx: DbOrTx, scope: YearScope) =>
  tx
    .select()
    .from(budget)
    .where(
      and(
        eq(budget.buildingId, scope.buildingId),
        eq(budget.fiscalYear, scope.fiscalYear),
        eq(budget.status, 'applied'),
      ),
    )
    .orderBy(asc(budget.appliedAt), asc(budget.uuid));

/** What a plan was decided from, besides what is billed: which budgets are applied, and when. */
const budgetsKey = (
  rows: readonly { uuid: string; appliedAt: Date | null; applicationDate: string | null }[],
) => rows.map((r) => `${r.uuid}:${r.appliedAt?.toISOString()}:${r.applicationDate}`).join(',');

/**
 * Every fee and correction due in the year on `today` (the rules are in the domain's
 * `monthly-bills.ts`), each with its transaction: it debits the member's unit and credits each
 * contribution's category; its description is what it means for the member (DESIGN 3), written in
 * the building's language. A member with no unit account to bill has nothing planned.
 */
async function planYear(tx: DbOrTx, scope: YearScope, today: string, locale: string) {
  const [year] = await tx
    .select()
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  const applied = (await appliedBudgets(tx, scope)).filter((b) => b.appliedAt !== null);
  const key = budgetsKey(applied);
  if (!year || year.archived || applied.length === 0) return { key, bills: [] };
  const months = fiscalMonths(scope.fiscalYear);
  // One reading of the members serves every budget's preview.
  const members = await budgetMembers(tx, scope);
  const billed = await tx
    .select({
      kind: feeBilling.kind,
      budget: feeBilling.budgetUuid,
      member: feeBilling.memberUuid,
      month: feeBilling.month,
    })
    .from(feeBilling)
    .where(
      and(
        eq(feeBilling.buildingId, scope.buildingId),
        gte(feeBilling.month, months[0] ?? scope.fiscalYear),
        lte(feeBilling.month, months[months.length - 1] ?? scope.fiscalYear),
      ),
    );
  const due = monthlyBillsDue({
    yearStart: scope.fiscalYear,
    yearEnd: year.endDate,
    today,
    budgets: applied.map((b) => ({
      uuid: b.uuid,
      appliedAt: (b.appliedAt ?? new Date()).toISOString(),
      applicationDate: b.applicationDate,
      categories: b.contributions.map((c) => c.category),
      members: budgetPreview(b.contributions, members, scope.fiscalYear).members,
    })),
    billed,
  });
  const unitAids = new Map(
    (await ledgerAccountsOfKind(tx, scope.buildingId, 'unit')).map((a) => [a.recordUuid, a.aid]),
  );
  const categoryAids = new Map((await listRecords(tx, scope, 'categories')).map((c) => [c.uuid, c.aid]));
  const language = languageOf(locale);
  const bills: PlannedBill[] = [];
  for (const bill of due) {
    const unitAid = bill.member.billedTo ? unitAids.get(bill.member.billedTo.unitUuid) : undefined;
    const credits = bill.parts.flatMap(({ category, amount }) => {
      const aid = categoryAids.get(category);
      return aid ? [{ aid, amount: negateCents(amount) }] : [];
    });
    if (!unitAid || credits.length === 0) continue;
    const { member } = bill;
    const label =
      member.kind === 'units' ? member.number : `${member.number} (${member.billedTo?.unitNumber})`;
    const meaning: TransactionMeaning =
      bill.kind === 'unitMonthlyFee'
        ? { kind: 'monthlyFee', month: bill.month.slice(0, 7), member: label }
        : { kind: 'budgetCorrection', months: bill.months, member: label };
    bills.push({
      bill,
      posting: {
        input: {
          date: bill.month,
          description: describeTransaction(meaning, language),
          kind: bill.kind,
          taxes: [],
          indexes: [],
          // A part whose category has no account leaves the transaction unbalanced: refused, not lost.
          subtransactions: [{ aid: unitAid, amount: sumCents(bill.parts.map((p) => p.amount)) }, ...credits],
        },
        extra: {
          batch: bill.budget,
          details: { budget: bill.budget, member: member.uuid, month: bill.month, billedOn: today },
          meaning,
        },
      },
    });
  }
  return { key, bills };
}

/** Whether another run billed any of these since the plan (the key of `fee_billings`). */
async function anyBilled(tx: Tx, scope: YearScope, slice: readonly PlannedBill[]): Promise<boolean> {
  if (slice.length === 0) return false;
  const rows = await rowsOf<{ budget: string; member: string; month: string; kind: string }>(
    tx,
    sql`select budget_uuid as budget, member_uuid as member, month::text as month, kind from fee_billings
      where building_id = ${scope.buildingId}
        and budget_uuid = any(${sql.param([...new Set(slice.map((p) => p.bill.budget))])}::uuid[])
        and member_uuid = any(${sql.param([...new Set(slice.map((p) => p.bill.member.uuid))])}::uuid[])
        and month = any(${sql.param([...new Set(slice.map((p) => p.bill.month))])}::date[])`,
  );
  const found = new Set(rows.map((r) => `${r.kind}:${r.budget}:${r.member}:${r.month}`));
  return slice.some(({ bill }) => found.has(`${bill.kind}:${bill.budget}:${bill.member.uuid}:${bill.month}`));
}

/**
 * Bills every 1st of the year up to `today` that no budget has billed yet, then the retroactive
 * corrections (DOMAIN 3; the rules are in the domain's `monthly-bills.ts`): planned at once, then
 * posted in slices, each slice its own database transaction with its `fee_billings` rows, so the app
 * answers while a big building is billed and a crash leaves whole slices.
 * Idempotent: an advisory lock keeps two billers of a building apart slice by slice, and a slice
 * whose plan no longer holds (another run billed some of it, a budget was applied or unapplied
 * meanwhile) is planned again; the `fee_billings` key refuses anything billed twice. So a rerun or
 * a second instance bills nothing more, and a server that was down (or stopped between slices)
 * catches up on what it missed. Answers how many fees and corrections it posted.
 */
export async function billYear(
  db: DbOrTx,
  scope: YearScope,
  today: string,
  locale: string,
  options: SliceOptions = {},
): Promise<number> {
  let planned = '';
  const posted = await runInSlices<PlannedBill>(
    db,
    {
      lock: async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fee-billing:${scope.buildingId}`}))`);
      },
      plan: async (reader) => {
        const { key, bills } = await planYear(reader, scope, today, locale);
        planned = key;
        return bills;
      },
      holds: async (tx, slice) =>
        budgetsKey(await appliedBudgets(tx, scope)) === planned && !(await anyBilled(tx, scope, slice)),
      post: async (tx, slice) => {
        const views = await postTransactions(
          tx,
          scope,
          system,
          slice.map((p) => p.posting),
        );
        // One statement whatever the slice's size: columns as arrays, not a parameter per value.
        await tx.execute(sql`insert into fee_billings (building_id, budget_uuid, member_uuid, month, kind, transaction_uuid)
          select ${scope.buildingId}, * from unnest(
            ${sql.param(slice.map((p) => p.bill.budget))}::uuid[],
            ${sql.param(slice.map((p) => p.bill.member.uuid))}::uuid[],
            ${sql.param(slice.map((p) => p.bill.month))}::date[],
            ${sql.param(slice.map((p) => p.bill.kind))}::text[],
            ${sql.param(views.map((v) => v.uuid))}::uuid[])`);
      },
    },
    options,
  );
  return posted.length;
}

/**
 * A building's open years billed as of `asOf`, each year planned and posted in slices; `onProgress`
 * hears, after each slice, how many fees of the building are posted of how many planned.
 */
export async function billBuilding(
  db: Db,
  buildingId: string,
  asOf: string,
  options: SliceOptions = {},
): Promise<number> {
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
    const before = count;
    count += await billYear(db, { buildingId, fiscalYear: y.start }, asOf, y.locale, {
      ...options,
      onProgress: (done, total) => options.onProgress?.(before + done, before + total),
    });
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
 * building that fails is retried, and its admins hear of it, while the others are billed. Whoever
 * follows the job sees its progress slice by slice.
 */
export function registerMonthlyBilling(platform: Platform): void {
  registerBuildingJob(platform, monthlyFeesJob, async (buildingId, asOf, context) => ({
    billed: await billBuilding(platform.db, buildingId, asOf, { onProgress: context.progress }),
  }));
}

/** The daily run of every building: fired by the schedule, and once at start to catch up. */
export async function scheduleMonthlyBilling(platform: Platform): Promise<void> {
  await scheduleBuildingJob(platform, monthlyFeesJob, monthlyBillingSchedule);
}
