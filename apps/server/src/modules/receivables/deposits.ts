import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  indexablePattern,
  negateCents,
  nextDepositNumber,
  sumCents,
  type Cents,
  type DepositInput,
  type DepositItemView,
  type DepositView,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { deposit, recordedCheck, type DepositItem } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import { cancelledTransactions, postTransaction, transactionStatuses } from '../ledger';
import { findRecords } from '../registry';
import { insertChecks, lockedCheck, type CheckRow } from './checks';
import { checkProblems, lockChecks, refuseCheckProblems } from './check-rules';
import { type MoneyInContext } from './context';
import { writeLog } from '../../platform/audit';
import { ReferenceCheck, unitNumberOf, type AccountRecord } from './references';

type DepositRow = typeof deposit.$inferSelect;

export interface DepositFilters {
  bankUuid?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Whether the deposit stands: its payment is not cancelled (cancelling it is the deposit's cancel). */
export async function depositStands(db: DbOrTx, scope: YearScope, depositUuid: string): Promise<boolean> {
  const [row] = await db
    .select({ transactionUuid: deposit.transactionUuid })
    .from(deposit)
    .where(and(eq(deposit.buildingId, scope.buildingId), eq(deposit.uuid, depositUuid)));
  if (!row) return false;
  const status = (await transactionStatuses(db, scope.buildingId, [row.transactionUuid])).get(
    row.transactionUuid,
  );
  return status !== undefined && status !== 'cancelled';
}

/**
 * Deposits as the API answers them: bank name, unit numbers, which checks came back, and whether
 * the deposit was cancelled.
 */
export async function depositViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly DepositRow[],
): Promise<DepositView[]> {
  const items = rows.flatMap((r) => r.items);
  const units = new Map(
    (await findRecords(db, scope, 'units', [...new Set(items.map((i) => i.unitUuid))])).map((u) => [
      u.uuid,
      u,
    ]),
  );
  const banks = new Map(
    (await findRecords(db, scope, 'banks', [...new Set(rows.map((r) => r.bankUuid))])).map((b) => [
      b.uuid,
      b,
    ]),
  );
  const checkUuids = items.flatMap((i) => (i.checkUuid ? [i.checkUuid] : []));
  const returned = new Set(
    checkUuids.length === 0
      ? []
      : (
          await db
            .select({ uuid: recordedCheck.uuid })
            .from(recordedCheck)
            .where(
              and(
                eq(recordedCheck.buildingId, scope.buildingId),
                inArray(recordedCheck.uuid, checkUuids),
                eq(recordedCheck.status, 'returned'),
              ),
            )
        ).map((c) => c.uuid),
  );
  const cancelled = await cancelledTransactions(
    db,
    scope.buildingId,
    rows.map((r) => r.transactionUuid),
  );
  return rows.map((r) => ({
    uuid: r.uuid,
    fiscalYear: r.fiscalYear,
    number: r.number,
    description: r.description,
    date: r.date,
    bankUuid: r.bankUuid,
    bankName: String(banks.get(r.bankUuid)?.data.name ?? ''),
    total: r.total,
    transactionUuid: r.transactionUuid,
    cancelled: cancelled.has(r.transactionUuid),
    items: r.items.map((i): DepositItemView => ({
      ...i,
      unitNumber: unitNumberOf(units.get(i.unitUuid)),
      returned: i.checkUuid !== null && returned.has(i.checkUuid),
    })),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The year's deposits, newest first, in a bank and a period when asked. */
export async function listDeposits(
  db: DbOrTx,
  scope: YearScope,
  filters: DepositFilters,
): Promise<DepositView[]> {
  const rows = await db
    .select()
    .from(deposit)
    .where(
      and(
        eq(deposit.buildingId, scope.buildingId),
        eq(deposit.fiscalYear, scope.fiscalYear),
        filters.bankUuid ? eq(deposit.bankUuid, filters.bankUuid) : undefined,
        filters.from ? gte(deposit.date, filters.from) : undefined,
        filters.to ? lte(deposit.date, filters.to) : undefined,
      ),
    )
    .orderBy(desc(deposit.date), desc(deposit.createdAt));
  return depositViews(db, scope, rows);
}

export async function getDeposit(db: DbOrTx, scope: YearScope, uuid: string): Promise<DepositView> {
  const rows = await db
    .select()
    .from(deposit)
    .where(
      and(
        eq(deposit.buildingId, scope.buildingId),
        eq(deposit.fiscalYear, scope.fiscalYear),
        eq(deposit.uuid, uuid),
      ),
    );
  const [view] = await depositViews(db, scope, rows);
  if (!view) throw new AppError('notFound');
  return view;
}

/** The deposit's number: the one typed (usable as an index, not used yet), else the year's next. */
async function depositNumber(tx: DbOrTx, scope: YearScope, refs: ReferenceCheck, typed: string | undefined) {
  const numbers = (
    await tx
      .select({ number: deposit.number })
      .from(deposit)
      .where(and(eq(deposit.buildingId, scope.buildingId), eq(deposit.fiscalYear, scope.fiscalYear)))
  ).map((d) => d.number);
  if (!typed) return nextDepositNumber(numbers);
  if (!indexablePattern.test(typed)) refs.add({ path: ['number'], key: 'validation.invalidIdentifier' });
  else if (numbers.includes(typed))
    refs.add({ path: ['number'], key: 'receivables.validation.depositNumberTaken' });
  return typed;
}

/** The recorded checks the deposit takes, each checked: recorded, not twice, not before its date. */
async function recordedChecksOf(
  tx: DbOrTx,
  scope: YearScope,
  refs: ReferenceCheck,
  input: DepositInput,
): Promise<{ check: CheckRow; unit: AccountRecord }[]> {
  const taken: { check: CheckRow; unit: AccountRecord }[] = [];
  const seen = new Set<string>();
  for (const [i, uuid] of input.checkUuids.entries()) {
    const path = ['checkUuids', i];
    if (seen.has(uuid)) {
      refs.add({ path, key: 'receivables.validation.checkTwice' });
      continue;
    }
    seen.add(uuid);
    const check = await lockedCheck(tx, scope, uuid);
    if (!check) {
      refs.add({ path, key: 'receivables.validation.checkMissing' });
      continue;
    }
    if (check.status !== 'recorded') {
      refs.add({ path, key: 'receivables.validation.checkNotRecorded' });
      continue;
    }
    if (check.date > input.date) {
      refs.add({ path, key: 'receivables.validation.checkPostDated', params: { date: check.date } });
      continue;
    }
    const unit = await refs.unitOn(check.unitUuid, path, input.date);
    if (unit) taken.push({ check, unit });
  }
  return taken;
}

/**
 * DOMAIN 4: a deposit of recorded checks, new checks and cash in one bank. It posts ONE
 * `unitPayment`: the bank debited by the total, each unit credited by its check or cash (the
 * line carries the check's number). The checks become deposited; "new deposit" is logged.
 */
export async function createDeposit(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: DepositInput,
): Promise<DepositView> {
  const { scope } = ctx;
  await lockWritableYear(tx, scope);
  // Two deposits saved together must not both take the next number.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`deposits:${scope.buildingId}:${scope.fiscalYear}`}))`,
  );
  await lockChecks(tx, scope);
  const refs = new ReferenceCheck(tx, scope);
  const bank = await refs.account('banks', input.bankUuid, ['bankUuid']);
  const number = await depositNumber(tx, scope, refs, input.number?.trim() || undefined);
  const recorded = await recordedChecksOf(tx, scope, refs, input);
  const newChecks: { unit: AccountRecord; check: DepositInput['newChecks'][number] }[] = [];
  for (const [i, check] of input.newChecks.entries()) {
    const unit = await refs.unitOn(check.unitUuid, ['newChecks', i, 'unitUuid'], input.date);
    if (check.date > input.date)
      refs.add({
        path: ['newChecks', i, 'date'],
        key: 'receivables.validation.checkPostDated',
        params: { date: check.date },
      });
    else if (unit) newChecks.push({ unit, check });
  }
  const cash: { unit: AccountRecord; amount: Cents }[] = [];
  for (const [i, line] of input.cash.entries()) {
    const unit = await refs.unitOn(line.unitUuid, ['cash', i, 'unitUuid'], input.date);
    if (unit) cash.push({ unit, amount: line.amount });
  }
  refs.done();
  if (!bank) throw new AppError('notFound');
  // The new checks are the deposit's bank's: a number the unit already gave is refused.
  refuseCheckProblems(
    await checkProblems(
      tx,
      scope,
      newChecks.map(({ check }) => {
        const i = input.newChecks.indexOf(check);
        return {
          unitUuid: check.unitUuid,
          number: check.number,
          date: check.date,
          paths: { number: ['newChecks', i, 'number'], date: ['newChecks', i, 'date'] },
        };
      }),
      { bankUuid: bank.uuid },
    ),
  );

  const uuid = randomUUID();
  const stored: CheckRow[] = [];
  for (const { unit, check } of newChecks) {
    stored.push(
      ...(await insertChecks(tx, ctx, unit.uuid, [check], { status: 'deposited', depositUuid: uuid })),
    );
  }
  const aidOf = new Map(
    [...recorded.map((r) => r.unit), ...newChecks.map((n) => n.unit), ...cash.map((c) => c.unit)].map((u) => [
      u.uuid,
      u.aid,
    ]),
  );
  const items: DepositItem[] = [
    ...[...recorded.map((r) => r.check), ...stored].map((c) => ({
      kind: 'check' as const,
      unitUuid: c.unitUuid,
      checkUuid: c.uuid,
      checkNumber: c.number,
      amount: c.amount,
    })),
    ...cash.map((c) => ({
      kind: 'cash' as const,
      unitUuid: c.unit.uuid,
      checkUuid: null,
      checkNumber: null,
      amount: c.amount,
    })),
  ];
  const total = sumCents(items.map((item) => item.amount));
  const onlyKind = items.every((i) => i.kind === 'check')
    ? 'check'
    : items.every((i) => i.kind === 'cash')
      ? 'cash'
      : null;
  const transaction = await postTransaction(
    tx,
    scope,
    ctx.source,
    {
      date: input.date,
      description: input.description,
      kind: 'unitPayment',
      ...(onlyKind ? { paymentMethod: onlyKind } : {}),
      taxes: [],
      indexes: [`deposit:${number}`],
      subtransactions: [
        { aid: bank.aid, amount: total },
        ...items.map((item) => ({
          aid: aidOf.get(item.unitUuid) ?? 0,
          amount: negateCents(item.amount),
          ...(item.checkNumber ? { check: item.checkNumber } : {}),
        })),
      ],
    },
    { deposit: number, details: { depositUuid: uuid, bankUuid: bank.uuid } },
  );
  const [row] = await tx
    .insert(deposit)
    .values({
      buildingId: scope.buildingId,
      uuid,
      fiscalYear: scope.fiscalYear,
      number,
      description: input.description,
      date: input.date,
      bankUuid: bank.uuid,
      total,
      items,
      transactionUuid: transaction.uuid,
      createdBy: ctx.source,
    })
    .returning();
  if (!row) throw new Error('deposit insert returned nothing');
  const recordedUuids = recorded.map((r) => r.check.uuid);
  if (recordedUuids.length > 0) {
    await tx
      .update(recordedCheck)
      .set({ status: 'deposited', depositUuid: uuid, updatedAt: new Date() })
      .where(and(eq(recordedCheck.buildingId, scope.buildingId), inArray(recordedCheck.uuid, recordedUuids)));
  }
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'newDeposit',
    source: ctx.source,
    message: `New deposit ${number} of ${total} cents in ${String(bank.data.name ?? '')} (${items.length} items)`,
    metadata: {
      uuid,
      number,
      total,
      bankUuid: bank.uuid,
      transactionUuid: transaction.uuid,
      fiscalYear: scope.fiscalYear,
    },
    indexes: [uuid, transaction.uuid],
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'deposits', ids: [uuid] });
  await publish(tx, {
    buildingId: scope.buildingId,
    collection: 'checks',
    ids: [...recordedUuids, ...stored.map((c) => c.uuid)],
  });
  const [view] = await depositViews(tx, scope, [row]);
  if (!view) throw new AppError('notFound');
  return view;
}
