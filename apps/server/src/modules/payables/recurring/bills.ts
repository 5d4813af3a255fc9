import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  billingDaysProblems,
  type BillingDaysInput,
  type FieldIssue,
  type Language,
  type RecurringBillInput,
  type RecurringBillView,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { recurringBill, recurringBillingDays, recurringBillPosting } from '../../../db/schema/index';
import { changesBetween, writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { findRecord } from '../../registry';
import type { PayablesContext } from '../context';
import { recordNames, type NamedCollection } from '../record-names';

/**
 * SPEC 3 "Recurring bill", SPEC 5, DOMAIN 7: a building's recurring bills and each holder's list
 * of billing days. A bill is the building's (no supplier: the bank is debited on the billing day)
 * or a supplier's (billed on the billing day, paid on the payment day); every day a holder's bills
 * use must be in its list, checked on every change of a bill or of a list.
 */

export type RecurringBillRow = typeof recurringBill.$inferSelect;
type BillingDaysAnswer = { supplierUuid: string | null; days: number[] }[];

/** The billing-days key of a holder: the supplier, or '' for the building. */
const holderOf = (supplierUuid: string | null | undefined): string => supplierUuid ?? '';

const bySupplier = (supplierUuid: string | null) =>
  supplierUuid === null ? isNull(recurringBill.supplierUuid) : eq(recurringBill.supplierUuid, supplierUuid);

/**
 * Keeps a holder's list and the bills checked against it apart: a bill saved while its day is
 * taken out of the list would break the rule neither write saw.
 */
const lockHolder = (tx: DbOrTx, buildingId: string, holder: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring-days:${buildingId}:${holder}`}))`);

async function holderDays(tx: DbOrTx, buildingId: string, holder: string): Promise<number[]> {
  const [row] = await tx
    .select({ days: recurringBillingDays.days })
    .from(recurringBillingDays)
    .where(and(eq(recurringBillingDays.buildingId, buildingId), eq(recurringBillingDays.holder, holder)));
  return row?.days ?? [];
}

/**
 * The bills as the API answers them: the names of the year (in the reader's `language`; without
 * one, as stored: a write's answer), and the last month posted.
 */
export async function billViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly RecurringBillRow[],
  language?: Language,
): Promise<RecurringBillView[]> {
  if (rows.length === 0) return [];
  const names = (collection: NamedCollection, uuids: (string | null)[]) =>
    recordNames(
      db,
      scope,
      collection,
      uuids.filter((uuid) => uuid !== null),
      language,
    );
  const suppliers = await names(
    'suppliers',
    rows.map((r) => r.supplierUuid),
  );
  const categories = await names(
    'categories',
    rows.map((r) => r.categoryUuid),
  );
  const banks = await names(
    'banks',
    rows.map((r) => r.counterpartUuid),
  );
  const lastPosted = new Map(
    (
      await db
        .select({ billUuid: recurringBillPosting.billUuid, month: max(recurringBillPosting.month) })
        .from(recurringBillPosting)
        .where(
          and(
            eq(recurringBillPosting.buildingId, scope.buildingId),
            inArray(
              recurringBillPosting.billUuid,
              rows.map((r) => r.uuid),
            ),
          ),
        )
        .groupBy(recurringBillPosting.billUuid)
    ).map((r) => [r.billUuid, r.month]),
  );
  return rows.map((r) => ({
    uuid: r.uuid,
    supplierUuid: r.supplierUuid ?? undefined,
    description: r.description,
    amount: r.amount,
    billingDay: r.billingDay,
    paymentDay: r.paymentDay ?? undefined,
    categoryUuid: r.categoryUuid,
    counterpartUuid: r.counterpartUuid,
    paymentMethod: r.paymentMethod as RecurringBillView['paymentMethod'],
    startDate: r.startDate,
    endDate: r.endDate ?? undefined,
    supplierName: r.supplierUuid ? (suppliers.get(r.supplierUuid) ?? '') : null,
    categoryName: categories.get(r.categoryUuid) ?? '',
    counterpartName: banks.get(r.counterpartUuid) ?? '',
    lastPostedMonth: lastPosted.get(r.uuid) ?? null,
    archived: r.archived,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The page's answer: the bills not archived, oldest first, named in the reader's `language`, and
 * every holder's list of days.
 */
export async function recurringBillsAnswer(
  db: DbOrTx,
  scope: YearScope,
  language: Language,
): Promise<{ bills: RecurringBillView[]; billingDays: BillingDaysAnswer }> {
  const rows = await db
    .select()
    .from(recurringBill)
    .where(and(eq(recurringBill.buildingId, scope.buildingId), eq(recurringBill.archived, false)))
    .orderBy(asc(recurringBill.createdAt), asc(recurringBill.uuid));
  const lists = await db
    .select()
    .from(recurringBillingDays)
    .where(eq(recurringBillingDays.buildingId, scope.buildingId))
    .orderBy(asc(recurringBillingDays.holder));
  return {
    bills: await billViews(db, scope, rows, language),
    billingDays: lists.map((l) => ({ supplierUuid: l.holder === '' ? null : l.holder, days: l.days })),
  };
}

/** A bill's stored fields from the form: a building's bill has no payment day (its debit is the bill). */
function storedFields(input: RecurringBillInput) {
  return {
    supplierUuid: input.supplierUuid ?? null,
    description: input.description,
    amount: input.amount,
    billingDay: input.billingDay,
    paymentDay: input.supplierUuid ? (input.paymentDay ?? null) : null,
    categoryUuid: input.categoryUuid,
    counterpartUuid: input.counterpartUuid,
    paymentMethod: input.paymentMethod,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
  };
}
type StoredFields = ReturnType<typeof storedFields>;

/**
 * Every problem of a bill at once: its records (a supplier, an expense category, a bank, in use in
 * the year), its dates, and SPEC 5's rule against its holder's list.
 */
async function billProblems(tx: DbOrTx, scope: YearScope, fields: StoredFields): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (fields.supplierUuid) {
    const supplier = await findRecord(tx, scope, 'suppliers', fields.supplierUuid);
    if (!supplier || supplier.archived) {
      issues.push({ path: ['supplierUuid'], key: 'payables.recurring.validation.supplierMissing' });
    }
    if (fields.paymentDay === null) issues.push({ path: ['paymentDay'], key: 'validation.required' });
  }
  const category = await findRecord(tx, scope, 'categories', fields.categoryUuid);
  if (!category || category.archived) {
    issues.push({ path: ['categoryUuid'], key: 'payables.recurring.validation.categoryMissing' });
  } else if (category.data.parent !== 'expenses') {
    issues.push({ path: ['categoryUuid'], key: 'payables.recurring.validation.notExpenseCategory' });
  }
  const bank = await findRecord(tx, scope, 'banks', fields.counterpartUuid);
  if (!bank || bank.archived) {
    issues.push({ path: ['counterpartUuid'], key: 'payables.recurring.validation.bankMissing' });
  }
  if (fields.endDate !== null && fields.endDate < fields.startDate) {
    issues.push({ path: ['endDate'], key: 'validation.dateTooEarly' });
  }
  const holder = holderOf(fields.supplierUuid);
  await lockHolder(tx, scope.buildingId, holder);
  const days = await holderDays(tx, scope.buildingId, holder);
  // The bill's own field, without the index the rule gives it among the holder's bills.
  for (const issue of billingDaysProblems([fields], days))
    issues.push({ ...issue, path: issue.path.slice(1) });
  return issues;
}

async function lockedBill(tx: DbOrTx, buildingId: string, uuid: string): Promise<RecurringBillRow> {
  const [row] = await tx
    .select()
    .from(recurringBill)
    .where(and(eq(recurringBill.buildingId, buildingId), eq(recurringBill.uuid, uuid)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

async function viewOf(tx: DbOrTx, scope: YearScope, row: RecurringBillRow): Promise<RecurringBillView> {
  const [view] = await billViews(tx, scope, [row]);
  if (!view) throw new Error('bill view missing');
  return view;
}

export async function createRecurringBill(
  tx: DbOrTx,
  ctx: PayablesContext,
  input: RecurringBillInput,
): Promise<RecurringBillView> {
  await lockWritableYear(tx, ctx.scope);
  const fields = storedFields(input);
  const issues = await billProblems(tx, ctx.scope, fields);
  if (issues.length > 0) throw new AppError('validation', issues);
  const [row] = await tx
    .insert(recurringBill)
    .values({ buildingId: ctx.scope.buildingId, uuid: randomUUID(), ...fields, createdBy: ctx.source })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'recurringBillCreated',
    source: ctx.source,
    message: `Recurring bill "${row.description}" created`,
    metadata: {
      uuid: row.uuid,
      description: row.description,
      amount: row.amount,
      supplierUuid: row.supplierUuid,
    },
  });
  return viewOf(tx, ctx.scope, row);
}

/** The form's fields replace the stored ones; an archived bill is no longer edited. */
export async function editRecurringBill(
  tx: DbOrTx,
  ctx: PayablesContext,
  uuid: string,
  input: RecurringBillInput,
): Promise<RecurringBillView> {
  await lockWritableYear(tx, ctx.scope);
  const before = await lockedBill(tx, ctx.scope.buildingId, uuid);
  if (before.archived) throw new AppError('notFound');
  const fields = storedFields(input);
  const issues = await billProblems(tx, ctx.scope, fields);
  if (issues.length > 0) throw new AppError('validation', issues);
  const changes = changesBetween<RecurringBillRow>(before, fields);
  const [row] = await tx
    .update(recurringBill)
    .set(fields)
    .where(and(eq(recurringBill.buildingId, ctx.scope.buildingId), eq(recurringBill.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  if (changes.length > 0) {
    await writeLog(tx, {
      buildingId: ctx.scope.buildingId,
      event: 'recurringBillEdited',
      source: ctx.source,
      message: `Recurring bill "${row.description}" edited`,
      metadata: { uuid },
      changes,
    });
  }
  return viewOf(tx, ctx.scope, row);
}

/** Archived, a bill is posted no more; its postings stay. Archiving twice changes nothing. */
export async function archiveRecurringBill(
  tx: DbOrTx,
  ctx: PayablesContext,
  uuid: string,
): Promise<RecurringBillView> {
  await lockWritableYear(tx, ctx.scope);
  const before = await lockedBill(tx, ctx.scope.buildingId, uuid);
  if (before.archived) return viewOf(tx, ctx.scope, before);
  const [row] = await tx
    .update(recurringBill)
    .set({ archived: true })
    .where(and(eq(recurringBill.buildingId, ctx.scope.buildingId), eq(recurringBill.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'recurringBillArchived',
    source: ctx.source,
    message: `Recurring bill "${row.description}" archived`,
    metadata: { uuid },
  });
  return viewOf(tx, ctx.scope, row);
}

/**
 * A holder's list of billing days, replaced: refused while a day one of its bills (not archived)
 * uses would leave it, each such day named with its bill.
 */
export async function setBillingDays(
  tx: DbOrTx,
  ctx: PayablesContext,
  input: BillingDaysInput,
): Promise<void> {
  await lockWritableYear(tx, ctx.scope);
  const { buildingId } = ctx.scope;
  const supplierUuid = input.supplierUuid ?? null;
  if (supplierUuid) {
    const supplier = await findRecord(tx, ctx.scope, 'suppliers', supplierUuid);
    if (!supplier) {
      throw new AppError('validation', [
        { path: ['supplierUuid'], key: 'payables.recurring.validation.supplierMissing' },
      ]);
    }
  }
  const holder = holderOf(supplierUuid);
  await lockHolder(tx, buildingId, holder);
  const days = [...new Set(input.days)].sort((a, b) => a - b);
  const bills = await tx
    .select()
    .from(recurringBill)
    .where(
      and(
        eq(recurringBill.buildingId, buildingId),
        eq(recurringBill.archived, false),
        bySupplier(supplierUuid),
      ),
    )
    .orderBy(asc(recurringBill.createdAt), asc(recurringBill.uuid));
  const issues = billingDaysProblems(bills, days).map((issue) => ({
    path: ['days'],
    key: 'payables.recurring.validation.dayInUse',
    params: { day: issue.params?.day ?? '', bill: bills[Number(issue.path[0])]?.description ?? '' },
  }));
  if (issues.length > 0) throw new AppError('validation', issues);
  const before = await holderDays(tx, buildingId, holder);
  if (before.join(',') === days.join(',')) return;
  await tx
    .insert(recurringBillingDays)
    .values({ buildingId, holder, days })
    .onConflictDoUpdate({
      target: [recurringBillingDays.buildingId, recurringBillingDays.holder],
      set: { days },
    });
  await writeLog(tx, {
    buildingId,
    event: 'billingDaysEdited',
    source: ctx.source,
    message: supplierUuid
      ? `Billing days of supplier ${supplierUuid} edited`
      : 'Billing days of the building edited',
    metadata: { supplierUuid },
    changes: [{ field: 'days', before, after: days }],
  });
}
