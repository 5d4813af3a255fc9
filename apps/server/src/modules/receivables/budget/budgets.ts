import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  budgetPreview,
  cancellationReason,
  categoryViewSchema,
  firstBilledMonth,
  fiscalMonths,
  contingencyMinimum,
  contingencyShare,
  languageOf,
  type BudgetInput,
  type BudgetMember,
  type BudgetPreview,
  type CancellationMeaning,
  type FieldIssue,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { budget, building, feeBilling, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { cancelTransaction, transactionStatuses } from '../../ledger';
import { listRecords, recordView, setMonthlyContribution } from '../../registry';

export type BudgetRow = typeof budget.$inferSelect;

export function budgetView(row: BudgetRow) {
  return {
    uuid: row.uuid,
    fiscalYear: row.fiscalYear,
    status: row.status,
    applicationDate: row.applicationDate,
    contributions: row.contributions,
    budgetedAmounts: row.budgetedAmounts,
    budgetedComments: row.budgetedComments,
    appliedAt: row.appliedAt?.toISOString() ?? null,
    appliedBy: row.appliedBy ? { name: row.appliedBy.name, email: row.appliedBy.email } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const inYear = (scope: YearScope) =>
  and(eq(budget.buildingId, scope.buildingId), eq(budget.fiscalYear, scope.fiscalYear));

/**
 * The year's budgets, each with the categories it names: owners, who may not read the chart of
 * accounts, still read which accounts receive their fees and which expenses they cover.
 */
export async function listBudgets(db: DbOrTx, scope: YearScope, appliedOnly: boolean) {
  const rows = await db.select().from(budget).where(inYear(scope)).orderBy(desc(budget.createdAt));
  // Read through the schema the route answers with: the registry keeps a record's fields untyped.
  const categories = (await listRecords(db, scope, 'categories')).map((c) => ({
    uuid: c.uuid,
    view: categoryViewSchema.parse(recordView(c)),
  }));
  return rows
    .filter((r) => !appliedOnly || r.status === 'applied')
    .map((row) => {
      const named = new Set([
        ...row.contributions.map((c) => c.category),
        ...Object.keys(row.budgetedAmounts),
      ]);
      return {
        ...budgetView(row),
        categories: categories.filter((c) => named.has(c.uuid)).map((c) => c.view),
      };
    });
}

async function lockedBudget(tx: DbOrTx, scope: YearScope, uuid: string): Promise<BudgetRow> {
  const [row] = await tx
    .select()
    .from(budget)
    .where(and(inYear(scope), eq(budget.uuid, uuid)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

/** Contributions credit revenue categories of the year; budgeted amounts are for expense categories. */
async function budgetProblems(tx: DbOrTx, scope: YearScope, input: BudgetInput): Promise<FieldIssue[]> {
  const categories = new Map((await listRecords(tx, scope, 'categories')).map((c) => [c.uuid, c]));
  const issues: FieldIssue[] = [];
  input.contributions.forEach((c, i) => {
    const category = categories.get(c.category);
    if (!category) issues.push({ path: ['contributions', i, 'category'], key: 'registry.recordMissing' });
    else if (category.data.parent !== 'revenues') {
      issues.push({ path: ['contributions', i, 'category'], key: 'budgets.revenueCategoryOnly' });
    }
  });
  for (const uuid of Object.keys(input.budgetedAmounts)) {
    if (categories.get(uuid)?.data.parent !== 'expenses') {
      issues.push({ path: ['budgetedAmounts', uuid], key: 'budgets.expenseCategoryOnly' });
    }
  }
  return issues;
}

/** Every mutation is in the activity log (DESIGN 3): drafts too, though SPEC names only apply and unapply. */
async function logDraft(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  row: BudgetRow,
  action: 'created' | 'edited',
) {
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'budgetDraftSaved',
    source,
    message: `Budget draft ${action}: ${row.contributions.length} contributions`,
    metadata: { uuid: row.uuid, fiscalYear: scope.fiscalYear, action },
    indexes: [row.uuid],
  });
}

export async function saveBudget(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  input: BudgetInput,
  uuid: string | null,
): Promise<ReturnType<typeof budgetView>> {
  await lockWritableYear(tx, scope);
  const issues = await budgetProblems(tx, scope, input);
  if (issues.length > 0) throw new AppError('validation', issues);
  if (uuid) {
    const before = await lockedBudget(tx, scope, uuid);
    // SPEC 4: once applied a budget cannot be changed.
    if (before.status !== 'draft') throw new AppError('budgetFrozen');
    const [row] = await tx
      .update(budget)
      .set({ ...input, updatedAt: new Date() })
      .where(and(inYear(scope), eq(budget.uuid, uuid)))
      .returning();
    if (!row) throw new AppError('notFound');
    await logDraft(tx, scope, source, row, 'edited');
    await publish(tx, { buildingId: scope.buildingId, collection: 'budgets', ids: [uuid] });
    return budgetView(row);
  }
  const [row] = await tx
    .insert(budget)
    .values({ ...scope, uuid: randomUUID(), ...input })
    .returning();
  if (!row) throw new Error('budget insert returned nothing');
  await logDraft(tx, scope, source, row, 'created');
  await publish(tx, { buildingId: scope.buildingId, collection: 'budgets', ids: [row.uuid] });
  return budgetView(row);
}

/** "2" before "10"; one collator, as `localeCompare` with options makes one per comparison. */
const numberOrder = new Intl.Collator(undefined, { numeric: true });

/** The year's units, parkings and lockers as budget members; a space's fee goes to the unit it belongs or is rented to. */
export async function budgetMembers(db: DbOrTx, scope: YearScope): Promise<BudgetMember[]> {
  const byNumber = (a: { number: string | null }, b: { number: string | null }) =>
    numberOrder.compare(a.number ?? '', b.number ?? '');
  const units = (await listRecords(db, scope, 'units')).filter((u) => !u.archived).sort(byNumber);
  const byUuid = new Map(units.map((u) => [u.uuid, u]));
  // Which unit each parking and locker belongs to, read once rather than per space.
  const owners = new Map<string, (typeof units)[number]>();
  for (const unit of units) {
    for (const kind of ['parkings', 'lockers'] as const) {
      for (const uuid of (unit.data[kind] as string[] | undefined) ?? []) owners.set(uuid, unit);
    }
  }
  const holder = (uuid: string, renter?: unknown) => {
    const rented = (renter as { unitUuid?: string } | undefined)?.unitUuid;
    const unit = owners.get(uuid) ?? (rented ? byUuid.get(rented) : undefined);
    return unit ? { unitUuid: unit.uuid, unitNumber: unit.number ?? '' } : null;
  };
  const members: BudgetMember[] = units.map((u) => ({
    kind: 'units',
    uuid: u.uuid,
    number: u.number ?? '',
    voteShare: Number(u.data.voteShare ?? 0),
    noMonthlyFees: u.data.noMonthlyFees === true,
    billedTo: { unitUuid: u.uuid, unitNumber: u.number ?? '' },
  }));
  for (const kind of ['parkings', 'lockers'] as const) {
    for (const space of (await listRecords(db, scope, kind)).filter((s) => !s.archived).sort(byNumber)) {
      members.push({
        kind,
        uuid: space.uuid,
        number: space.number ?? '',
        voteShare: Number(space.data.voteShare ?? 0),
        noMonthlyFees: space.data.noMonthlyFees === true,
        billedTo: holder(space.uuid, space.data.renter),
      });
    }
  }
  return members;
}

export async function previewBudget(db: DbOrTx, scope: YearScope, row: Pick<BudgetRow, 'contributions'>) {
  const preview: BudgetPreview = budgetPreview(
    row.contributions,
    await budgetMembers(db, scope),
    scope.fiscalYear,
  );
  const categories = await listRecords(db, scope, 'categories');
  const fund = categories.find((c) => c.data.systemKey === 'contingencyFundContributions')?.uuid;
  const share = contingencyShare(row.contributions, fund);
  return { ...preview, contingency: { share, underMinimum: share < contingencyMinimum } };
}

export async function getBudget(db: DbOrTx, scope: YearScope, uuid: string): Promise<BudgetRow> {
  const [row] = await db
    .select()
    .from(budget)
    .where(and(inYear(scope), eq(budget.uuid, uuid)));
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * Applying freezes the budget and stores each member's monthly contribution on the unit, parking
 * or locker (shown read-only there); the billing job then bills it from the application date on.
 */
export async function applyBudget(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  uuid: string,
  applicationDate: string,
) {
  await lockWritableYear(tx, scope);
  const before = await lockedBudget(tx, scope, uuid);
  if (before.status !== 'draft') throw new AppError('budgetFrozen');
  const preview = await previewBudget(tx, scope, before);
  const [row] = await tx
    .update(budget)
    .set({
      status: 'applied',
      applicationDate,
      appliedAt: new Date(),
      appliedBy: source,
      updatedAt: new Date(),
    })
    .where(and(inYear(scope), eq(budget.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await storeMonthlyContributions(tx, scope, preview.members);
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'budgetApplied',
    source,
    message: `Budget applied from ${applicationDate}`,
    metadata: { uuid, applicationDate, fiscalYear: scope.fiscalYear, annual: preview.totals.annual },
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'budgets', ids: [uuid] });
  return budgetView(row);
}

/** Each member's monthly contribution: its first billed month, the amount a manager reads on the record. */
async function storeMonthlyContributions(
  tx: DbOrTx,
  scope: YearScope,
  members: { kind: string; uuid: string; monthly: number[] }[],
): Promise<void> {
  const byMember = new Map(members.map((m) => [m.uuid, m]));
  for (const kind of ['units', 'parkings', 'lockers'] as const) {
    const rows = await listRecords(tx, scope, kind);
    for (const row of rows) {
      const member = byMember.get(row.uuid);
      const monthly = member ? Math.max(...member.monthly) : 0;
      if (row.data.monthlyContributions === monthly) continue;
      await setMonthlyContribution(tx, scope, row, monthly);
    }
    await publish(tx, { buildingId: scope.buildingId, collection: kind, ids: [] });
  }
}

/**
 * DOMAIN 3: unapplying cancels the fee and correction transactions the budget posted and lets the
 * previous budget bill the months to come. Logged "budget unapplied".
 */
export async function unapplyBudget(tx: DbOrTx, scope: YearScope, source: LogSource, uuid: string) {
  await lockWritableYear(tx, scope);
  const before = await lockedBudget(tx, scope, uuid);
  if (before.status !== 'applied') throw new AppError('budgetFrozen');
  const billed = await tx
    .select()
    .from(feeBilling)
    .where(and(eq(feeBilling.buildingId, scope.buildingId), eq(feeBilling.budgetUuid, uuid)));
  const statuses = await transactionStatuses(
    tx,
    scope.buildingId,
    billed.map((b) => b.transactionUuid),
  );
  const standing = [...statuses].filter(([, status]) => status !== 'cancelled').map(([uuid]) => uuid);
  if (standing.length > 0) {
    // Each reader reads the reason in their language; the stored words are the building's.
    const [settings] = await tx
      .select({ locale: building.locale })
      .from(building)
      .where(eq(building.id, scope.buildingId));
    const meaning: CancellationMeaning = { kind: 'budgetUnapplied' };
    const reason = cancellationReason(meaning, languageOf(settings?.locale));
    for (const uuid of standing) await cancelTransaction(tx, scope, source, uuid, reason, meaning);
  }
  await tx
    .delete(feeBilling)
    .where(and(eq(feeBilling.buildingId, scope.buildingId), eq(feeBilling.budgetUuid, uuid)));
  const [row] = await tx
    .update(budget)
    .set({ status: 'unapplied', updatedAt: new Date() })
    .where(and(inYear(scope), eq(budget.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  // The previous budget bills the months to come again: its amounts are back on the records.
  const [previous] = await tx
    .select()
    .from(budget)
    .where(and(inYear(scope), eq(budget.status, 'applied')))
    .orderBy(desc(budget.appliedAt))
    .limit(1);
  await storeMonthlyContributions(
    tx,
    scope,
    previous ? (await previewBudget(tx, scope, previous)).members : [],
  );
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'budgetUnapplied',
    source,
    message: `Budget unapplied (${statuses.size} transactions cancelled)`,
    metadata: { uuid, fiscalYear: scope.fiscalYear, cancelled: statuses.size },
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'budgets', ids: [uuid] });
  return budgetView(row);
}

/**
 * What applying `row` from `applicationDate` would bill retroactively (DOMAIN 3): for each month
 * since then that another budget already billed, the difference, per member.
 */
export async function retroactiveCorrections(
  db: DbOrTx,
  scope: YearScope,
  row: BudgetRow,
  applicationDate: string,
  preview: BudgetPreview,
) {
  const months = fiscalMonths(scope.fiscalYear);
  const from = firstBilledMonth(applicationDate);
  const billed = (
    await db
      .select()
      .from(feeBilling)
      .where(and(eq(feeBilling.buildingId, scope.buildingId), eq(feeBilling.kind, 'unitMonthlyFee')))
  ).filter((b) => b.budgetUuid !== row.uuid && b.month >= from && months.includes(b.month));
  const others = new Map<string, BudgetPreview>();
  const corrections = new Map<string, { uuid: string; number: string; months: string[]; amount: number }>();
  for (const fee of billed) {
    const other =
      others.get(fee.budgetUuid) ??
      (await previewBudget(db, scope, await getBudget(db, scope, fee.budgetUuid)));
    others.set(fee.budgetUuid, other);
    const index = months.indexOf(fee.month);
    const now = preview.members.find((m) => m.uuid === fee.memberUuid);
    const before = other.members.find((m) => m.uuid === fee.memberUuid);
    const entry = corrections.get(fee.memberUuid) ?? {
      uuid: fee.memberUuid,
      number: now?.number ?? before?.number ?? '',
      months: [],
      amount: 0,
    };
    entry.months.push(fee.month.slice(0, 7));
    entry.amount += (now?.monthly[index] ?? 0) - (before?.monthly[index] ?? 0);
    corrections.set(fee.memberUuid, entry);
  }
  return [...corrections.values()].filter((c) => c.amount !== 0);
}
